import type { TranslationTexts } from '@wings/contracts';
import { allAppTexts } from '@wings/contracts/app-texts/all';

/**
 * The traveller app's own texts (packages/contracts app-texts, what the app ships: the first
 * paint's and the add-on screens'), by key: the
 * translation editor lists them beside the back office's rows, which override them in the app.
 */
export type AppTexts = ReadonlyMap<string, TranslationTexts>;

function collect(): AppTexts {
  const byKey = new Map<string, TranslationTexts>();
  const locales: Record<keyof TranslationTexts, Readonly<Record<string, string>>> = allAppTexts;
  const { zh, en, km } = allAppTexts;
  for (const key of new Set([...Object.keys(zh), ...Object.keys(en), ...Object.keys(km)])) {
    byKey.set(key, { zh: locales.zh[key] ?? '', en: locales.en[key] ?? '', km: locales.km[key] ?? '' });
  }
  return byKey;
}

export const APP_TEXTS: AppTexts = collect();
