import { z } from 'zod';

/** A calendar date as the traveller sees it, `YYYY-MM-DD`, in the relevant airport's zone. */
export const ZLocalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isCalendarDate, { message: 'must be a real calendar date' });

/**
 * True when `YYYY-MM-DD` names a day of the Gregorian calendar (2024-02-29 yes, 2023-02-29 and
 * 2026-04-31 no). Plain arithmetic: every search and order body carries dates, and building two
 * Date objects per date was a few per cent of a cached search's CPU.
 */
export function isCalendarDate(s: string): boolean {
  const year = Number(s.slice(0, 4));
  const month = Number(s.slice(5, 7));
  const day = Number(s.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/** A month, `YYYY-MM`. */
export const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM');

/** A three-letter IATA airport code. */
export const ZAirportCode = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter airport code'));

export const ZCurrency = z.enum(['USD', 'CNY']);
export type Currency = z.infer<typeof ZCurrency>;

/** Money is always integer minor units (cents, fen) with its ISO currency. */
export const ZMoney = z.object({
  amount: z.number().int(),
  currency: ZCurrency,
});
export type Money = z.infer<typeof ZMoney>;

/** A name in the three product languages. */
export const ZLocalizedText = z.object({ zh: z.string(), en: z.string(), km: z.string() });
export type LocalizedText = z.infer<typeof ZLocalizedText>;
