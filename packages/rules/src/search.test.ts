import { describe, expect, it } from 'vitest';
import { checkPassengerCounts, checkSearch, type SearchInput } from './search';

const today = '2026-11-22';
const base: SearchInput = { depCode: 'KTI', arrCode: 'BKK', depDate: '2026-12-22', passengers: [1, 0, 0] };
const keys = (input: Partial<SearchInput>) =>
  checkSearch({ ...base, ...input }, today).map((i) => `${i.field}:${i.key}`);

describe('checkSearch', () => {
  it.each<[string, Partial<SearchInput>, string[]]>([
    ['accepts a valid one-way search', {}, []],
    ['requires a departure airport', { depCode: '' }, ['depCode:search.dep_required']],
    ['requires an arrival airport', { arrCode: undefined }, ['arrCode:search.arr_required']],
    ['refuses the same airport both ends', { arrCode: 'kti' }, ['arrCode:search.same_city']],
    ['requires a departure date', { depDate: undefined }, ['depDate:search.date_required']],
    ['accepts today', { depDate: today }, []],
    ['refuses yesterday', { depDate: '2026-11-21' }, ['depDate:search.date_past']],
    ['accepts exactly 180 days ahead', { depDate: '2027-05-21' }, []],
    ['refuses 181 days ahead', { depDate: '2027-05-22' }, ['depDate:search.date_too_far']],
    ['requires a return date on a return trip', { tripType: 1 }, ['retDate:search.return_date_required']],
    ['accepts a same-day return', { tripType: 1, retDate: '2026-12-22' }, []],
    [
      'refuses a return before the outbound',
      { tripType: 1, retDate: '2026-12-21' },
      ['retDate:search.return_before_outbound'],
    ],
    [
      'refuses a return beyond the window',
      { tripType: 1, retDate: '2027-05-22' },
      ['retDate:search.date_too_far'],
    ],
    ['ignores the return date of a one-way trip', { tripType: 0, retDate: '2026-01-01' }, []],
  ])('%s', (_name, input, expected) => {
    expect(keys(input)).toEqual(expected);
  });

  it('reports every broken rule at once, so the form can mark each field', () => {
    const issues = checkSearch({ passengers: [0, 0, 1] }, today);
    expect(issues.map((i) => i.field)).toEqual(['depCode', 'arrCode', 'depDate', 'passengers', 'passengers']);
  });

  it('gives the window length as a message parameter', () => {
    expect(checkSearch({ ...base, depDate: '2027-06-01' }, today)[0]?.params).toEqual({ days: 180 });
  });
});

describe('checkPassengerCounts', () => {
  it.each<[readonly [number, number, number], string[]]>([
    [[1, 0, 0], []],
    [[9, 0, 0], []],
    [[5, 4, 0], []],
    [[5, 4, 5], []],
    [[5, 5, 0], ['search.too_many_passengers']],
    [[10, 0, 0], ['search.too_many_passengers']],
    [[0, 1, 0], ['search.adult_required']],
    [[0, 0, 0], ['search.adult_required']],
    [[2, 0, 2], []],
    [[2, 0, 3], ['search.infants_exceed_adults']],
    [
      [0, 2, 1],
      ['search.adult_required', 'search.infants_exceed_adults'],
    ],
    [[1.5, 0, 0], ['search.passenger_count_invalid']],
    [[1, -1, 0], ['search.passenger_count_invalid']],
  ])('%j gives %j', (counts, expected) => {
    expect(checkPassengerCounts(counts).map((i) => i.key)).toEqual(expected);
  });

  it('does not count infants as seated passengers', () => {
    expect(checkPassengerCounts([5, 4, 5])).toEqual([]);
  });
});
