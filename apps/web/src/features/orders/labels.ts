import { CheckInStatus, OrderPayStatus, TicketStatus } from '@wings/contracts';

/**
 * Label keys of the stored codes a traveller sees (after-sales-and-loyalty.md §3): order pay
 * status, ticket status and coupon usage. An unknown code falls back to a neutral label.
 */
const ORDER_STATUSES: number[] = Object.values(OrderPayStatus);
const TICKET_STATUSES: number[] = Object.values(TicketStatus);
const COUPON_USAGES: number[] = Object.values(CheckInStatus);

export function orderStatusKey(status: number): string {
  return ORDER_STATUSES.includes(status) ? `order_status.${status}` : 'order_status.unknown';
}

export function ticketStatusKey(status: number): string {
  return TICKET_STATUSES.includes(status) ? `ticket_status.${status}` : 'order_status.unknown';
}

export function couponUsageKey(usage: number): string {
  return COUPON_USAGES.includes(usage) ? `coupon_usage.${usage}` : 'order_status.unknown';
}

/** The colour of a status badge: unpaid waits, paid/issued is good, the rest are neutral or bad. */
export function orderStatusTone(status: number): 'wait' | 'ok' | 'off' {
  return status === OrderPayStatus.un_paid ? 'wait' : status === OrderPayStatus.paid ? 'ok' : 'off';
}

export function ticketStatusTone(status: number): 'wait' | 'ok' | 'off' | 'bad' {
  if (status === TicketStatus.issued || status === TicketStatus.reIssued) return 'ok';
  if (status === TicketStatus.refunding || status === TicketStatus.changeIn) return 'wait';
  if (status === TicketStatus.issueError) return 'bad';
  return 'off';
}
