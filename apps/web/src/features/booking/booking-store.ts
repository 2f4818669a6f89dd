import type { CabinCode, FareOffer, Flight, Money } from '@wings/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The search form's values (spec §3: booking search parameters). Dates are `YYYY-MM-DD` or ''. */
export interface SearchParams {
  depCode: string;
  arrCode: string;
  depDate: string;
  retDate: string;
  /** 0 one-way, 1 return. */
  tripType: 0 | 1;
  /** [adults, children, infants], default [1, 0, 0]. */
  passengers: [number, number, number];
}

export interface ChosenLeg {
  flight: Flight;
  fare: FareOffer;
}

/** One passenger's fare of a leg, by passenger type. */
export interface PerTypePrices {
  adult: Money;
  child: Money;
  infant: Money;
}

export interface BookingState {
  search: SearchParams;
  leave: ChosenLeg | null;
  back: ChosenLeg | null;
  /** Total of both legs for all passengers (spec §3: chosen flight). */
  priceAll: Money | null;
  priceLeave: Money | null;
  priceReturn: Money | null;
  /** Leg prices after discounts; equal to priceLeave/priceReturn until promo codes arrive. */
  NewPriceLeave: Money | null;
  NewPriceReturn: Money | null;
  leaveCabin: CabinCode | null;
  returnCabin: CabinCode | null;
  leavePrices: PerTypePrices | null;
  returnPrices: PerTypePrices | null;
  setSearch: (patch: Partial<SearchParams>) => void;
  chooseLeave: (flight: Flight, fare: FareOffer) => void;
  chooseReturn: (flight: Flight, fare: FareOffer) => void;
  /** A new return date keeps the chosen outbound flight and drops only the return choice. */
  setReturnDate: (retDate: string) => void;
  /** Clearing the booking resets search params and prices (spec §4). */
  reset: () => void;
}

export const DEFAULT_SEARCH: SearchParams = {
  depCode: 'KTI',
  arrCode: '',
  depDate: '',
  retDate: '',
  tripType: 0,
  passengers: [1, 0, 0],
};

const NO_CHOICE = {
  leave: null,
  back: null,
  priceAll: null,
  priceLeave: null,
  priceReturn: null,
  NewPriceLeave: null,
  NewPriceReturn: null,
  leaveCabin: null,
  returnCabin: null,
  leavePrices: null,
  returnPrices: null,
} as const;

function perType(fare: FareOffer): PerTypePrices {
  return { adult: fare.adultPrice, child: fare.childPrice, infant: fare.infantPrice };
}

/** A leg's price for the whole party: each type's fare times its count. */
export function legTotal(prices: PerTypePrices, [adults, children, infants]: readonly number[]): Money {
  return {
    currency: prices.adult.currency,
    amount:
      prices.adult.amount * (adults ?? 0) +
      prices.child.amount * (children ?? 0) +
      prices.infant.amount * (infants ?? 0),
  };
}

/** Both legs together; null when a leg is missing or the legs are priced in different currencies. */
function addLegs(a: Money | null, b: Money | null): Money | null {
  if (!a) return null;
  if (!b) return a;
  return a.currency === b.currency ? { currency: a.currency, amount: a.amount + b.amount } : null;
}

/** The booking in progress; kept in sessionStorage so it survives a reload (issue 2 §5). */
export const useBookingStore = create<BookingState>()(
  persist(
    (set, get) => ({
      search: DEFAULT_SEARCH,
      ...NO_CHOICE,
      setSearch: (patch) => {
        const search = { ...get().search, ...patch };
        // A different search makes chosen flights meaningless.
        set({ search, ...NO_CHOICE });
      },
      chooseLeave: (flight, fare) => {
        const prices = perType(fare);
        const total = legTotal(prices, get().search.passengers);
        set({
          ...NO_CHOICE,
          leave: { flight, fare },
          leavePrices: prices,
          leaveCabin: fare.cabin,
          priceLeave: total,
          NewPriceLeave: total,
          priceAll: total,
        });
      },
      chooseReturn: (flight, fare) => {
        const prices = perType(fare);
        const total = legTotal(prices, get().search.passengers);
        set({
          back: { flight, fare },
          returnPrices: prices,
          returnCabin: fare.cabin,
          priceReturn: total,
          NewPriceReturn: total,
          priceAll: addLegs(get().priceLeave, total),
        });
      },
      setReturnDate: (retDate) =>
        set((state) => ({
          search: { ...state.search, retDate },
          back: null,
          returnPrices: null,
          returnCabin: null,
          priceReturn: null,
          NewPriceReturn: null,
          priceAll: state.priceLeave,
        })),
      reset: () => set({ search: DEFAULT_SEARCH, ...NO_CHOICE }),
    }),
    {
      name: 'booking',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ setSearch, chooseLeave, chooseReturn, setReturnDate, reset, ...data }) => data,
    },
  ),
);
