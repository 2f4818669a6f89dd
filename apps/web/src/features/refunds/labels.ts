import type { RefundOrderStatus, RefundStep } from '@wings/contracts';

/**
 * What a refund order's state is called for the traveller (after-sales §3-§4): before approval
 * its status says it (under review, rejected, ...); once approved, the refund status (spec: 10
 * refunding ticket, 11 refunding money, 12 success) says how far the money is.
 */
export function refundStateKey(status: RefundOrderStatus, refundStatus: number | null): string {
  if (status === 'refunding') {
    if (refundStatus === 11) return 'refunds.state.refunding_money';
    if (refundStatus === 12) return 'refunds.state.refunded';
    return 'refunds.state.refunding_ticket';
  }
  return `refunds.state.${status}`;
}

/** The badge colour of a refund's state: waiting, done, finished without money, refused. */
export function refundStateTone(status: RefundOrderStatus): 'wait' | 'ok' | 'off' | 'bad' {
  if (status === 'refunded') return 'ok';
  if (status === 'rejected') return 'bad';
  if (status === 'expired' || status === 'draft') return 'off';
  return 'wait';
}

/** A timeline step's name. */
export const refundStepKey = (step: RefundStep) => `refunds.step.${step}`;
