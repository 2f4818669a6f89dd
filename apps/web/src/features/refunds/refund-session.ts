import type { RefundReasonCode } from '@wings/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { makeIdempotencyKey } from '../booking/booking-store';

/** What the traveller chose so far in one refund request. */
export interface RefundChoice {
  orderNo: string;
  /** The chosen passengers by `seq` (their position in the order). */
  seqs: number[];
  reasonCode: RefundReasonCode | null;
  /** The traveller's own words (optional). */
  remark: string;
  /** createRefund's idempotency key for this choice: a retry or a double tap makes one draft. */
  key: string;
}

interface RefundSessionState {
  choice: RefundChoice | null;
  /** The choice of `orderNo`, begun afresh when another order's (or none) is held. */
  begin: (orderNo: string) => void;
  setSeqs: (orderNo: string, seqs: number[]) => void;
  setReason: (orderNo: string, reasonCode: RefundReasonCode, remark: string) => void;
  /** The draft of this key expired before it was confirmed: the same choice asks for a new one. */
  renewKey: () => void;
  /** The request was submitted (or given up): the next one starts blank with a new key. */
  clear: () => void;
}

const norm = (orderNo: string) => orderNo.trim().toUpperCase();
const blank = (orderNo: string): RefundChoice => ({
  orderNo: norm(orderNo),
  seqs: [],
  reasonCode: null,
  remark: '',
  key: makeIdempotencyKey(),
});

/** The held choice if it is this order's, else a blank one for it. */
function forOrder(choice: RefundChoice | null, orderNo: string): RefundChoice {
  return choice && choice.orderNo === norm(orderNo) ? choice : blank(orderNo);
}

/**
 * The refund request in progress: the passengers and reason chosen, kept while the traveller
 * steps back and forth (and through a reload) in sessionStorage. A change of passengers or
 * reason is another request, so it gets another createRefund key.
 */
export const useRefundSession = create<RefundSessionState>()(
  persist(
    (set) => ({
      choice: null,
      begin: (orderNo) => set((s) => ({ choice: forOrder(s.choice, orderNo) })),
      setSeqs: (orderNo, seqs) =>
        set((s) => {
          const held = forOrder(s.choice, orderNo);
          const sorted = [...new Set(seqs)].sort((a, b) => a - b);
          const same = sorted.join() === held.seqs.join();
          return { choice: same ? held : { ...held, seqs: sorted, key: makeIdempotencyKey() } };
        }),
      setReason: (orderNo, reasonCode, remark) =>
        set((s) => {
          const held = forOrder(s.choice, orderNo);
          const same = held.reasonCode === reasonCode && held.remark === remark;
          return { choice: same ? held : { ...held, reasonCode, remark, key: makeIdempotencyKey() } };
        }),
      renewKey: () => set((s) => (s.choice ? { choice: { ...s.choice, key: makeIdempotencyKey() } } : s)),
      clear: () => set({ choice: null }),
    }),
    {
      name: 'refund_session',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ choice: s.choice }),
    },
  ),
);

/** The held choice of `orderNo`, or null when the traveller has not begun one for it. */
export function useRefundChoice(orderNo: string): RefundChoice | null {
  return useRefundSession((s) => (s.choice && s.choice.orderNo === norm(orderNo) ? s.choice : null));
}
