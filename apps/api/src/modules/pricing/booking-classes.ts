import { asc, eq } from 'drizzle-orm';
import { bookingClasses } from '../../db/schema/fares';
import type { Executor } from '../../platform/db';

/** A booking class as a new dated flight's inventory needs it. */
export interface BookingClassLimit {
  letter: string;
  cabin: 'C' | 'Y';
  /** Default authorised limit on a new flight, percent of the cabin's capacity. */
  limitPercent: number;
}

/** Every booking class with its default authorised limit, by cabin and nest order. */
export async function bookingClassLimits(executor: Executor): Promise<BookingClassLimit[]> {
  const rows = await executor
    .select({
      letter: bookingClasses.letter,
      cabin: bookingClasses.cabin,
      limitPercent: bookingClasses.limitPercent,
    })
    .from(bookingClasses)
    .orderBy(asc(bookingClasses.cabin), asc(bookingClasses.nestOrder));
  return rows.map((r) => ({ ...r, cabin: r.cabin as 'C' | 'Y' }));
}

/** A booking class's mileage earn rate (issue 18: the console's earn-rate table, the accrual). */
export interface EarnRate {
  letter: string;
  family: string;
  cabin: 'C' | 'Y';
  /** Percent of the flight's great-circle miles a coupon of this class earns. */
  earnRatePercent: number;
  updatedAt: Date;
}

/** Every booking class's earn rate, by cabin and nest order. */
export async function earnRates(executor: Executor): Promise<EarnRate[]> {
  const rows = await executor
    .select({
      letter: bookingClasses.letter,
      family: bookingClasses.familyCode,
      cabin: bookingClasses.cabin,
      earnRatePercent: bookingClasses.earnRatePercent,
      updatedAt: bookingClasses.updatedAt,
    })
    .from(bookingClasses)
    .orderBy(asc(bookingClasses.cabin), asc(bookingClasses.nestOrder));
  return rows.map((r) => ({ ...r, cabin: r.cabin as 'C' | 'Y' }));
}

/** Files a class's earn rate; the rate before, or null when no class has this letter. */
export async function setEarnRate(
  executor: Executor,
  letter: string,
  earnRatePercent: number,
  now: Date,
): Promise<{ before: number } | null> {
  const [before] = await executor
    .select({ rate: bookingClasses.earnRatePercent })
    .from(bookingClasses)
    .where(eq(bookingClasses.letter, letter))
    .for('update');
  if (!before) return null;
  await executor
    .update(bookingClasses)
    .set({ earnRatePercent, updatedAt: now })
    .where(eq(bookingClasses.letter, letter));
  return { before: before.rate };
}
