import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type SlotId, useBookingStore } from '../booking/booking-store';
import type { InsuredInfoDraft } from './insurance-entry';

/**
 * The insurance choice while it is being made (spec §4: selection toggles `isSelect`): the plan,
 * the passengers ticked and whether the agreement was accepted, for one offer; and each insured
 * passenger's typed details, by slot (like the passengers' own drafts, they outlive a new offer).
 * Nothing reaches the booking until Confirm writes the entries (booking-store `setInsurance`).
 * Kept in sessionStorage with the booking, so a reload or a visit to the agreement keeps it.
 */
export interface InsuranceDraftState {
  /** The offer the choice below was made for; another offer starts it again. */
  offerId: string | null;
  insuranceType: string | null;
  insured: SlotId[];
  agreed: boolean;
  info: Partial<Record<SlotId, InsuredInfoDraft>>;
  /** Starts the choice for an offer (from what the booking already holds, if anything). */
  begin: (
    offerId: string,
    choice: { insuranceType: string | null; insured: SlotId[]; agreed: boolean },
  ) => void;
  choosePlan: (insuranceType: string) => void;
  toggleInsured: (slot: SlotId, on: boolean) => void;
  setAgreed: (agreed: boolean) => void;
  setInfo: (slot: SlotId, info: InsuredInfoDraft) => void;
  /** "No insurance": the choice is reset (spec §4); typed details stay for another time. */
  resetChoice: () => void;
}

export const useInsuranceDraft = create<InsuranceDraftState>()(
  persist(
    (set) => ({
      offerId: null,
      insuranceType: null,
      insured: [],
      agreed: false,
      info: {},
      begin: (offerId, choice) => set({ offerId, ...choice }),
      choosePlan: (insuranceType) => set({ insuranceType }),
      toggleInsured: (slot, on) =>
        set((state) => ({
          insured: on
            ? state.insured.includes(slot)
              ? state.insured
              : [...state.insured, slot]
            : state.insured.filter((s) => s !== slot),
        })),
      setAgreed: (agreed) => set({ agreed }),
      setInfo: (slot, info) => set((state) => ({ info: { ...state.info, [slot]: info } })),
      resetChoice: () => set({ insuranceType: null, insured: [], agreed: false }),
    }),
    {
      name: 'booking-insurance',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ offerId, insuranceType, insured, agreed, info }) => ({
        offerId,
        insuranceType,
        insured,
        agreed,
        info,
      }),
    },
  ),
);

// A booking cleared (finished, or started again) takes its passengers' insurance details with it:
// the next booking's first adult is not handed the last one's address and beneficiary.
useBookingStore.subscribe((state, previous) => {
  if (state.passengers !== previous.passengers && Object.keys(state.passengers).length === 0) {
    useInsuranceDraft.setState({ offerId: null, insuranceType: null, insured: [], agreed: false, info: {} });
  }
});
