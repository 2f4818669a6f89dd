import { z } from 'zod';

/** A calendar date as the traveller sees it, `YYYY-MM-DD`, in the relevant airport's zone. */
export const ZLocalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: 'must be a real calendar date',
    },
  );

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
