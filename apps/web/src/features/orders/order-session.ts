import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A signed grant to read one order's detail without a login (header `orderToken`). */
export interface OrderGrant {
  token: string;
  expiresAt: string;
}

/** How long after leaving for the gateway a return still counts as "coming back from paying". */
export const PAYMENT_RETURN_WINDOW_MS = 30 * 60_000;

interface OrderSessionState {
  /** Grants by order number: from saveTicketOrder (the one who booked) or a look-up (a guest). */
  grants: Record<string, OrderGrant>;
  /** When the traveller last left for the gateway, by order number (epoch ms). */
  payStarted: Record<string, number>;
  rememberGrant: (orderNo: string, grant: OrderGrant) => void;
  markPayStarted: (orderNo: string) => void;
  clearPayStarted: (orderNo: string) => void;
}

const key = (orderNo: string) => orderNo.trim().toUpperCase();

function liveGrants(grants: Record<string, OrderGrant>, now: number): Record<string, OrderGrant> {
  return Object.fromEntries(Object.entries(grants).filter(([, g]) => Date.parse(g.expiresAt) > now));
}

function recentStarts(starts: Record<string, number>, now: number): Record<string, number> {
  return Object.fromEntries(Object.entries(starts).filter(([, at]) => now - at < PAYMENT_RETURN_WINDOW_MS));
}

/**
 * The orders this device may read as a guest, and the payments it started. Kept on the device
 * (localStorage) so a gateway that sends the traveller back in a new tab still finds them; a
 * grant lives at most two hours past the pay deadline (or two hours after a look-up), and
 * expired entries are dropped whenever one is added.
 */
export const useOrderSession = create<OrderSessionState>()(
  persist(
    (set) => ({
      grants: {},
      payStarted: {},
      rememberGrant: (orderNo, grant) =>
        set((s) => ({ grants: { ...liveGrants(s.grants, Date.now()), [key(orderNo)]: grant } })),
      markPayStarted: (orderNo) =>
        set((s) => ({
          payStarted: { ...recentStarts(s.payStarted, Date.now()), [key(orderNo)]: Date.now() },
        })),
      clearPayStarted: (orderNo) =>
        set((s) => {
          const { [key(orderNo)]: _gone, ...rest } = s.payStarted;
          return { payStarted: rest };
        }),
    }),
    {
      name: 'order_session',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ grants: s.grants, payStarted: s.payStarted }),
    },
  ),
);

/** The live grant for an order, or null. */
export function orderGrantFor(orderNo: string, now = Date.now()): string | null {
  const grant = useOrderSession.getState().grants[key(orderNo)];
  return grant && Date.parse(grant.expiresAt) > now ? grant.token : null;
}

/** The `orderToken` header for an order's calls, when this device holds a grant for it. */
export function orderTokenHeaders(orderNo: string): Record<string, string> {
  const token = orderGrantFor(orderNo);
  return token ? { orderToken: token } : {};
}

/** Remembers the grant an answer carries (saveTicketOrder, queryOrderByOrderNo), if any. */
export function rememberOrderGrant(
  orderNo: string,
  token: string | undefined,
  expiresAt: string | undefined,
) {
  if (token && expiresAt) useOrderSession.getState().rememberGrant(orderNo, { token, expiresAt });
}

/** Whether the traveller left for the gateway for this order a short while ago. */
export function paymentStartedRecently(orderNo: string, now = Date.now()): boolean {
  const at = useOrderSession.getState().payStarted[key(orderNo)];
  return at !== undefined && now - at < PAYMENT_RETURN_WINDOW_MS;
}
