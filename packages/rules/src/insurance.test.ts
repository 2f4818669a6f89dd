import { describe, expect, it } from 'vitest';
import {
  BENEFICIARY_RELATIONSHIPS,
  bandPrice,
  checkBeneficiary,
  checkInsuranceEntry,
  checkInsuredDays,
  checkPriceBands,
  checkTripDates,
  coveredEnd,
  delayExtensionDays,
  type InsuranceEntryInput,
  insuredDays,
  tripCover,
} from './insurance';

describe('insured days of a trip', () => {
  it.each([
    ['same-day one way', '2026-05-01', '2026-05-01', 1],
    ['overnight one way', '2026-05-01', '2026-05-02', 2],
    ['a week away', '2026-05-01', '2026-05-07', 7],
    ['over a month end', '2026-01-30', '2026-02-02', 4],
    ['leap day', '2028-02-28', '2028-03-01', 3],
    ['90 days', '2026-01-01', '2026-03-31', 90],
    ['91 days', '2026-01-01', '2026-04-01', 91],
    ['ending the day before', '2026-05-02', '2026-05-01', 0],
  ])('%s: %s to %s is %i days', (_what, from, to, days) => {
    expect(insuredDays(from, to)).toBe(days);
  });

  it('runs from the first local departure date to the last local arrival date', () => {
    expect(
      tripCover([
        { depTime: '2026-05-01T23:30:00+07:00', arrTime: '2026-05-02T01:10:00+07:00' },
        { depTime: '2026-05-09T08:00:00+07:00', arrTime: '2026-05-09T09:40:00+07:00' },
      ]),
    ).toEqual({ from: '2026-05-01', to: '2026-05-09' });
    expect(tripCover([])).toBeNull();
  });
});

describe('the 1–90 day window', () => {
  it.each([
    [1, []],
    [2, []],
    [89, []],
    [90, []],
  ])('%i days are insurable', (days, issues) => {
    expect(checkInsuredDays(days)).toEqual(issues);
  });

  it('refuses 0 days with its own message', () => {
    expect(checkInsuredDays(0)).toEqual([
      { field: 'days', key: 'insurance.days_too_few', params: { min: 1 } },
    ]);
    expect(checkInsuredDays(-3)[0]?.key).toBe('insurance.days_too_few');
  });

  it('refuses 91 days with its own message', () => {
    expect(checkInsuredDays(91)).toEqual([
      { field: 'days', key: 'insurance.days_too_many', params: { max: 90, days: 91 } },
    ]);
    expect(checkInsuredDays(365)[0]?.key).toBe('insurance.days_too_many');
  });

  it('checks a pair of trip dates, naming the field', () => {
    expect(checkTripDates('2026-01-01', '2026-03-31')).toEqual([]);
    expect(checkTripDates('2026-01-01', '2026-04-01')).toEqual([
      { field: 'endDate', key: 'insurance.days_too_many', params: { max: 90, days: 91 } },
    ]);
    expect(checkTripDates('2026-01-02', '2026-01-01')[0]).toMatchObject({
      field: 'endDate',
      key: 'insurance.days_too_few',
    });
    expect(checkTripDates('2026-02-30', '2026-03-01')).toEqual([
      { field: 'startDate', key: 'insurance.date_invalid' },
    ]);
    expect(checkTripDates('2026-02-01', undefined)).toEqual([
      { field: 'endDate', key: 'insurance.date_invalid' },
    ]);
  });
});

describe('automatic extension after a delay (up to 7 days)', () => {
  it.each([
    [0, 0],
    [-30, 0],
    [1, 1],
    [24 * 60, 1],
    [24 * 60 + 1, 2],
    [2 * 24 * 60, 2],
    [3 * 24 * 60, 3],
    [4 * 24 * 60, 4],
    [5 * 24 * 60, 5],
    [6 * 24 * 60, 6],
    [7 * 24 * 60, 7],
    [7 * 24 * 60 + 1, 7],
    [30 * 24 * 60, 7],
  ])('a delay of %i minutes extends by %i days', (minutes, days) => {
    expect(delayExtensionDays(minutes)).toBe(days);
  });

  it('moves the covered end by the extension, across a month end', () => {
    expect(coveredEnd('2026-05-10', 0)).toBe('2026-05-10');
    expect(coveredEnd('2026-05-10', 90)).toBe('2026-05-11');
    expect(coveredEnd('2026-05-28', 7 * 24 * 60)).toBe('2026-06-04');
    expect(coveredEnd('2026-05-28', 100 * 24 * 60)).toBe('2026-06-04');
  });
});

const complete: InsuranceEntryInput = {
  insuranceType: 'PLUS',
  insuranceLimit: 10_000_000,
  nationality: 'KH',
  region: 'Phnom Penh',
  city: 'Phnom Penh',
  address: '12 Street 240, Daun Penh',
  postalCode: '120207',
  name: 'Sok Dara',
  relationship: 'spouse',
  credentialsType: 1,
  credentialsId: 'N1234567',
  mailbox: 'dara@example.com',
  countryCode: '855',
  contactNumber: '12345678',
};

function fieldsOf(input: InsuranceEntryInput) {
  return checkInsuranceEntry(input).map((i) => [i.field, i.key]);
}

