import { LANGUAGE_TAGS, type LanguageTag } from '@wings/contracts';

/** Whether `value` is one of the app's languages (zh, en, km). */
export function isLanguageTag(value: unknown): value is LanguageTag {
  return typeof value === 'string' && (LANGUAGE_TAGS as readonly string[]).includes(value);
}
