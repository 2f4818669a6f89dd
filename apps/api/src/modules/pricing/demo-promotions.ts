import { promoCodes } from '../../db/schema/fares';
import type { Executor } from '../../platform/db';

type PromoSeed = Omit<typeof promoCodes.$inferInsert, 'usedCount' | 'createdAt' | 'updatedAt'>;

/** The demo's promotions run over a fixed window (Phnom Penh time), so tests and demos agree. */
const FROM = new Date('2025-01-01T00:00:00+07:00');
const TO = new Date('2030-12-31T23:59:59+07:00');

/**
 * Demo promo codes, one for each way a code can apply or be refused (issue 4):
 * WELCOME10 percent with a spend threshold; ANGKOR20 an amount on the Siem Reap routes only;
 * FLY5 percent everywhere; SOLDOUT used up; OLDDEAL expired; CNY50 an amount in yuan, so
 * only for journeys that start in mainland China.
 */
export const DEMO_PROMOTIONS: PromoSeed[] = [
  {
    code: 'WELCOME10',
    titleZh: '新客立减 10%（满 100 美元）',
    titleEn: '10% off your trip over USD 100',
    titleKm: 'បញ្ចុះតម្លៃ 10% សម្រាប់ការធ្វើដំណើរលើសពី 100 ដុល្លារ',
    kind: 'percent',
    value: 10,
    currency: 'USD',
    minSpend: 10_000,
    validFrom: FROM,
    validTo: TO,
    routes: null,
    usageLimit: null,
    listed: 1,
  },
  {
    code: 'ANGKOR20',
    titleZh: '吴哥之旅立减 20 美元',
    titleEn: 'USD 20 off Phnom Penh – Siem Reap',
    titleKm: 'បញ្ចុះតម្លៃ 20 ដុល្លារ ភ្នំពេញ – សៀមរាប',
    kind: 'amount',
    value: 2_000,
    currency: 'USD',
    minSpend: null,
    validFrom: FROM,
    validTo: TO,
    routes: ['KTI-SAI', 'SAI-KTI'],
    usageLimit: null,
    listed: 1,
  },
  {
    code: 'FLY5',
    titleZh: '全航线 95 折',
    titleEn: '5% off every route',
    titleKm: 'បញ្ចុះតម្លៃ 5% គ្រប់ជើងហោះហើរ',
    kind: 'percent',
    value: 5,
    currency: null,
    minSpend: null,
    validFrom: FROM,
    validTo: TO,
    routes: null,
    usageLimit: null,
    listed: 1,
  },
  {
    code: 'SOLDOUT',
    titleZh: '限量 85 折（已领完）',
    titleEn: '15% off, limited (all taken)',
    titleKm: 'បញ្ចុះតម្លៃ 15% មានកំណត់ (អស់ហើយ)',
    kind: 'percent',
    value: 15,
    currency: null,
    minSpend: null,
    validFrom: FROM,
    validTo: TO,
    routes: null,
    usageLimit: 0,
    listed: 1,
  },
  {
    code: 'OLDDEAL',
    titleZh: '2024 年促销（已结束）',
    titleEn: '2024 sale (ended)',
    titleKm: 'ការលក់បញ្ចុះតម្លៃឆ្នាំ 2024 (បានបញ្ចប់)',
    kind: 'percent',
    value: 20,
    currency: null,
    minSpend: null,
    validFrom: new Date('2024-01-01T00:00:00+07:00'),
    validTo: new Date('2024-12-31T23:59:59+07:00'),
    routes: null,
    usageLimit: null,
    listed: 1,
  },
  {
    code: 'CNY50',
    titleZh: '中国出发立减 50 元',
    titleEn: 'CNY 50 off journeys from China',
    titleKm: 'បញ្ចុះតម្លៃ 50 យ័ន សម្រាប់ការធ្វើដំណើរចេញពីប្រទេសចិន',
    kind: 'amount',
    value: 5_000,
    currency: 'CNY',
    minSpend: null,
    validFrom: FROM,
    validTo: TO,
    routes: null,
    usageLimit: null,
    listed: 1,
  },
];

/**
 * Writes the demo promotions, in the caller's transaction. A code that is already there is left
 * as it is: its terms may have been edited, and `used_count` belongs to the orders that used it.
 */
export async function seedDemoPromotions(tx: Executor): Promise<void> {
  await tx.insert(promoCodes).values(DEMO_PROMOTIONS).onConflictDoNothing({ target: promoCodes.code });
}
