import type { LanguageTag } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { useRefundDetail } from '../../../features/refunds/api/get-refund-detail';
import { RefundGate } from '../../../features/refunds/components/refund-gate';
import { NextStep } from '../../../features/refunds/components/refund-timeline';
import { refundStateKey, refundStateTone } from '../../../features/refunds/labels';
import { useRefundOrder } from '../../../features/refunds/use-refund-order';
import { money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';

/**
 * request-refund-result (after-sales §2, §4): the request was submitted. Its refund order number,
 * its status, what comes back, the next step of its timeline and when it is expected; then the
 * refund's own page or back to the order.
 */
export default function RequestRefundResultPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const [params] = useSearchParams();
  const refundNo = (params.get('refundNo') ?? '').trim().toUpperCase();
  const { orderNo, loggedIn } = useRefundOrder();
  const detail = useRefundDetail(refundNo, orderNo);
  const toOrder = orderHref(paths.ticketDetail, orderNo);
  return (
    <div className="order-page" data-testid="request-refund-result">
      <NavBar title={t('refunds.result_title')} back={toOrder} />
      <RefundGate canAsk={refundNo !== ''} orderNo={orderNo} read={detail}>
        {(r) => (
          <div className="page-body">
            <section className="card refund-result-head" data-testid="refund-result">
              <StatusBadge tone={refundStateTone(r.status)} testId="refund-status">
                {t(refundStateKey(r.status, r.refundStatus))}
              </StatusBadge>
              <h2>{t(r.status === 'auditing' ? 'refunds.result_submitted' : 'refunds.result_approved')}</h2>
              <p className="muted small">{t('refunds.refund_no')}</p>
              <strong className="refund-no" data-testid="refund-no">
                {r.refundNo}
              </strong>
              <p>
                {t('refunds.actual')}{' '}
                <strong className="price" data-testid="refund-actual">
                  {money(r.actual)}
                </strong>
              </p>
              <NextStep next={r.next} lang={lang} testId="refund-next" />
            </section>
            <div className="refund-actions">
              <Button
                block
                color="primary"
                size="large"
                data-testid="refund-view"
                onClick={() =>
                  nav.replace(orderHref(paths.refundOrderDetail, r.orderNo, { refundNo: r.refundNo }))
                }
              >
                {t('refunds.view_refund')}
              </Button>
              {loggedIn ? (
                <Button
                  block
                  fill="outline"
                  data-testid="refund-records"
                  onClick={() => nav.push(paths.refundOrderList)}
                >
                  {t('refunds.records')}
                </Button>
              ) : null}
              <Button block fill="none" data-testid="refund-to-order" onClick={() => nav.replace(toOrder)}>
                {t('refunds.back_to_order')}
              </Button>
            </div>
          </div>
        )}
      </RefundGate>
    </div>
  );
}
