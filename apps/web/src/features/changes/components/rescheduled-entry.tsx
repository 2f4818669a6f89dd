import { type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';
import { useSessionStore } from '../../account/session-store';
import '../records.css';

/**
 * Whether ticket detail offers a change of date (after-sales §2, §5, §6): the order is paid and
 * every passenger holds a ticket, and the reader may manage it (`mayManage`: its owner, a member
 * who linked it, or a guest who proved it with a document number). Whether a leg may move is
 * change-date-form's to say, with the server's reasons (4 hours, used, infant, China route...).
 */
export function mayOfferChange(order: OrderDetail): boolean {
  return (
    order.status === OrderPayStatus.paid &&
    order.mayManage &&
    order.passengers.length > 0 &&
    order.passengers.every((p) => p.ticket !== null)
  );
}

/**
 * Ticket detail's change card, beside the refund card: change the date, and (signed in: the
 * records page is a member's) this order's change records.
 */
export function RescheduledEntry({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  if (!mayOfferChange(order)) return null;
  return (
    <section className="card" data-testid="change-entry">
      <h2 className="card-title">{t('rescheduled.entry_title')}</h2>
      <p className="muted small">{t('rescheduled.entry_desc')}</p>
      <button
        type="button"
        className="rs-link"
        data-testid="change-entry-start"
        onClick={() => nav.push(orderHref(paths.changeDateForm, order.orderNo))}
      >
        <span>{t('rescheduled.entry_button')}</span>
        <span aria-hidden="true">›</span>
      </button>
      {loggedIn ? (
        <button
          type="button"
          className="rs-link"
          data-testid="change-entry-records"
          onClick={() => nav.push(orderHref(paths.rescheduledRecord, order.orderNo))}
        >
          <span>{t('rescheduled.records')}</span>
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
    </section>
  );
}
