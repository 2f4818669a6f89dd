import { asc } from 'drizzle-orm';
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
