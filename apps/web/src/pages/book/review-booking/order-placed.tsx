import type { SavedOrder } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { useBookingStore } from '../../../features/booking/booking-store';
import { money } from '../../../lib/format';

/** Remaining time as `mm:ss` (minutes keep counting past 59); `00:00` once over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const mm = Math.floor(total / 60);
  const ss = total % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/** The current time, ticking every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The unpaid order: its number, PNR, amount due and a live countdown to the pay deadline.
 * Payment is the next issue: a note says so instead of a button that would do nothing.
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
        <div className="order-countdown-box">
          <span>{t('booking.pay_within')}</span>
          <span className="order-countdown" data-testid="order-countdown" aria-live="off">
            {formatCountdown(remaining)}
          </span>
        </div>
      )}
      <p className="booking-alert payment-note" data-testid="payment-note">
        {t('booking.payment_next_release')}
      </p>
    </section>
  );
}
