import type { SeatPartyMember } from '@wings/contracts';
import type { PassengerDraft, SlotId, SlotServices } from '../../../features/booking/booking-store';
import type { Slot } from '../../../features/booking/passengers';

/** A passenger of the booking who takes a seat (adults and children; infants sit on a lap). */
export interface SeatTaker {
  slot: Slot;
  /** The infant on this adult's lap (the k-th infant on the k-th adult), if any. */
  infant: Slot | null;
  /** For a child, the adult it is seated beside. */
  adult: Slot | null;
  /** 1-based place in the party, shown on the seat once chosen. */
  mark: string;
}

/**
 * Who takes a seat and with whom (docs/api.md "Add-ons (issue 14): in the booking"): infants
 * take none, the k-th infant travels on the lap of the k-th adult, and the k-th child sits
 * beside the k-th adult (round the adults again when children outnumber them).
 */
export function seatTakers(slots: readonly Slot[]): SeatTaker[] {
  const adults = slots.filter((s) => s.kind === 'adult');
  const infants = slots.filter((s) => s.kind === 'infant');
  const children = slots.filter((s) => s.kind === 'child');
  const takers: SeatTaker[] = [];
  for (const slot of slots) {
    if (slot.kind === 'infant') continue;
    const k = slot.number - 1;
    takers.push({
      slot,
      infant: slot.kind === 'adult' ? (infants[k] ?? null) : null,
      adult: slot.kind === 'child' && adults.length > 0 ? (adults[k % adults.length] ?? null) : null,
      mark: String(takers.length + 1),
    });
  }
  // Children beside their adults: the order a side-by-side block is handed out in.
  return takers
    .sort((a, b) => orderKey(a, adults, children) - orderKey(b, adults, children))
    .map((t, i) => ({
      ...t,
      mark: String(i + 1),
    }));
}

/** Adult k, then the children seated beside adult k, then adult k+1 … */
function orderKey(taker: SeatTaker, adults: readonly Slot[], children: readonly Slot[]): number {
  const size = children.length + 1;
  if (taker.slot.kind === 'adult') return (taker.slot.number - 1) * size;
  const adultIndex = taker.adult ? adults.indexOf(taker.adult) : adults.length;
  return adultIndex * size + 1 + children.indexOf(taker.slot);
}

/** The seat a passenger has chosen on a leg, if any. */
export function seatOf(
  services: Partial<Record<SlotId, SlotServices>>,
  slot: SlotId,
  leg: 0 | 1,
): string | null {
  return services[slot]?.legs[leg]?.seat ?? null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The map's party: each seat taker with the birth date the rules take ages from, whether an
 * infant travels on their lap, a child's adult and the seat already chosen on this leg. Null
 * when a passenger's birth date is not filled in yet (the seat rules cannot be applied).
 */
export function seatParty(
  takers: readonly SeatTaker[],
  drafts: Partial<Record<SlotId, PassengerDraft>>,
  services: Partial<Record<SlotId, SlotServices>>,
  leg: 0 | 1,
): SeatPartyMember[] | null {
  const party: SeatPartyMember[] = [];
  for (const taker of takers) {
    const birthday = drafts[taker.slot.id]?.birthday ?? '';
    if (!DATE.test(birthday)) return null;
    const seat = seatOf(services, taker.slot.id, leg);
    party.push({
      ref: taker.slot.id,
      passengerType: taker.slot.type,
      birthday,
      withInfant: taker.infant !== null,
      ...(taker.adult ? { adultRef: taker.adult.id } : {}),
      ...(seat ? { seat } : {}),
    });
  }
  return party;
}
