import { describe, expect, it } from 'vitest';
import { checkPromotion, type PromotionTerms } from './promotion';

const base: PromotionTerms = {
  kind: 'percent',
  value: 10,
  currency: null,
  minSpend: null,
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2026-12-31T23:59:59Z',
  routes: null,
  usageLimit: null,
};
const keys = (terms: Partial<PromotionTerms>, used = 0) =>
  checkPromotion({ ...base, ...terms }, used).map((i) => `${i.field}:${i.key}`);

describe('promotion terms staff file (the same rules the console form and the staff API apply)', () => {
  it.each<[string, Partial<PromotionTerms>, number, string[]]>([
    ['10% everywhere', {}, 0, []],
    ['100% is the most a percentage takes', { value: 100 }, 0, []],
    ['101% is refused', { value: 101 }, 0, ['value:promo.percent_range']],
    ['0 off is refused', { value: 0 }, 0, ['value:promo.value_positive']],
    ['a fraction is refused', { value: 2.5 }, 0, ['value:promo.value_positive']],
    [
      'an amount needs its currency',
      { kind: 'amount', value: 2000 },
      0,
      ['currency:promo.currency_required'],
    ],
    ['an amount in USD', { kind: 'amount', value: 2000, currency: 'USD' }, 0, []],
    ['a threshold needs its currency', { minSpend: 10000 }, 0, ['currency:promo.currency_required']],
    ['a threshold with its currency', { minSpend: 10000, currency: 'USD' }, 0, []],
    ['a negative threshold', { minSpend: -1, currency: 'USD' }, 0, ['minSpend:promo.value_positive']],
    ['ends before it starts', { validTo: '2025-12-31T00:00:00Z' }, 0, ['validTo:promo.valid_to_before_from']],
    ['ends as it starts', { validTo: '2026-01-01T00:00:00Z' }, 0, ['validTo:promo.valid_to_before_from']],
    ['not a date', { validFrom: 'soon' }, 0, ['validFrom:promo.date_invalid']],
    ['routes named', { routes: ['KTI-SAI', 'SAI-KTI'] }, 0, []],
    ['no route at all', { routes: [] }, 0, ['routes:promo.routes_empty']],
    ['a route badly written', { routes: ['KTI SAI'] }, 0, ['routes:promo.route_format']],
    ['a route to itself', { routes: ['KTI-KTI'] }, 0, ['routes:promo.route_format']],
    ['a limit of 0', { usageLimit: 0 }, 0, ['usageLimit:promo.value_positive']],
    ['a limit below the uses taken', { usageLimit: 3 }, 4, ['usageLimit:promo.limit_below_used']],
    ['a limit equal to the uses taken', { usageLimit: 4 }, 4, []],
  ])('%s', (_name, terms, used, expected) => {
    expect(keys(terms, used)).toEqual(expected);
  });
});
