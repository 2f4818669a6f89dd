import { LANGUAGE_TAGS, type LanguageTag } from '@wings/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { areaTexts } from './page-registry';
import { shellTexts } from './shell-texts';

/** Where the console keeps the last language used on this browser (before anyone signs in). */
const LANGUAGE_KEY = 'wings.console.language';

/** BCP 47 locale of each language, for dates and the `lang` attribute. */
export const LOCALE_OF: Record<LanguageTag, string> = { zh: 'zh-CN', en: 'en-GB', km: 'km-KH' };

export function isLanguageTag(value: unknown): value is LanguageTag {
  return typeof value === 'string' && (LANGUAGE_TAGS as readonly string[]).includes(value);
}

/** The browser's first language the console has (`km-KH` is Khmer), or null. */
function browserLanguage(): LanguageTag | null {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguageTag(base)) return base;
  }
  return null;
}

/**
 * The language the console opens in before anyone signs in: the last one used on this browser,
 * else the browser's own, else Chinese. Once signed in, the member's choice wins.
 */
export function storedLanguage(): LanguageTag {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguageTag(stored)) return stored;
  } catch {
    // Storage refused (private mode): the browser's language.
  }
  return browserLanguage() ?? 'zh';
}

/** The console's language now. */
export function currentLanguage(): LanguageTag {
  return isLanguageTag(i18n.language) ? i18n.language : 'zh';
}

/**
 * Every text of the console, bundled (a desktop app loaded once): the shell's namespace `shell`
 * and one namespace per page area (`pages/<area>/texts.ts`).
 */
export function initI18n(language: LanguageTag = storedLanguage()): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const namespaces = { shell: shellTexts, ...areaTexts };
  const resources = Object.fromEntries(
    LANGUAGE_TAGS.map((lang) => [
      lang,
      Object.fromEntries(Object.entries(namespaces).map(([ns, texts]) => [ns, texts[lang]])),
    ]),
  );
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    ns: Object.keys(namespaces),
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = LOCALE_OF[language];
  return i18n;
}

/** Switches the console's language on this browser (the member's choice is kept by the API). */
export async function setLanguage(language: LanguageTag): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = LOCALE_OF[language];
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

export { i18n };
