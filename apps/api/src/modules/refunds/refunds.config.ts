import { z } from 'zod';
import { defineSettings, type SliceOf } from '../../platform/settings';

/**
 * The refunds module's settings (config.refunds): how many days each gateway takes to put a
 * refund back on the traveller's card or account, the promise the refund's timeline shows
 * (after-sales §4 "money refund processing"). `REFUND_MONEY_DAYS` is `gateway=days` pairs,
 * comma-separated (`aba=7,wechat=3`); a gateway not named takes `REFUND_MONEY_DAYS_DEFAULT`.
 */
export const refundsSettings = defineSettings({
  env: z.object({
    REFUND_MONEY_DAYS: z
      .string()
      .regex(/^\s*([a-z]+=\d{1,2}\s*(,\s*|$))*$/, 'must be gateway=days pairs, e.g. aba=7,wechat=3')
      .default('sandbox=1,aba=7,wechat=3'),
    REFUND_MONEY_DAYS_DEFAULT: z.coerce.number().int().min(1).max(60).default(15),
  }),
  read: (env) => ({
    moneyDays: Object.fromEntries(
      env.REFUND_MONEY_DAYS.split(',')
        .map((pair) => pair.trim())
        .filter((pair) => pair !== '')
        .map((pair) => {
          const [gateway, days] = pair.split('=');
          return [gateway!.trim(), Number(days)];
        }),
    ) as Record<string, number>,
    moneyDaysDefault: env.REFUND_MONEY_DAYS_DEFAULT,
  }),
});

export type RefundsConfig = SliceOf<typeof refundsSettings>;
