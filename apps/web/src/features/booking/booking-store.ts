import type {
  BookingServices,
  CabinCode,
  FareOffer,
  Flight,
  InsuranceEntry,
  Money,
  Offer,
  SavedOrder,
} from '@wings/contracts';
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

/** A passenger slot of the search counts: `adult-0`, `child-0`, `infant-0` (spec §3 passenger selection). */
export type SlotId = `${'adult' | 'child' | 'infant'}-${number}`;

/** What the traveller typed for one passenger (every field of spec §3), kept as typed. */
export interface PassengerDraft {
  surname: string;
  givenName: string;
  middleName: string;
  title: 0 | 1 | 2 | null;
  gender: 0 | 1 | null;
  nationality: string;
  birthday: string;
  docType: 0 | 1 | 2;
  docNumber: string;
  docExpiry: string;
  email: string;
  countryCode: string;
  phone: string;
  /** Set when the passenger was picked from the logged-in user's saved passengers. */
  savedPassengerId: string | null;
}

/** The booking contact as typed (spec §3: name, phone, e-mail). */
export interface ContactDraft {
  name: string;
  countryCode: string;
  phone: string;
  email: string;
}

/** A problem the server reported for a field: its message key and its text. */
export interface ServerFieldError {
  key: string;
  message: string;
}

/** One passenger's add-on choices on one leg (issue 14): a seat, an extra-baggage step, priority boarding. */
export interface LegChoice {
  seat?: string | null;
  baggageKg?: number | null;
  priority?: boolean;
}

/**
 * One passenger's add-ons (spec §3: the per-passenger departure/arrive flags for luggage,
 * priority and seat, SelectBoardL/R, selectLuggageL/R, the insurance entry): `legs[0]` the
 * outbound (L), `legs[1]` the return (R); the Enhanced Refundable Ticket upgrade; insurance for
 * the whole trip. The server prices all of it; nothing here is an amount.
 */
export interface SlotServices {
  legs: [LegChoice | null, LegChoice | null];
  refundUpgrade: boolean;
  insurance: InsuranceEntry | null;
}

export const NO_SERVICES: SlotServices = { legs: [null, null], refundUpgrade: false, insurance: null };

/** The request's `services`, indexed like its `passengers` (slot order); undefined when nothing is chosen. */
export function servicesRequest(
  slots: readonly { id: SlotId }[],
  services: Partial<Record<SlotId, SlotServices>>,
): BookingServices | undefined {
  const list = slots.map((slot) => {
    const s = services[slot.id];
    if (!s) return null;
    const legs = s.legs.map((l) =>
      l && (l.seat || l.baggageKg || l.priority)
        ? {
            ...(l.seat ? { seat: l.seat } : {}),
            ...(l.baggageKg ? { baggageKg: l.baggageKg } : {}),
            ...(l.priority ? { priority: true } : {}),
          }
        : null,
    );
    const anyLeg = legs.some((l) => l !== null);
    if (!anyLeg && !s.refundUpgrade && !s.insurance) return null;
    return {
      ...(anyLeg ? { legs } : {}),
      ...(s.refundUpgrade ? { refundUpgrade: true } : {}),
      ...(s.insurance ? { insurance: s.insurance } : {}),
    };
  });
  return list.some((x) => x !== null) ? list : undefined;
}

export const EMPTY_CONTACT: ContactDraft = { name: '', countryCode: '+855', phone: '', email: '' };

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
  /** The priced offer from chooseFlight; its price holds until `expiresAt`. */
  offer: Offer | null;
  /** Passenger details by slot; kept when the traveller goes back and forth (and over a reload). */
  passengers: Partial<Record<SlotId, PassengerDraft>>;
  contact: ContactDraft;
  /** Field problems the server reported (addPassenger, saveTicketOrder), by slot and field name. */
  passengerErrors: Partial<Record<SlotId, Record<string, ServerFieldError>>>;
  contactErrors: Record<string, ServerFieldError>;
  /** The promo code the traveller applied on review (sent only when the server applied it). */
  promoCode: string | null;
  /**
   * The saveTicketOrder key, kept with the request it was made for (`idempotencyFor`): a double
   * tap, a retry or a reload sending the same request sends the same key, so one order (issue 4);
   * a changed request (passengers, contact, promo code, offer) gets a fresh key, since the server
   * refuses a key reused for another request (issue 9, 615).
   */
  idempotencyKey: string | null;
  /** The fingerprint of the request `idempotencyKey` was made for. */
  idempotencyFor: string | null;
  /** The unpaid order, once saveTicketOrder succeeded. */
  order: SavedOrder | null;
  /** Add-on choices by passenger slot (issue 14); dropped with the offer they were chosen for. */
  services: Partial<Record<SlotId, SlotServices>>;
  setSearch: (patch: Partial<SearchParams>) => void;
  chooseLeave: (flight: Flight, fare: FareOffer) => void;
  chooseReturn: (flight: Flight, fare: FareOffer) => void;
  /** A new return date keeps the chosen outbound flight and drops only the return choice. */
  setReturnDate: (retDate: string) => void;
  setOffer: (offer: Offer) => void;
  /** Drops the offer (expired, sold out, retimed): the traveller chooses flights again. */
  clearOffer: () => void;
  setPassenger: (slot: SlotId, draft: PassengerDraft) => void;
  setContact: (contact: ContactDraft) => void;
  setServerErrors: (
    passengers: Partial<Record<SlotId, Record<string, ServerFieldError>>>,
    contact: Record<string, ServerFieldError>,
  ) => void;
  /** A field the traveller changed no longer carries the server's complaint. */
  clearServerError: (slot: SlotId | 'contact', field: string) => void;
  setPromoCode: (code: string | null) => void;
  /** The key for a request (its fingerprint): the kept one for the same request, else a fresh one. */
  idempotencyKeyFor: (request: string) => string;
  setOrder: (order: SavedOrder) => void;
  /** Changes one passenger's choice on one leg (0 outbound, 1 return); null/false/0 clears that choice. */
  setLegService: (slot: SlotId, leg: 0 | 1, patch: LegChoice) => void;
  setRefundUpgrade: (slot: SlotId, on: boolean) => void;
  /** A passenger's insurance entry; null cancels it (spec §4: cancelling resets the selection). */
  setInsurance: (slot: SlotId, entry: InsuranceEntry | null) => void;
  /** Cancelling insurance for everyone resets every insurance selection (spec §4). */
  clearInsurance: () => void;
  /** Drops every add-on choice. */
  clearServices: () => void;
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
  offer: null,
  promoCode: null,
  idempotencyKey: null,
  idempotencyFor: null,
  order: null,
  services: {},
} as const;

