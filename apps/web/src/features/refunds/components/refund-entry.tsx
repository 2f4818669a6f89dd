import { type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';
import { useSessionStore } from '../../account/session-store';
import '../refunds.css';

/**
 * Whether ticket detail offers a refund (after-sales §2, §6): the order is paid and every
 * passenger holds a ticket, and the reader may manage it (its owner, a member who linked it, or a
 * guest who proved it with the order number and a document number: `mayManage`). Which passengers may be refunded
 * is the next pages' to say, with the server's reasons.
 */
export function mayOfferRefund(order: OrderDetail): boolean {
  return (
    order.status === OrderPayStatus.paid &&
    order.mayManage &&
    order.passengers.length > 0 &&
    order.passengers.every((p) => p.ticket !== null)
  );
}

/** Ticket detail's refund card: request a refund, and (signed in) the refund records. */
export function RefundEntry({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  if (!mayOfferRefund(order)) return null;
  return (
    <section className="card" data-testid="refund-entry">
      <h2 className="card-title">{t('refunds.entry_title')}</h2>
      <p className="muted small">{t('refunds.entry_desc')}</p>
      <button
        type="button"
        className="refund-link"
        data-testid="refund-entry-start"
        onClick={() => nav.push(orderHref(paths.requestNoTips, order.orderNo))}
      >
        <span>{t('refunds.entry_button')}</span>
        <span aria-hidden="true">›</span>
      </button>
      {loggedIn ? (
        <button
          type="button"
          className="refund-link"
          data-testid="refund-entry-records"
          onClick={() => nav.push(paths.refundOrderList)}
        >
          <span>{t('refunds.records')}</span>
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
    </section>
  );
}
