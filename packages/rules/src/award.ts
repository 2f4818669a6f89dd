import type { MessageParam } from '@wings/contracts';
import { HUB_TIME_ZONE, localDate } from './dates';
import { awardMiles, awardZone, MAX_AWARD_TICKETS, MIN_AWARD_CONNECTION_MINUTES } from './mileage';
import { checkDocument, fullNameKey } from './person';

/**
 * Award tickets paid with miles (issue 18; after-sales-and-loyalty §5 "Mileage redemption", §8):
 * whether a member may redeem a journey for the passengers they chose, and what an award costs on
 * the chart staff file. The server refuses a redemption with the same answer the app shows before
 * the member pays the taxes.
 */

/** Someone travelling on an award: the member or one of their beneficiaries. */
export interface AwardPassenger {
  id: string;
  surname: string;
  givenName: string;
  middleName?: string | null;
  kind: 'member' | 'beneficiary';
  /** A beneficiary counts once effective (audited and within their validity); ignored for the member. */
  effective: boolean;
  /** Document type 0 ID card, 1 passport; `validTo` is its last valid day, `YYYY-MM-DD`. */
  document: { type: 0 | 1; number: string; validTo: string };
}

/** One flight of the journey; every passenger of the redemption flies every leg. */
export interface AwardLeg {
  flightId: string;
  depUtc: Date;
  arrUtc: Date;
}

export interface RedemptionInput {
  passengers: readonly AwardPassenger[];
  legs: readonly AwardLeg[];
  /** The award's miles for one passenger (the whole journey: `awardMilesFor`). */
  milesPerPassenger: number;
  /** The member's spendable balance. */
  balance: number;
  /** The member's miles are frozen by staff. */
  frozen: boolean;
  /** Today's date at the hub (Phnom Penh), `YYYY-MM-DD`. */
  today: string;
}

export type RedemptionProblemKey =
  | 'mileage.frozen'
  | 'mileage.no_flight_found'
  | 'mileage.too_many_tickets'
  | 'mileage.connection_too_short'
  | 'mileage.passenger_not_legal'
  | 'mileage.duplicate_name'
  | 'mileage.id_illegal'
  | 'mileage.insufficient';

/**
 * Why a redemption is refused: the message key (contracts/messages.ts; the server's codes 860–875
 * in errors.ts), its parameters, and the passenger or flight it is about, so the app can mark it.
 */
export interface RedemptionProblem {
  key: RedemptionProblemKey;
  params?: Record<string, MessageParam>;
  passengerId?: string;
  flightId?: string;
}

/**
 * The first reason a redemption is refused, or null when the member may redeem it. The checks run
 * in this order, the first failing one answering:
 *
 * 1. `mileage.frozen`: frozen miles cannot be spent, whatever else is chosen.
 * 2. `mileage.no_flight_found`: no leg chosen; `mileage.passenger_not_legal`: nobody chosen.
 * 3. `mileage.too_many_tickets`: more than `MAX_AWARD_TICKETS` (9) tickets. A ticket is one
 *    passenger's whole journey (its legs are coupons of that ticket), so the passengers count,
 *    not passengers × legs: 9 passengers on a return journey are 9 tickets.
 * 4. `mileage.connection_too_short`: a leg departing `MIN_AWARD_CONNECTION_MINUTES` (120) minutes
 *    or less after the previous leg's arrival (legs taken in departure order; an overlap too).
 * 5. `mileage.passenger_not_legal`: a passenger neither the member nor an effective beneficiary.
 * 6. `mileage.duplicate_name`: two passengers with the same name (`fullNameKey`: case, accents,
 *    hyphens and the surname/given split do not matter) — they would share every flight.
 * 7. `mileage.id_illegal`: a document whose number does not fit its type (`checkDocument`, the
 *    rule of `person.doc_number_format`), or that expires before the day of the last leg's
 *    departure (hub date) or before today. Valid to the flight day is enough.
 * 8. `mileage.insufficient`: the balance below `milesPerPassenger` × passengers.
 */
export function redemptionProblem(input: RedemptionInput): RedemptionProblem | null {
  const { passengers, legs } = input;
  if (input.frozen) return { key: 'mileage.frozen' };
  if (legs.length === 0) return { key: 'mileage.no_flight_found' };
  if (passengers.length === 0) return { key: 'mileage.passenger_not_legal' };

  if (passengers.length > MAX_AWARD_TICKETS) {
    return { key: 'mileage.too_many_tickets', params: { max: MAX_AWARD_TICKETS } };
  }

  const ordered = [...legs].sort((a, b) => a.depUtc.getTime() - b.depUtc.getTime());
  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1]!;
    const leg = ordered[i]!;
    const gapMinutes = (leg.depUtc.getTime() - previous.arrUtc.getTime()) / 60_000;
    if (gapMinutes <= MIN_AWARD_CONNECTION_MINUTES) {
      return {
        key: 'mileage.connection_too_short',
        params: { minutes: MIN_AWARD_CONNECTION_MINUTES },
        flightId: leg.flightId,
      };
    }
  }

  for (const p of passengers) {
    if (p.kind !== 'member' && !(p.kind === 'beneficiary' && p.effective)) {
      return { key: 'mileage.passenger_not_legal', passengerId: p.id };
    }
  }

  const seen = new Set<string>();
  for (const p of passengers) {
    const name = fullNameKey(p.surname, p.givenName, p.middleName);
    if (seen.has(name)) {
      return { key: 'mileage.duplicate_name', passengerId: p.id, flightId: ordered[0]!.flightId };
    }
    seen.add(name);
  }

  const lastDay = localDate(ordered[ordered.length - 1]!.depUtc, HUB_TIME_ZONE);
  const mustLastTo = lastDay > input.today ? lastDay : input.today;
  for (const p of passengers) {
    const badNumber = checkDocument(p.document.type, p.document.number).length > 0;
    if (badNumber || p.document.validTo < mustLastTo) {
      return { key: 'mileage.id_illegal', passengerId: p.id };
    }
  }

  const needed = input.milesPerPassenger * passengers.length;
  if (input.balance < needed) {
    return { key: 'mileage.insufficient', params: { needed, balance: input.balance } };
  }
  return null;
}

/** A row of the award chart staff file: one-way miles per person for a zone and cabin. */
export interface AwardChartRow {
  zone: number;
  cabin: string;
  miles: number;
}

/**
 * Miles an award costs per person (the award calculator and the redemption): the chart's figure
 * for the one-way distance's zone and the cabin, twice for a return (`tripType` 1). Null when the
 * chart has no row for that zone and cabin (the calculator says `mileage.unknown_route`).
 */
export function awardMilesFor(
  chart: readonly AwardChartRow[],
  distanceMiles: number,
  cabin: string,
  tripType: 0 | 1,
): number | null {
  const zone = awardZone(distanceMiles);
  const row = chart.find((r) => r.zone === zone && r.cabin === cabin);
  return row ? awardMiles(row.miles, tripType) : null;
}
