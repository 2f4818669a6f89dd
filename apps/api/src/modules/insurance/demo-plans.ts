import type { Currency } from '@wings/contracts';
import { insurancePlans } from '../../db/schema/insurance';
import type { Executor } from '../../platform/db';

/** Days bands of the demo plans (the last reaches the 90-day maximum). */
const BAND_DAYS = [7, 15, 30, 60, 90] as const;

interface DemoPlan {
  code: string;
  grade: number;
  name: { zh: string; en: string; km: string };
  /** USD, in dollars: each cover's limit. */
  limits: Partial<Record<'medical' | 'accident' | 'delay' | 'baggage' | 'cancellation', number>>;
  /** USD, in dollars: the price per insured of each band. */
  prices: readonly [number, number, number, number, number];
}

const PLANS: DemoPlan[] = [
  {
    code: 'BASIC',
    grade: 1,
    name: { zh: '基础保障', en: 'Basic', km: 'មូលដ្ឋាន' },
    limits: { medical: 30_000, accident: 10_000, delay: 100, baggage: 300 },
    prices: [8, 12, 20, 35, 50],
  },
  {
    code: 'PLUS',
    grade: 2,
    name: { zh: '升级保障', en: 'Plus', km: 'បន្ថែម' },
    limits: { medical: 100_000, accident: 50_000, delay: 300, baggage: 1_000, cancellation: 1_000 },
    prices: [13, 19, 32, 56, 80],
  },
  {
    code: 'PREMIUM',
    grade: 3,
    name: { zh: '尊享保障', en: 'Premium', km: 'ពិសេស' },
    limits: { medical: 300_000, accident: 150_000, delay: 600, baggage: 2_000, cancellation: 3_000 },
    prices: [20, 30, 50, 88, 125],
  },
];

/** CNY per USD the demo plans are filed at (a round figure; prices are filed, not converted live). */
const CNY_PER_USD = 7;

/** The demo plans in both journey currencies (Basic, Plus, Premium), as rows. */
export function demoInsurancePlans() {
  return (['USD', 'CNY'] as Currency[]).flatMap((currency) => {
    const rate = currency === 'USD' ? 1 : CNY_PER_USD;
    return PLANS.map((p) => ({
      code: p.code,
      currency,
      grade: p.grade,
      name: p.name,
      coverage: Object.entries(p.limits).map(([item, dollars]) => ({ item, limit: dollars * rate * 100 })),
      priceBands: BAND_DAYS.map((upToDays, i) => ({ upToDays, amount: p.prices[i]! * rate * 100 })),
    }));
  });
}

/** Writes the demo plans; a plan already filed (code and currency) is left as staff made it. */
export async function seedDemoInsurancePlans(tx: Executor): Promise<void> {
  await tx
    .insert(insurancePlans)
    .values(demoInsurancePlans())
    .onConflictDoNothing({ target: [insurancePlans.code, insurancePlans.currency] });
}
