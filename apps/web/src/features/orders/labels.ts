/**
 * Label keys of the stored codes a traveller sees (after-sales-and-loyalty.md §3): order pay
 * status, ticket status and coupon usage. An unknown code falls back to a neutral label.
 */
const ORDER_STATUSES = [0, 1, 2];
const TICKET_STATUSES = [0, 1, 2, 3, 4, 5, 6];
const COUPON_USAGES = [10, 11];

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
  return status === 0 ? 'wait' : status === 1 ? 'ok' : 'off';
}

export function ticketStatusTone(status: number): 'wait' | 'ok' | 'off' | 'bad' {
  if (status === 0 || status === 2) return 'ok';
  if (status === 4 || status === 6) return 'wait';
  if (status === 5) return 'bad';
  return 'off';
}
