import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useFlightTimeCheck } from '../../../features/refunds/api/check-flight-time';
import { RefundGate } from '../../../features/refunds/components/refund-gate';
import { useRefundSession } from '../../../features/refunds/refund-session';
import { useRefundOrder } from '../../../features/refunds/use-refund-order';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';

/** The notice a traveller reads before choosing passengers (after-sales §5, §9). */
const NOTICE_KEYS = [
  'refunds.notice.cutoff',
  'refunds.notice.fees',
  'refunds.notice.taxes',
  'refunds.notice.minors',
  'refunds.notice.audit',
  'refunds.notice.money',
] as const;

/**
 * request-no-tips (after-sales §2, §5): the order-level check (flightTimeCheck). Refused: the
 * block's message with customer service's phone, and the way back to the order. Allowed: what
 * an online refund keeps and when the money comes back, then on to the passengers.
 */
export default function RequestNoTipsPage() {
  const { t, i18n } = useTranslation();
  const nav = useAppNavigate();
  const { orderNo, canAsk } = useRefundOrder();
  const check = useFlightTimeCheck(orderNo, i18n.language, canAsk);
  const begin = useRefundSession((s) => s.begin);
  const backToOrder = orderHref(paths.ticketDetail, orderNo);
  return (
    <div className="order-page" data-testid="request-no-tips">
      <NavBar title={t('refunds.title')} back={backToOrder} />
      <RefundGate canAsk={canAsk} orderNo={orderNo} read={check}>
        {(answer) =>
          answer.refundable ? (
            <div className="page-body">
              <section className="card" data-testid="refund-notice">
                <h2 className="card-title">{t('refunds.notice.title')}</h2>
                <ol className="refund-notice small">
                  {NOTICE_KEYS.map((key) => (
                    <li key={key}>{t(key)}</li>
                  ))}
                </ol>
              </section>
              <div className="refund-actions">
                <Button
                  block
                  color="primary"
                  size="large"
                  data-testid="refund-start"
                  onClick={() => {
                    begin(orderNo);
                    nav.push(orderHref(paths.requestRefundPassenger, orderNo));
                  }}
                >
                  {t('refunds.notice.continue')}
                </Button>
              </div>
            </div>
          ) : (
            <StateView
              tone="error"
              testId="refund-blocked"
              title={t('refunds.blocked_title')}
              description={
                <>
                  <p data-testid="refund-block-message">
                    {answer.block?.message ?? t('refunds.blocked_title')}
                  </p>
                  {answer.servicePhone ? (
                    <a
                      className="refund-phone"
                      href={`tel:${answer.servicePhone.replace(/\s+/g, '')}`}
                      data-testid="refund-call"
                    >
                      {t('refunds.call', { phone: answer.servicePhone })}
                    </a>
                  ) : null}
                </>
              }
              action={
                <Button
                  color="primary"
                  fill="outline"
                  data-testid="refund-back"
                  onClick={() => nav.back(backToOrder)}
                >
                  {t('refunds.back_to_order')}
                </Button>
              }
            />
          )
        }
      </RefundGate>
    </div>
  );
}
