import type { ChangeKind, ChangeReasonCode } from '@wings/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { makeIdempotencyKey } from '../booking/booking-store';

/** A leg the traveller moves, and the new date asked for it (the departure airport's date). */
export interface ChangeLegPlan {
  segmentSeq: number;
  date: string;
}

/** The flight chosen for a leg, with its departure as it was shown (checkFlightSchedule compares it). */
export interface ChangePick {
  segmentSeq: number;
  flightId: string;
  flightNo: string;
  depUtc: string;
}

/** What the traveller chose so far in one change of date. */
export interface ChangeChoice {
  orderNo: string;
  kind: ChangeKind;
  legs: ChangeLegPlan[];
  reasonCode: ChangeReasonCode | null;
  remark: string;
  picks: ChangePick[];
  /** checkChangeOrder's idempotency key for these picks: a retry answers the same quote. */
  key: string;
  /** The quote made of these picks, once there is one. */
  changeNo: string | null;
  /** The insurance agreement ticked on change-date-added-services. */
  insuranceAccepted: boolean;
}

interface ChangeSessionState {
  choice: ChangeChoice | null;
  /** The form's answer: the legs and dates, the reason; picks of legs no longer moved are dropped. */
  setPlan: (
    orderNo: string,
    kind: ChangeKind,
    legs: ChangeLegPlan[],
    reasonCode: ChangeReasonCode,
    remark: string,
  ) => void;
  /** Another date for a leg (the flight page's strip): its pick goes, the quote is another. */
  setLegDate: (segmentSeq: number, date: string) => void;
  pick: (pick: ChangePick) => void;
  unpick: (segmentSeq: number) => void;
  setChangeNo: (changeNo: string) => void;
  setInsuranceAccepted: (accepted: boolean) => void;
  /** The quote of this key lapsed or the key was refused: the same picks ask for a new quote. */
  renewKey: () => void;
  /** The change was confirmed (or given up): the next one starts blank. */
  clear: () => void;
}

const norm = (orderNo: string) => orderNo.trim().toUpperCase();

/** A changed choice is another quote: a new key, no quote yet. */
const fresh = (choice: ChangeChoice): ChangeChoice => ({
  ...choice,
  key: makeIdempotencyKey(),
  changeNo: null,
  insuranceAccepted: false,
});

const sameLegs = (a: readonly ChangeLegPlan[], b: readonly ChangeLegPlan[]) =>
  a.length === b.length && a.every((l, i) => l.segmentSeq === b[i]?.segmentSeq && l.date === b[i]?.date);

/**
 * The change of date in progress: the legs, dates and reason of the form, then the flights
 * chosen and the quote, kept while the traveller steps back and forth (and through a reload) in
 * sessionStorage. Anything chosen differently is another quote, so it gets another key.
 */
export const useChangeSession = create<ChangeSessionState>()(
  persist(
    (set) => ({
      choice: null,
      setPlan: (orderNo, kind, legs, reasonCode, remark) =>
        set((s) => {
          const sorted = [...legs].sort((a, b) => a.segmentSeq - b.segmentSeq);
          const held =
            s.choice && s.choice.orderNo === norm(orderNo) && s.choice.kind === kind ? s.choice : null;
          if (!held) {
            return {
              choice: fresh({
                orderNo: norm(orderNo),
                kind,
                legs: sorted,
                reasonCode,
                remark,
                picks: [],
                key: '',
                changeNo: null,
                insuranceAccepted: false,
              }),
            };
          }
          const same =
            sameLegs(held.legs, sorted) && held.reasonCode === reasonCode && held.remark === remark;
          if (same) return { choice: held };
          // A pick stays while its leg keeps its date.
          const picks = held.picks.filter((p) =>
            sorted.some(
              (l) =>
                l.segmentSeq === p.segmentSeq &&
                held.legs.some((h) => h.segmentSeq === l.segmentSeq && h.date === l.date),
            ),
          );
          return { choice: fresh({ ...held, legs: sorted, reasonCode, remark, picks }) };
        }),
      setLegDate: (segmentSeq, date) =>
        set((s) => {
          if (!s.choice) return s;
          const legs = s.choice.legs.map((l) => (l.segmentSeq === segmentSeq ? { ...l, date } : l));
          if (sameLegs(legs, s.choice.legs)) return s;
          const picks = s.choice.picks.filter((p) => p.segmentSeq !== segmentSeq);
          return { choice: fresh({ ...s.choice, legs, picks }) };
        }),
      pick: (pick) =>
        set((s) => {
          if (!s.choice) return s;
          const held = s.choice.picks.find((p) => p.segmentSeq === pick.segmentSeq);
          if (held && held.flightId === pick.flightId && held.depUtc === pick.depUtc) return s;
          const picks = [...s.choice.picks.filter((p) => p.segmentSeq !== pick.segmentSeq), pick].sort(
            (a, b) => a.segmentSeq - b.segmentSeq,
          );
          return { choice: fresh({ ...s.choice, picks }) };
        }),
      unpick: (segmentSeq) =>
        set((s) => {
          if (!s.choice?.picks.some((p) => p.segmentSeq === segmentSeq)) return s;
          return {
            choice: fresh({ ...s.choice, picks: s.choice.picks.filter((p) => p.segmentSeq !== segmentSeq) }),
          };
        }),
      setChangeNo: (changeNo) => set((s) => (s.choice ? { choice: { ...s.choice, changeNo } } : s)),
      setInsuranceAccepted: (insuranceAccepted) =>
        set((s) => (s.choice ? { choice: { ...s.choice, insuranceAccepted } } : s)),
      renewKey: () => set((s) => (s.choice ? { choice: fresh(s.choice) } : s)),
      clear: () => set({ choice: null }),
    }),
    {
      name: 'change_session',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ choice: s.choice }),
    },
  ),
);

/** The held choice of `orderNo`, or null when the traveller has not begun one for it. */
export function useChangeChoice(orderNo: string): ChangeChoice | null {
  return useChangeSession((s) => (s.choice && s.choice.orderNo === norm(orderNo) ? s.choice : null));
}
