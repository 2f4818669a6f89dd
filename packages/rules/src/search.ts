import { daysBetween } from './dates';
import type { RuleIssue } from './issue';
import { isRoundTrip } from './passenger-types';

/** How far ahead a search may reach, in days (spec §5, §9). */
export const SEARCH_WINDOW_DAYS = 180;
/** Most passengers with a seat in one booking. */
export const MAX_SEATED_PASSENGERS = 9;

export type PassengerCountsInput = readonly [number, number, number];

/** [adults, children, infants]: 1 to 9 seated, at least one adult, infants no more than adults. */
export function checkPassengerCounts(counts: PassengerCountsInput): RuleIssue[] {
  const [adults, children, infants] = counts;
  const field = 'passengers';
  if (![adults, children, infants].every((n) => Number.isInteger(n) && n >= 0)) {
    return [{ field, key: 'search.passenger_count_invalid' }];
  }
  const issues: RuleIssue[] = [];
  if (adults < 1) issues.push({ field, key: 'search.adult_required' });
  if (adults + children > MAX_SEATED_PASSENGERS) {
    issues.push({ field, key: 'search.too_many_passengers', params: { max: MAX_SEATED_PASSENGERS } });
  }
  if (infants > adults) issues.push({ field, key: 'search.infants_exceed_adults' });
  return issues;
}

/** Seats a party occupies: infants sit on a lap. */
export function seatedCount(counts: PassengerCountsInput): number {
  return counts[0] + counts[1];
}

export interface SearchInput {
  depCode?: string | undefined;
  arrCode?: string | undefined;
  depDate?: string | undefined;
  /** 0 one-way; 2 round trip (spec §3), or 1, which earlier clients send for a round trip. */
  tripType?: 0 | 1 | 2 | undefined;
  retDate?: string | undefined;
  passengers: PassengerCountsInput;
}

/**
 * The search form's rules (spec §5, issue 2 §4), used by the form and by the API alike.
 * `today` is the departure airport's local date.
 */
export function checkSearch(input: SearchInput, today: string): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const dep = input.depCode?.trim();
  const arr = input.arrCode?.trim();
  if (!dep) issues.push({ field: 'depCode', key: 'search.dep_required' });
  if (!arr) issues.push({ field: 'arrCode', key: 'search.arr_required' });
  if (dep && arr && dep.toUpperCase() === arr.toUpperCase()) {
    issues.push({ field: 'arrCode', key: 'search.same_city' });
  }
  if (!input.depDate) {
    issues.push({ field: 'depDate', key: 'search.date_required' });
  } else {
    const ahead = daysBetween(today, input.depDate);
    if (ahead < 0) issues.push({ field: 'depDate', key: 'search.date_past' });
    else if (ahead > SEARCH_WINDOW_DAYS) {
      issues.push({ field: 'depDate', key: 'search.date_too_far', params: { days: SEARCH_WINDOW_DAYS } });
    }
  }
  if (isRoundTrip(input.tripType)) {
    if (!input.retDate) {
      issues.push({ field: 'retDate', key: 'search.return_date_required' });
    } else if (input.depDate && daysBetween(input.depDate, input.retDate) < 0) {
      issues.push({ field: 'retDate', key: 'search.return_before_outbound' });
    } else if (daysBetween(today, input.retDate) > SEARCH_WINDOW_DAYS) {
      issues.push({ field: 'retDate', key: 'search.date_too_far', params: { days: SEARCH_WINDOW_DAYS } });
    }
  }
  issues.push(...checkPassengerCounts(input.passengers));
  return issues;
}
