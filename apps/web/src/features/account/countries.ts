import { COUNTRIES, type Country, countryByCode, countryName } from '@wings/contracts';

/**
 * The countries the forms offer live in packages/contracts (the server names them in its
 * messages too); this module keeps the app's imports and adds the picker's search.
 */
export { COUNTRIES, type Country, countryByCode, countryName };

/** True when the query matches the code, dialling code or a name in any of the three languages. */
export function matchesCountry(country: Country, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [country.code, country.dial, ...Object.values(country.name)].some((text) =>
    text.toLowerCase().includes(q),
  );
}
