import { isApiError } from '@wings/api-client';
import type { OrderDetail } from '@wings/contracts';
import { ErrorCodes } from '@wings/contracts';
import { useOrderDetail } from './api/get-order-detail';
import { useOrderSession } from './order-session';

export type OrderView =
  | { state: 'loading' }
  /** This device may not read the order: a guest without a grant, or the server said CAS912. */
  | { state: 'no-access'; notFound: boolean }
  | { state: 'error'; retry: () => void }
  | { state: 'ready'; order: OrderDetail; refetch: () => Promise<unknown>; fetching: boolean };

/**
 * An order for a page: asked only when the caller can read it (logged in, or holding a grant
 * for it), so a guest without one is offered the look-up at once instead of a failed call.
 */
export function useOrderView(orderNo: string, loggedIn: boolean): OrderView {
  const grant = useOrderSession((s) => s.grants[orderNo.toUpperCase()]);
  const hasGrant = grant !== undefined && Date.parse(grant.expiresAt) > Date.now();
  const canAsk = orderNo !== '' && (loggedIn || hasGrant);
  const query = useOrderDetail(orderNo, canAsk);
  if (!canAsk) return { state: 'no-access', notFound: orderNo === '' };
  if (query.data) {
    return { state: 'ready', order: query.data, refetch: query.refetch, fetching: query.isFetching };
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === ErrorCodes.orderNotFound.code) {
      return { state: 'no-access', notFound: true };
    }
    return { state: 'error', retry: () => void query.refetch() };
  }
  return { state: 'loading' };
}
