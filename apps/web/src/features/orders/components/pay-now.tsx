import type { Money } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/format';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';

/**
 * An unpaid order's deadline countdown and its Pay button, which opens pay-select: the same on
 * the review page once the order is placed and on ticket detail.
 */
export function PayNow(props: {
  orderNo: string;
  amount: Money;
  countdown: string;
  countdownTestId: string;
  buttonTestId: string;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <>
      <div className="order-countdown-box">
        <span>{t('booking.pay_within')}</span>
        <span className="order-countdown" data-testid={props.countdownTestId} aria-live="off">
          {props.countdown}
        </span>
      </div>
      <Button
        block
        color="primary"
        size="large"
        className="booking-continue"
        data-testid={props.buttonTestId}
        onClick={() => nav.push(orderHref(paths.paySelect, props.orderNo))}
      >
        {t('order.pay_now', { amount: money(props.amount) })}
      </Button>
    </>
  );
}