describe('an insured passenger’s entry and beneficiary', () => {
  it('accepts a complete entry', () => {
    expect(checkInsuranceEntry(complete)).toEqual([]);
  });

  it.each([
    ['insuranceType', { insuranceType: '' }, 'insurance.plan_required'],
    ['insuranceLimit', { insuranceLimit: -1 }, 'insurance.limit_invalid'],
    ['nationality', { nationality: '' }, 'insurance.field_required'],
    ['nationality', { nationality: 'Cambodia' }, 'insurance.nationality_invalid'],
    ['region', { region: ' ' }, 'insurance.field_required'],
    ['region', { region: 'x'.repeat(61) }, 'insurance.field_too_long'],
    ['city', { city: null }, 'insurance.field_required'],
    ['address', { address: '' }, 'insurance.field_required'],
    ['address', { address: 'x'.repeat(201) }, 'insurance.field_too_long'],
    ['postalCode', { postalCode: '' }, 'insurance.field_required'],
    ['postalCode', { postalCode: '1' }, 'insurance.postal_code_invalid'],
    ['postalCode', { postalCode: '12#45' }, 'insurance.postal_code_invalid'],
    ['name', { name: '' }, 'insurance.beneficiary_name_required'],
    ['name', { name: '王小明' }, 'insurance.beneficiary_name_english'],
    ['name', { name: 'Dara' }, 'insurance.beneficiary_name_english'],
    ['name', { name: 'Sok  Dara' }, 'insurance.beneficiary_name_english'],
    ['relationship', { relationship: '' }, 'insurance.relationship_required'],
    ['relationship', { relationship: 'colleague' }, 'insurance.relationship_invalid'],
    ['credentialsType', { credentialsType: 7 }, 'insurance.credentials_type_invalid'],
    ['credentialsId', { credentialsId: '' }, 'person.doc_number_required'],
    ['credentialsId', { credentialsId: 'AB' }, 'person.doc_number_format'],
    ['mailbox', { mailbox: 'not-an-address' }, 'insurance.mailbox_invalid'],
    ['contactNumber', { contactNumber: '' }, 'person.phone_invalid'],
    ['contactNumber', { contactNumber: '12ab' }, 'person.phone_invalid'],
    ['contactNumber', { contactNumber: '1234567890123456789' }, 'person.phone_too_long'],
    ['countryCode', { countryCode: '' }, 'person.country_code_required'],
  ])('names %s when it is wrong (%j)', (field, change, key) => {
    expect(fieldsOf({ ...complete, ...change })).toEqual([[field, key]]);
  });

  it('takes every listed relationship, a name with a hyphen or apostrophe, and no e-mail', () => {
    for (const relationship of BENEFICIARY_RELATIONSHIPS) {
      expect(checkBeneficiary({ ...complete, relationship })).toEqual([]);
    }
    expect(checkBeneficiary({ ...complete, name: "Mary-Jane O'Neil" })).toEqual([]);
    expect(checkBeneficiary({ ...complete, mailbox: null })).toEqual([]);
  });

  it('defaults the certificate type to 0 (ID card) and checks the number against it', () => {
    expect(checkBeneficiary({ ...complete, credentialsType: null, credentialsId: '123456789' })).toEqual([]);
    expect(checkBeneficiary({ ...complete, credentialsType: undefined, credentialsId: 'A1' })).toEqual([
      { field: 'credentialsId', key: 'person.doc_number_format' },
    ]);
  });

  it('reports every missing field of an empty entry at once', () => {
    expect(fieldsOf({}).map(([f]) => f)).toEqual([
      'insuranceType',
      'nationality',
      'region',
      'city',
      'address',
      'postalCode',
      'name',
      'relationship',
      'credentialsId',
      'contactNumber',
    ]);
  });
});

describe('price bands', () => {
  const bands = [
    { upToDays: 7, amount: 800 },
    { upToDays: 30, amount: 1800 },
    { upToDays: 90, amount: 4500 },
  ];
  it.each([
    [1, 800],
    [7, 800],
    [8, 1800],
    [30, 1800],
    [31, 4500],
    [90, 4500],
    [91, null],
  ])('%i days cost %s per insured', (days, price) => {
    expect(bandPrice(bands, days)).toBe(price);
  });

  it('checks a plan’s bands', () => {
    expect(checkPriceBands(bands)).toEqual([]);
    expect(checkPriceBands([])[0]?.key).toBe('insurance.bands_required');
    expect(checkPriceBands([{ upToDays: 30, amount: 100 }])[0]).toMatchObject({
      field: 'priceBands.0.upToDays',
      key: 'insurance.bands_reach_max',
    });
    expect(
      checkPriceBands([
        { upToDays: 30, amount: 100 },
        { upToDays: 10, amount: 200 },
      ])[0],
    ).toMatchObject({ field: 'priceBands.1.upToDays', key: 'insurance.bands_order' });
    expect(checkPriceBands([{ upToDays: 90, amount: 0 }])[0]?.key).toBe('insurance.band_amount_invalid');
    expect(checkPriceBands([{ upToDays: 91, amount: 10 }])[0]?.key).toBe('insurance.band_days_invalid');
  });
});
