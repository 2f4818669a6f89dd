import type { SavedOrder } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { PayNow } from '../../../features/orders/components/pay-now';
import { formatCountdown, useNow } from '../../../features/orders/countdown';
import { money } from '../../../lib/format';

/**
 * The unpaid order: its number, PNR, amount due, a live countdown to the pay deadline and
 * Pay now, which opens pay-select.
 */
export function OrderPlaced({ order }: { order: SavedOrder }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const reset = useBookingStore((s) => s.reset);
  const now = useNow();
  const remaining = Date.parse(order.payDeadline) - now;
  const expired = remaining <= 0;

  return (
    <section className="card order-placed" data-testid="order-placed">
      <h2 className="card-title">{t('booking.order_title')}</h2>
      <div className="info-row">
        <span className="info-row-label">{t('booking.order_no')}</span>
        <strong data-testid="order-no">{order.orderNo}</strong>
      </div>
      <div className="info-row">
        <span className="info-row-label">{t('booking.order_pnr')}</span>
        <strong data-testid="order-pnr" className="order-pnr">
          {order.pnr}
        </strong>
      </div>
      <div className="info-row">
        <span className="info-row-label">{t('booking.order_amount')}</span>
        <strong className="price" data-testid="order-amount">
          {money(order.amountDue)}
        </strong>
      </div>
      {expired ? (
        <div
          className="booking-alert booking-alert-error order-expired"
          data-testid="order-expired"
          role="alert"
        >
          <p>{t('booking.order_expired')}</p>
          <Button
            color="primary"
            data-testid="book-again"
            onClick={() => {
              reset();
              nav.replace(paths.book);
            }}
          >
            {t('booking.book_again')}
          </Button>
        </div>
      ) : (
        <PayNow
          orderNo={order.orderNo}
          amount={order.amountDue}
          countdown={formatCountdown(remaining)}
          countdownTestId="order-countdown"
          buttonTestId="order-pay-now"
        />
      )}
    </section>
  );
}
