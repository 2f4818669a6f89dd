import type { ChangeOrderStatus } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../orders/components/status-badge';

/**
 * The badge colour of a change order's state (after-sales §4 "processing, then success"):
 * waiting (a quote held, or confirmed and waiting for its payment), done, or lapsed.
 */
export function rescheduledStatusTone(status: ChangeOrderStatus): 'wait' | 'ok' | 'off' {
  if (status === 'succeeded') return 'ok';
  if (status === 'expired' || status === 'canceled') return 'off';
  return 'wait';
}

/** A change order's state as the traveller reads it. */
export function RescheduledStatus({ status, testId }: { status: ChangeOrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={rescheduledStatusTone(status)} testId={testId}>
      {t(`rescheduled.status.${status}`)}
    </StatusBadge>
  );
}

/** Whether a confirmed change may still be paid: unpaid, before its payment deadline. */
export function mayPayChange(
  change: { status: ChangeOrderStatus; payDeadline: string | null },
  now = Date.now(),
): boolean {
  return change.status === 'unpaid' && (change.payDeadline === null || Date.parse(change.payDeadline) > now);
}
