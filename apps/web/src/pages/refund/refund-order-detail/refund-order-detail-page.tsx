import type { LanguageTag, RefundOrderView } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { useRefundDetail } from '../../../features/refunds/api/get-refund-detail';
import { RefundAmounts } from '../../../features/refunds/components/refund-amounts';
import { RefundGate } from '../../../features/refunds/components/refund-gate';
import { RefundTimeline } from '../../../features/refunds/components/refund-timeline';
import { refundStateKey, refundStateTone } from '../../../features/refunds/labels';
import { useRefundOrder } from '../../../features/refunds/use-refund-order';
import { formatInstant } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';

function Detail({ r, lang }: { r: RefundOrderView; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <div className="page-body">
      <section className="card order-head" data-testid="refund-head">
        <div className="order-head-top">
          <StatusBadge tone={refundStateTone(r.status)} testId="refund-status">
            {t(refundStateKey(r.status, r.refundStatus))}
          </StatusBadge>
          <span className="muted small">
            {t('refunds.applied_on', { date: formatInstant(r.createdAt, lang) })}
          </span>
        </div>
        <div className="order-ids">
          <div>
            <span className="muted small">{t('refunds.refund_no')}</span>
            <strong data-testid="refund-no">{r.refundNo}</strong>
          </div>
          <div>
            <span className="muted small">{t('refunds.order_no')}</span>
            <button
              type="button"
              className="order-link-btn"
              data-testid="refund-order-link"
              onClick={() => nav.push(orderHref(paths.ticketDetail, r.orderNo))}
            >
              {r.orderNo}
            </button>
          </div>
        </div>
        {r.status === 'rejected' ? (
          <div className="booking-alert booking-alert-error" role="status" data-testid="refund-rejected">
            <p>{t('refunds.rejected_because', { reason: r.rejectReason ?? '-' })}</p>
          </div>
        ) : null}
        {r.status === 'expired' ? (
          <p className="muted small" data-testid="refund-expired">
            {t('refunds.expired_desc')}
          </p>
        ) : null}
      </section>

      <section className="card" data-testid="refund-detail-amounts">
        <h2 className="card-title">{t('refunds.amounts')}</h2>
        <RefundAmounts shouldRefund={r.shouldRefund} handlingFee={r.handlingFee} actual={r.actual} />
        {r.upgradeApplied ? <p className="refund-note muted">{t('refunds.upgrade_applied')}</p> : null}
        <button
          type="button"
          className="refund-link"
          data-testid="refund-amount-detail-link"
          onClick={() => nav.push(orderHref(paths.refundAmountDetail, r.orderNo, { refundNo: r.refundNo }))}
        >
          <span>{t('refunds.amount_detail')}</span>
          <span aria-hidden="true">›</span>
        </button>
      </section>

      <section className="card" data-testid="refund-detail-passengers">
        <h2 className="card-title">{t('refunds.passengers')}</h2>
        {r.passengers.map((p) => (
          <div key={p.seq} className="info-row">
            <span>{p.name}</span>
            <span className="info-row-value muted small">
              {p.ticketNo ? t('refunds.ticket_no', { ticketNo: p.ticketNo }) : t('refunds.no_ticket')}
            </span>
          </div>
        ))}
      </section>

      <section className="card" data-testid="refund-detail-reason">
        <div className="info-row">
          <span className="info-row-label">{t('refunds.reason')}</span>
          <span className="info-row-value">
            {t(`refunds.kind.${r.reasonKind}`)} · {r.reasonText}
          </span>
        </div>
        {r.remark ? (
          <div className="info-row">
            <span className="info-row-label">{t('refunds.remark_label')}</span>
            <span className="info-row-value">{r.remark}</span>
          </div>
        ) : null}
      </section>

      <section className="card" data-testid="refund-detail-timeline">
        <h2 className="card-title">{t('refunds.timeline.title')}</h2>
        <RefundTimeline steps={r.timeline} next={r.next} lang={lang} />
      </section>
    </div>
  );
}

/**
 * refund-order-detail (after-sales §2-§4): one refund order: its number and state, the amounts,
 * passengers and reason, and the timeline (each step done with its date, the next with the date
 * it is promised by); a rejected refund says the staff's reason.
 */
export default function RefundOrderDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const refundNo = (params.get('refundNo') ?? '').trim().toUpperCase();
  const { orderNo, loggedIn } = useRefundOrder();
  const detail = useRefundDetail(refundNo, orderNo);
  return (
    <div className="order-page" data-testid="refund-order-detail">
      <NavBar
        title={t('refunds.detail_title')}
        back={loggedIn ? paths.refundOrderList : orderHref(paths.ticketDetail, orderNo)}
      />
      <RefundGate canAsk={refundNo !== ''} orderNo={orderNo} read={detail}>
        {(r) => <Detail r={r} lang={lang} />}
      </RefundGate>
    </div>
  );
}
