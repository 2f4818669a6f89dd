import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../orders/countdown';

/** A quote's time left: its seats and price hold until `expiresAt`. */
export function QuoteCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const countdown = useCountdown(expiresAt);
  return (
    <div className="order-countdown-box" data-testid="change-countdown-box">
      <span>{t('changes.holds_for')}</span>
      <span className="order-countdown" data-testid="change-countdown" aria-live="off">
        {countdown.text}
      </span>
    </div>
  );
}
