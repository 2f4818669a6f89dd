import type { Airport, LanguageTag } from '@wings/contracts';

// Names apart from format.ts's dates and money: Home shows city names only, and the date
// formatter would otherwise come with its first load.

/** The city of an airport in the traveller's language. */
export function cityName(airport: Pick<Airport, 'city'> | undefined, lang: LanguageTag): string {
  return airport ? airport.city[lang] || airport.city.en : '';
}

export function airportName(airport: Pick<Airport, 'name'> | undefined, lang: LanguageTag): string {
  return airport ? airport.name[lang] || airport.name.en : '';
}
