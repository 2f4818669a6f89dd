import { countryList, type LanguageTag } from '@wings/contracts';
import { formatDate } from './date-format';

/**
 * Message parameters that read differently by language (contracts `MessageParam`): a rule
 * gives the text in each language, and the form or the API reply picks the reader's.
 */
export type LocalizedParam = Readonly<Record<LanguageTag, string>>;

export function inEveryLanguage(text: (lang: LanguageTag) => string): LocalizedParam {
  return { zh: text('zh'), en: text('en'), km: text('km') };
}

/** A `YYYY-MM-DD` date as each language writes it (the shared formatter: "23 Dec 2026"). */
export function dateParam(date: string): LocalizedParam {
  return inEveryLanguage((lang) => formatDate(date, lang));
}

/** Country codes as their names in each language: "Cambodia, China, Thailand", "柬埔寨、中国、泰国". */
export function countriesParam(codes: readonly string[]): LocalizedParam {
  return inEveryLanguage((lang) => countryList(codes, lang));
}
