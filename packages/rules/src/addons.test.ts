import { AddedService } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AddonPriceTerms,
  baggageSteps,
  checkAddonPrice,
  FREE_BAGGAGE,
  refundUpgradePrice,
  serviceCodeOf,
} from './addons';

const none = {
  weightKg: null,
  seatType: null,
  amount: null,
  percent: null,
  validFrom: '2026-01-01',
  validTo: null,
};
const keys = (terms: Partial<AddonPriceTerms> & Pick<AddonPriceTerms, 'kind'>) =>
  checkAddonPrice({ ...none, ...terms }).map((i) => `${i.field}:${i.key}`);

describe('add-on catalogue rows (the same rules the console form and the staff API apply)', () => {
  it.each<[string, Partial<AddonPriceTerms> & Pick<AddonPriceTerms, 'kind'>, string[]]>([
    ['bag +5 kg at 12.00', { kind: 'baggage', weightKg: 5, amount: 1200 }, []],
    ['bag +40 kg is the largest step', { kind: 'baggage', weightKg: 40, amount: 9000 }, []],
    [
      'bag +45 kg is refused',
      { kind: 'baggage', weightKg: 45, amount: 9000 },
      ['weightKg:addons.weight_step'],
    ],
    [
      'bag +7 kg is not a step',
      { kind: 'baggage', weightKg: 7, amount: 1200 },
      ['weightKg:addons.weight_step'],
    ],
    ['bag +0 kg is refused', { kind: 'baggage', weightKg: 0, amount: 1200 }, ['weightKg:addons.weight_step']],
    ['bag without a weight', { kind: 'baggage', amount: 1200 }, ['weightKg:addons.weight_step']],
    ['bag free is refused', { kind: 'baggage', weightKg: 5, amount: 0 }, ['amount:addons.amount_positive']],
    ['priority at 8.00', { kind: 'priority', amount: 800 }, []],
    [
      'priority with a weight',
      { kind: 'priority', amount: 800, weightKg: 5 },
      ['weightKg:addons.field_not_for_kind'],
    ],
    ['priority negative', { kind: 'priority', amount: -1 }, ['amount:addons.amount_positive']],
    ['priority in fractions of a cent', { kind: 'priority', amount: 1.5 }, ['amount:addons.amount_positive']],
    ['a standard SEAT may be free', { kind: 'seat', seatType: 'SEAT', amount: 0 }, []],
    [
      'a standard SEAT is never negative',
      { kind: 'seat', seatType: 'SEAT', amount: -100 },
      ['amount:addons.amount_not_negative'],
    ],
    [
      'a front UPST seat is never free',
      { kind: 'seat', seatType: 'UPST', amount: 0 },
      ['amount:addons.amount_positive'],
    ],
    ['a PFST seat at 25.00', { kind: 'seat', seatType: 'PFST', amount: 2500 }, []],
    ['a seat needs its type', { kind: 'seat', amount: 2500 }, ['seatType:addons.seat_type_required']],
    [
      'an unknown seat type',
      { kind: 'seat', seatType: 'XL', amount: 2500 },
      ['seatType:addons.seat_type_required'],
    ],
    ['upgrade 1% is the least', { kind: 'refund_upgrade', percent: 1 }, []],
    ['upgrade 100% is the most', { kind: 'refund_upgrade', percent: 100 }, []],
    ['upgrade 0% is refused', { kind: 'refund_upgrade', percent: 0 }, ['percent:addons.percent_range']],
    ['upgrade 101% is refused', { kind: 'refund_upgrade', percent: 101 }, ['percent:addons.percent_range']],
    [
      'upgrade with an amount',
      { kind: 'refund_upgrade', percent: 10, amount: 500 },
      ['amount:addons.field_not_for_kind'],
    ],
    [
      'a percent on baggage',
      { kind: 'baggage', weightKg: 5, amount: 1200, percent: 5 },
      ['percent:addons.field_not_for_kind'],
    ],
    [
      'ends before it starts',
      { kind: 'priority', amount: 800, validTo: '2025-12-31' },
      ['validTo:admin.valid_to_before_from'],
    ],
    ['ends the day it starts', { kind: 'priority', amount: 800, validTo: '2026-01-01' }, []],
  ])('%s', (_name, terms, expected) => {
    expect(keys(terms)).toEqual(expected);
  });

  it('sells baggage in 5 kg steps up to 40 kg on top of 7 kg carry-on and 20 kg checked', () => {
    expect(baggageSteps()).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
    expect(FREE_BAGGAGE).toEqual({ carryOnKg: 7, checkedKg: 20 });
  });

  it('names each kind by the spec’s service code (the refund upgrade has none)', () => {
    expect(serviceCodeOf('baggage')).toBe(AddedService.extraBaggage);
    expect(serviceCodeOf('baggage')).toBe(13);
    expect(serviceCodeOf('priority')).toBe(11);
    expect(serviceCodeOf('seat')).toBe(12);
    expect(serviceCodeOf('refund_upgrade')).toBeNull();
  });

  it('prices the refund upgrade as a share of the fare, rounded half up to a whole cent', () => {
    expect(refundUpgradePrice({ amount: 12_300, currency: 'USD' }, 12)).toEqual({
      amount: 1476,
      currency: 'USD',
    });
    expect(refundUpgradePrice({ amount: 1005, currency: 'CNY' }, 10)).toEqual({
      amount: 101,
      currency: 'CNY',
    });
    expect(refundUpgradePrice({ amount: 1004, currency: 'CNY' }, 10)).toEqual({
      amount: 100,
      currency: 'CNY',
    });
    expect(refundUpgradePrice({ amount: 9900, currency: 'USD' }, 100)).toEqual({
      amount: 9900,
      currency: 'USD',
    });
  });
});
