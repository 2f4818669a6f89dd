import { LANGUAGE_TAGS, type LanguageTag, type MessageParam, messages, paramIn } from '@wings/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguageTag } from '../../lib/language';
import { en } from './locales/en';
import { km } from './locales/km';
import { zh } from './locales/zh';

/** Storage key of the traveller's language choice. */
export const LANGUAGE_STORAGE_KEY = 'language';
const ui: Record<LanguageTag, Record<string, string>> = { zh, en, km };

/** BCP 47 locale used for dates and the `lang` attribute. */
export const LOCALE_OF: Record<LanguageTag, string> = { zh: 'zh-CN', en: 'en-GB', km: 'km-KH' };

export { isLanguageTag };

/**
 * The i18next format that writes a rule's parameter in the reader's language: a date or a list
 * of countries comes with its text in each language (contracts `MessageParam`).
 */
const IN_LANGUAGE = 'inlanguage';

/**
 * The server's message catalogue, with `{name}` placeholders turned into i18next's
 * `{{name, inlanguage}}`, so `t(issue.key, issue.params)` reads like the server's reply.
 */
function serverMessages(lang: LanguageTag): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(messages)) {
    out[key] = texts[lang].replace(/\{(\w+)\}/g, `{{$1, ${IN_LANGUAGE}}}`);
  }
  return out;
}

function inLanguage(value: unknown, lng: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const lang = lng?.split('-')[0];
  return paramIn(value as MessageParam, isLanguageTag(lang) ? lang : 'zh');
}

/** Stored choice, else the browser's language (zh, en or km), else English (spec §1). */
export function detectLanguage(): LanguageTag {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguageTag(stored)) return stored;
  } catch {
    // storage may be unavailable (private mode); fall through to the browser language
  }
  const candidates =
    typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split('-')[0];
    if (isLanguageTag(base)) return base;
  }
  return 'en';
}

/** Initialises i18next once with the three locales; zh is the fallback (spec §9). */
export function initI18n(lang: LanguageTag = detectLanguage()) {
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next).init({
      resources: Object.fromEntries(
        LANGUAGE_TAGS.map((tag) => [tag, { translation: { ...serverMessages(tag), ...ui[tag] } }]),
      ),
      lng: lang,
      fallbackLng: 'zh',
      supportedLngs: [...LANGUAGE_TAGS],
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    i18n.services.formatter?.add(IN_LANGUAGE, inLanguage);
  } else if (i18n.language !== lang) {
    i18n.changeLanguage(lang);
  }
  applyDocumentLanguage(lang);
  return i18n;
}

function applyDocumentLanguage(lang: LanguageTag): void {
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_OF[lang];
}

export function currentLanguage(): LanguageTag {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguageTag(lang) ? lang : 'zh';
}

/** Switches the language and remembers the choice. */
export async function setLanguage(lang: LanguageTag): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // the choice still applies for this visit
  }
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** One entry of the server's translation list (spec §3: internationalCode, textCn, textEn, textKh). */
export interface TranslationEntry {
  internationalCode: string;
  textCn?: string | null;
  textEn?: string | null;
  textKh?: string | null;
}

/** Merges server translations into the locales; the server's wording wins. */
export function mergeTranslations(entries: readonly TranslationEntry[]): void {
  for (const entry of entries) {
    if (!entry.internationalCode) continue;
    if (entry.textCn) i18n.addResource('zh', 'translation', entry.internationalCode, entry.textCn);
    if (entry.textEn) i18n.addResource('en', 'translation', entry.internationalCode, entry.textEn);
    if (entry.textKh) i18n.addResource('km', 'translation', entry.internationalCode, entry.textKh);
  }
}

export { i18n };
