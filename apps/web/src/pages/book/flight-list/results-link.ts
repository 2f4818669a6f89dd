import { paths } from '../../../lib/paths';

/**
 * The part of a search a results link carries: a one-way trip on a day, for the passengers of the
 * search in progress (one adult in a fresh browser).
 */
export interface ResultsLink {
  depCode: string;
  arrCode: string;
  depDate: string;
}

const AIRPORT = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A link that opens one day's one-way results directly, e.g.
 * `/pages/book/flight-list/flight-list?depCode=KTI&arrCode=BKK&depDate=2026-12-22`: what a
 * promotion or a shared message points at, and what a fresh browser (no search kept in
 * sessionStorage) can open.
 */
export function resultsHref(link: ResultsLink): string {
  return `${paths.flightList}?${new URLSearchParams({ ...link }).toString()}`;
}

/** The search a results link names, or null when the query has none (or a malformed one). */
export function resultsLinkOf(query: URLSearchParams): ResultsLink | null {
  const depCode = query.get('depCode') ?? '';
  const arrCode = query.get('arrCode') ?? '';
  const depDate = query.get('depDate') ?? '';
  if (!AIRPORT.test(depCode) || !AIRPORT.test(arrCode) || depCode === arrCode || !DATE.test(depDate))
    return null;
  return { depCode, arrCode, depDate };
}
