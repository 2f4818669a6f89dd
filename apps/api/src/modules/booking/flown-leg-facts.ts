import { inArray } from 'drizzle-orm';
import { orderPassengers, orderSegments } from '../../db/schema/booking';
import type { Executor } from '../../platform/db';

/** An order's leg as the mileage programme credits it (issue 18, modules/mileage). */
export interface LegFact {
  segmentId: string;
  flightNo: string;
  depCode: string;
  arrCode: string;
  depUtc: Date;
  cabin: string;
  bookingClass: string;
}

/** An order's passenger as the mileage programme matches it to a member. */
export interface PassengerFact {
  passengerId: string;
  surname: string;
  givenName: string;
  middleName: string | null;
  birthday: string;
  /** The member card number the passenger flew on (set at booking for the account's member). */
  memberCardNo: string | null;
}

/** The legs with these ids, by id. */
export async function legFacts(db: Executor, segmentIds: readonly string[]): Promise<Map<string, LegFact>> {
  if (segmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      segmentId: orderSegments.id,
      flightNo: orderSegments.flightNo,
      depCode: orderSegments.depCode,
      arrCode: orderSegments.arrCode,
      depUtc: orderSegments.depUtc,
      cabin: orderSegments.cabin,
      bookingClass: orderSegments.bookingClass,
    })
    .from(orderSegments)
    .where(inArray(orderSegments.id, [...new Set(segmentIds)]));
  return new Map(rows.map((r) => [r.segmentId, r]));
}

/** The passengers with these ids, by id. */
export async function passengerFacts(
  db: Executor,
  passengerIds: readonly string[],
): Promise<Map<string, PassengerFact>> {
  if (passengerIds.length === 0) return new Map();
  const rows = await db
    .select({
      passengerId: orderPassengers.id,
      surname: orderPassengers.surname,
      givenName: orderPassengers.givenName,
      middleName: orderPassengers.middleName,
      birthday: orderPassengers.birthday,
      memberCardNo: orderPassengers.memberCardNo,
    })
    .from(orderPassengers)
    .where(inArray(orderPassengers.id, [...new Set(passengerIds)]));
  return new Map(rows.map((r) => [r.passengerId, r]));
}
