import type {
  AddIncreaseServiceRequest,
  AddonLine,
  AddonMenuReply,
  FieldIssue,
  Money,
  PassengerTypeCode,
} from '@wings/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import type { PricedServices } from './api/compute-price';
import {
  type PassengerDraft,
  type ServerFieldError,
  type SlotId,
  type SlotServices,
  servicesRequest,
} from './booking-store';
import type { Slot } from './passengers';

/** A leg of the journey: 0 outbound (the spec's L), 1 return (R). */
export type LegIndex = 0 | 1;

/** The per-leg add-ons a passenger may pick for a group with the departure/arrive pickers. */
export type PickerService = 'baggage' | 'priority';

export function isPickerService(value: string | null): value is PickerService {
  return value === 'baggage' || value === 'priority';
}

/**
 * Who may take a per-leg add-on. An infant travels on an adult's lap: no seat of their own, and
 * no priority boarding of their own (they board with that adult). Extra baggage is sold per
 * passenger, infants included (the catalogue prices it per passenger).
 */
export function takesService(slot: Slot, service: 'seat' | PickerService): boolean {
  return slot.kind !== 'infant' || service === 'baggage';
}

/** The booking passengers the add-on calls read (type and birthday), in slot order. */
export function addonPassengers(
  slots: readonly Slot[],
  drafts: Partial<Record<SlotId, PassengerDraft>>,
): { passengerType: PassengerTypeCode; birthday: string }[] | null {
  const out: { passengerType: PassengerTypeCode; birthday: string }[] = [];
  for (const slot of slots) {
    const draft = drafts[slot.id];
    if (!draft?.birthday) return null;
    out.push({ passengerType: slot.type, birthday: draft.birthday });
  }
  return out;
}

/** The add-ons of the booking as computePrice and saveTicketOrder take them; null when none are chosen. */
export function pricedServices(
  slots: readonly Slot[],
  drafts: Partial<Record<SlotId, PassengerDraft>>,
  services: Partial<Record<SlotId, SlotServices>>,
): PricedServices | null {
  const list = servicesRequest(slots, services);
  const passengers = addonPassengers(slots, drafts);
  return list && passengers ? { services: list, passengers } : null;
}

/** The addIncreaseService request of the current choices; null when nothing is chosen. */
export function addonRequest(
  offerId: string,
  slots: readonly Slot[],
  drafts: Partial<Record<SlotId, PassengerDraft>>,
  services: Partial<Record<SlotId, SlotServices>>,
  promoCode: string | null,
): AddIncreaseServiceRequest | null {
  const priced = pricedServices(slots, drafts, services);
  return priced ? { offerId, ...priced, promoCode } : null;
}

/** A problem the server found with one passenger's add-ons, by leg and field. */
export interface SlotServiceErrors {
  /** `legs[j][field]`: field is seat, baggageKg, priority, or `leg` for the leg as a whole. */
  legs: [Record<string, ServerFieldError>, Record<string, ServerFieldError>];
  /** The refundable upgrade, or the passenger's add-ons as a whole (`passenger`). */
  other: Record<string, ServerFieldError>;
}

export interface MappedServiceErrors {
  bySlot: Partial<Record<SlotId, SlotServiceErrors>>;
  /** Problems that belong to no passenger's add-on (shown above the cards). */
  general: ServerFieldError[];
}

const SERVICE_FIELD = /^(?:body\.)?services\.(\d+)(?:\.legs\.(\d+)(?:\.(\w+))?|\.(\w+))?$/;

/** Puts a 400's field problems (`services.{i}.legs.{j}.seat`, ...) on the passenger and leg they name. */
export function mapServiceErrors(fields: readonly FieldIssue[], slots: readonly Slot[]): MappedServiceErrors {
  const out: MappedServiceErrors = { bySlot: {}, general: [] };
  for (const f of fields) {
    const error = { key: f.key ?? '', message: f.message };
    const m = SERVICE_FIELD.exec(f.field);
    const slot = m ? slots[Number(m[1])] : undefined;
    if (!m || !slot) {
      out.general.push(error);
      continue;
    }
    const entry = out.bySlot[slot.id] ?? { legs: [{}, {}], other: {} };
    out.bySlot[slot.id] = entry;
    if (m[2] !== undefined) {
      const leg = Number(m[2]);
      const target = entry.legs[leg === 1 ? 1 : 0];
      const field = m[3] ?? 'leg';
      if (!target[field]) target[field] = error;
    } else {
      const field = m[4] ?? 'passenger';
      if (!entry.other[field]) entry.other[field] = error;
    }
  }
  return out;
}

/**
 * The Enhanced Refundable Ticket upgrade's price for one passenger type, whole journey: each
 * leg's share summed (the server writes one line per leg). Null when a leg does not sell it.
 */
export function upgradePriceFor(menu: AddonMenuReply, passengerType: number): Money | null {
  if (menu.legs.length === 0) return null;
  let amount = 0;
  for (const leg of menu.legs) {
    const price = leg.refundUpgrade?.prices.find((p) => p.passengerType === passengerType)?.price;
    if (!price) return null;
    amount += price.amount;
  }
  return { amount, currency: menu.currency };
}

/** The upgrade's share of the fare, when every leg files the same share (else null). */
export function upgradePercent(menu: AddonMenuReply): number | null {
  const shares = new Set(menu.legs.map((l) => l.refundUpgrade?.percent ?? null));
  if (shares.size !== 1) return null;
  const [only] = [...shares];
  return only ?? null;
}

/** The name of an add-on line's code: 10 insurance, 11 priority, 12 seat, 13 baggage, ERT the upgrade. */
export function addonCodeLabel(t: TFunction, exists: (key: string) => boolean, code: string): string {
  if (code === 'ERT') return t('addons.upgrade_title');
  return exists(`addon.${code}`) ? t(`addon.${code}`) : t('order.addon_code', { code });
}

/**
 * What an add-on line is, in words: "Seat 12C", "+10 kg", "Priority boarding", the upgrade, a
 * plan by its name in the traveller's language (`planName`, when the caller knows the plans),
 * else its code.
 */
export function addonLineDetail(
  t: TFunction,
  exists: (key: string) => boolean,
  line: { code: string; seat?: string; weightKg?: number; insuranceType?: string },
  planName?: (insuranceType: string) => string | undefined,
): string {
  if (line.code === '12') {
    // An order's seat line keeps its price after the seat is freed (moved after ticketing, expired).
    return line.seat ? t('addons.seat_named', { seat: line.seat }) : t('addons.seat_released');
  }
  if (line.code === '13' && line.weightKg) return t('addons.extra_kg', { kg: line.weightKg });
  if (line.code === '10' && line.insuranceType)
    return `${addonCodeLabel(t, exists, line.code)} · ${planName?.(line.insuranceType) || line.insuranceType}`;
  return addonCodeLabel(t, exists, line.code);
}

/** The slot of a line's passenger index. */
export function slotOfLine(slots: readonly Slot[], line: Pick<AddonLine, 'passenger'>): Slot | undefined {
  return slots[line.passenger];
}

/** The value, once it has stayed the same for `ms`: a burst of taps asks the server once. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
