import { ErrorCodes } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../../orders/order-session';

/**
 * Online check-in's calls (issue 15; docs/api.md "Online check-in (issue 15)"): all POST under
 * /travelsky/checkin/, naming the order, so a guest's grant rides along in the `orderToken`
 * header exactly as ticket detail reads the order.
 */
export const CHECK_IN_BASE = '/travelsky/checkin';

/** Codes the check-in pages explain in place (the server's message), not with a toast. */
export const CHECK_IN_PAGE_CODES: readonly string[] = [
  ErrorCodes.invalidRequest.code,
  ErrorCodes.checkInNotOpen.code,
  ErrorCodes.checkInClosed.code,
  ErrorCodes.checkInUnavailable.code,
  ErrorCodes.checkInNoSeat.code,
  ErrorCodes.checkInNoneCheckedIn.code,
  ErrorCodes.orderNotFound.code,
];

/** A read (`silent`: the page shows its own retry) or a step (its refusals explained in place). */
export function checkInPost<T>(
  path: string,
  orderNo: string,
  body: unknown,
  signal?: AbortSignal,
  silent = false,
) {
  return apiRequest<T>(`${CHECK_IN_BASE}/${path}`, {
    method: 'POST',
    body,
    signal,
    headers: orderTokenHeaders(orderNo),
    ...(silent ? { silent: true } : { quietCodes: CHECK_IN_PAGE_CODES }),
  });
}

/** The key prefix of every check-in read of an order, to read them again after a step. */
export const checkInKey = (orderNo: string) => ['check-in', orderNo];
