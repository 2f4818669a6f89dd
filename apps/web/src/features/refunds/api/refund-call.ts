import { ErrorCodes } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../../orders/order-session';

/**
 * The refund calls (issue 15; after-sales §7 "Refund, POST under /travelsky/refund/"; docs/api.md
 * "Refunds"). Every call names its order, so a guest's grant for that order rides along in the
 * `orderToken` header, exactly as ticket detail reads the order.
 */
export const REFUND_BASE = '/travelsky/refund';

/**
 * The refusals the refund pages show in place, next to the choice they are about (the server's
 * catalogue message): the chosen passengers, the minors left alone, a draft gone stale.
 */
export const REFUND_PAGE_CODES: readonly string[] = [
  ErrorCodes.refundNoPassenger.code,
  ErrorCodes.refundMinorsAlone.code,
  ErrorCodes.refundNoEligible.code,
  ErrorCodes.refundInProgress.code,
  ErrorCodes.refundDraftExpired.code,
  ErrorCodes.refundNotFound.code,
];

/** POST `/travelsky/refund/<name>` for `orderNo` (its grant, if this device holds one). */
export function refundCall<T>(
  name: string,
  orderNo: string,
  body: unknown,
  options: { signal?: AbortSignal; quiet?: boolean } = {},
): Promise<T> {
  return apiRequest<T>(`${REFUND_BASE}/${name}`, {
    method: 'POST',
    body,
    signal: options.signal,
    headers: orderNo ? orderTokenHeaders(orderNo) : {},
    ...(options.quiet ? { quietCodes: REFUND_PAGE_CODES } : {}),
  });
}

/** The key prefix of every refund read of an order (asked again after a refund is submitted). */
export const refundKeys = {
  order: (orderNo: string) => ['refunds', 'order', orderNo.toUpperCase()] as const,
  list: () => ['refunds', 'list'] as const,
  detail: (refundNo: string) => ['refunds', 'detail', refundNo.toUpperCase()] as const,
};
