import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { makeIdempotencyKey } from '../booking/booking-store';
import { PAYMENT_RETURN_WINDOW_MS } from '../orders/order-session';

/** An add-on order is payable for 15 minutes: a purchase key older than that names a closed order. */
export const ADDON_KEY_LIFETIME_MS = 15 * 60_000;

interface PurchaseKey {
  key: string;
  /** When the key was made (epoch ms). */
  at: number;
  /** The add-on order it made, once createOrder answered. */
  secOrderNo: string | null;
}

interface AddonPayment {
  secOrderNo: string;
  /** When the traveller left for the gateway (epoch ms). */
  at: number;
}

interface AddonSessionState {
  /** The createOrder key of each purchase, by what is bought: a double tap or a retry makes one order. */
  keys: Record<string, PurchaseKey>;
  /** The add-on payment the traveller left for, by ticketed order number (the gateway comes back there). */
  payments: Record<string, AddonPayment>;
  keyFor: (purchase: string) => string;
  bindKey: (purchase: string, secOrderNo: string) => void;
  /** The add-on order is paid, given up or over: its purchase gets a new key next time. */
  closeOrder: (secOrderNo: string) => void;
  markPayStarted: (orderNo: string, secOrderNo: string) => void;
  clearPayStarted: (orderNo: string) => void;
}

const live = <T extends { at: number }>(entries: Record<string, T>, maxAge: number, now: number) =>
  Object.fromEntries(Object.entries(entries).filter(([, e]) => now - e.at < maxAge));

/**
 * What this device remembers of add-on purchases: each purchase's key and the payment the
 * traveller left for. Kept on localStorage, as a gateway may send the traveller back in a new
 * tab; old entries are dropped whenever one is added.
 */
export const useAddonSession = create<AddonSessionState>()(
  persist(
    (set, get) => ({
      keys: {},
      payments: {},
      keyFor: (purchase) => {
        const now = Date.now();
        const known = get().keys[purchase];
        if (known && now - known.at < ADDON_KEY_LIFETIME_MS) return known.key;
        const key = makeIdempotencyKey();
        set((s) => ({
          keys: {
            ...live(s.keys, ADDON_KEY_LIFETIME_MS, now),
            [purchase]: { key, at: now, secOrderNo: null },
          },
        }));
        return key;
      },
      bindKey: (purchase, secOrderNo) =>
        set((s) => {
          const known = s.keys[purchase];
          return known ? { keys: { ...s.keys, [purchase]: { ...known, secOrderNo } } } : s;
        }),
      closeOrder: (secOrderNo) =>
        set((s) => ({
          keys: Object.fromEntries(Object.entries(s.keys).filter(([, k]) => k.secOrderNo !== secOrderNo)),
        })),
      markPayStarted: (orderNo, secOrderNo) =>
        set((s) => ({
          payments: {
            ...live(s.payments, PAYMENT_RETURN_WINDOW_MS, Date.now()),
            [orderNo.toUpperCase()]: { secOrderNo, at: Date.now() },
          },
        })),
      clearPayStarted: (orderNo) =>
        set((s) => {
          const { [orderNo.toUpperCase()]: _gone, ...rest } = s.payments;
          return { payments: rest };
        }),
    }),
    {
      name: 'addon_session',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ keys: s.keys, payments: s.payments }),
    },
  ),
);

/** The add-on order whose payment the traveller left for from this order a short while ago, or null. */
export function addonPaymentStarted(orderNo: string, now = Date.now()): string | null {
  const p = useAddonSession.getState().payments[orderNo.toUpperCase()];
  return p && now - p.at < PAYMENT_RETURN_WINDOW_MS ? p.secOrderNo : null;
}
