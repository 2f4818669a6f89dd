import type { OrderDetail, OrderLeg } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../orders/components/status-badge';
import { checkInStateKey, checkInStateTone } from '../labels';

type Ticket = NonNullable<OrderDetail['passengers'][number]['ticket']>;

/**
 * Beside a ticket on ticket detail (issue 15): each leg the passenger checked in for, flew or
 * missed ("Checked in", "Flown", "No-show"), from the order's own coupons. Nothing before check-in.
 */
export function CouponCheckIns({
  ticket,
  legs,
  testId,
}: {
  ticket: Ticket;
  legs: OrderLeg[];
  testId: string;
}) {
  const { t } = useTranslation();
  const shown = ticket.coupons.filter((c) => c.checkIn && c.checkIn !== 'not_checked_in');
  if (shown.length === 0) return null;
  return (
    <span className="ci-coupon-states" data-testid={testId}>
      {shown.map((c) => {
        const leg = legs.find((l) => l.seq === c.legSeq);
        const state = c.checkIn ?? 'not_checked_in';
        return (
          <StatusBadge key={c.legSeq} tone={checkInStateTone(state)} testId={`${testId}-${c.legSeq}`}>
            {legs.length > 1 && leg ? `${leg.depCode}-${leg.arrCode} ` : ''}
            {t(checkInStateKey(state))}
          </StatusBadge>
        );
      })}
    </span>
  );
}