const NO_PASSENGERS = {
  passengers: {},
  contact: EMPTY_CONTACT,
  passengerErrors: {},
  contactErrors: {},
};

/** A random key for saveTicketOrder (crypto where available). */
export function makeIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

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
      ...NO_PASSENGERS,
      setSearch: (patch) => {
        const search = { ...get().search, ...patch };
        // A different search makes chosen flights meaningless; typed passengers stay (by slot).
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
          offer: null,
          order: null,
          idempotencyKey: null,
          idempotencyFor: null,
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
          offer: null,
          order: null,
          idempotencyKey: null,
          idempotencyFor: null,
          back: null,
          returnPrices: null,
          returnCabin: null,
          priceReturn: null,
          NewPriceReturn: null,
          priceAll: state.priceLeave,
        })),
      // A new offer may be other flights or cabins: the add-ons chosen for the last one are dropped.
      setOffer: (offer) =>
        set((state) => ({
          offer,
          order: null,
          promoCode: null,
          idempotencyKey: null,
          idempotencyFor: null,
          services: state.offer?.offerId === offer.offerId ? state.services : {},
        })),
      clearOffer: () =>
        set({ offer: null, order: null, idempotencyKey: null, idempotencyFor: null, services: {} }),
      setPassenger: (slot, draft) => set((state) => ({ passengers: { ...state.passengers, [slot]: draft } })),
      setContact: (contact) => set({ contact }),
      setServerErrors: (passengerErrors, contactErrors) => set({ passengerErrors, contactErrors }),
      clearServerError: (slot, field) =>
        set((state) => {
          if (slot === 'contact') {
            if (!(field in state.contactErrors)) return state;
            const { [field]: _gone, ...rest } = state.contactErrors;
            return { contactErrors: rest };
          }
          const errors = state.passengerErrors[slot];
          if (!errors || !(field in errors)) return state;
          const { [field]: _gone, ...rest } = errors;
          return { passengerErrors: { ...state.passengerErrors, [slot]: rest } };
        }),
      setPromoCode: (promoCode) => set({ promoCode }),
      idempotencyKeyFor: (request) => {
        const { idempotencyKey, idempotencyFor } = get();
        if (idempotencyKey && idempotencyFor === request) return idempotencyKey;
        const key = makeIdempotencyKey();
        set({ idempotencyKey: key, idempotencyFor: request });
        return key;
      },
      setOrder: (order) => set({ order }),
      setLegService: (slot, leg, patch) =>
        set((state) => {
          const current = state.services[slot] ?? NO_SERVICES;
          const legs: SlotServices['legs'] = [...current.legs];
          legs[leg] = { ...(legs[leg] ?? {}), ...patch };
          return { services: { ...state.services, [slot]: { ...current, legs } } };
        }),
      setRefundUpgrade: (slot, on) =>
        set((state) => ({
          services: {
            ...state.services,
            [slot]: { ...(state.services[slot] ?? NO_SERVICES), refundUpgrade: on },
          },
        })),
      setInsurance: (slot, entry) =>
        set((state) => ({
          services: {
            ...state.services,
            [slot]: { ...(state.services[slot] ?? NO_SERVICES), insurance: entry },
          },
        })),
      clearInsurance: () =>
        set((state) => ({
          services: Object.fromEntries(
            Object.entries(state.services).map(([slot, s]) => [
              slot,
              { ...(s ?? NO_SERVICES), insurance: null },
            ]),
          ) as Partial<Record<SlotId, SlotServices>>,
        })),
      clearServices: () => set({ services: {} }),
      reset: () => set({ search: DEFAULT_SEARCH, ...NO_CHOICE, ...NO_PASSENGERS }),
    }),
    {
      name: 'booking',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({
        setSearch,
        chooseLeave,
        chooseReturn,
        setReturnDate,
        setOffer,
        clearOffer,
        setPassenger,
        setContact,
        setServerErrors,
        clearServerError,
        setPromoCode,
        idempotencyKeyFor,
        setOrder,
        setLegService,
        setRefundUpgrade,
        setInsurance,
        clearInsurance,
        clearServices,
        reset,
        ...data
      }) => data,
    },
  ),
);
