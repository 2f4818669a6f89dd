import { useSearchParams } from 'react-router';
import { useSessionStore } from '../account/session-store';
import { useOrderSession } from '../orders/order-session';

/**
 * The order a change page is about (`?orderNo=`, and `?changeNo=` once quoted) and whether this
 * device may ask about it: a signed-in traveller (the server checks the order is theirs or
 * linked), or a guest holding a grant for it from the order look-up.
 */
export function useChangeOrder(): { orderNo: string; changeNo: string; canAsk: boolean } {
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const changeNo = (params.get('changeNo') ?? '').trim().toUpperCase();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const grant = useOrderSession((s) => s.grants[orderNo]);
  const hasGrant = grant !== undefined && Date.parse(grant.expiresAt) > Date.now();
  return { orderNo, changeNo, canAsk: orderNo !== '' && (loggedIn || hasGrant) };
}
