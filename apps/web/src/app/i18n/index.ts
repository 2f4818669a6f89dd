import { LANGUAGE_TAGS, type LanguageTag, type MessageParam, paramIn } from '@wings/contracts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguageTag } from '../../lib/language';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './storage-key';

export { LANGUAGE_STORAGE_KEY };

/** BCP 47 locale used for dates and the `lang` attribute. */
export const LOCALE_OF: Record<LanguageTag, string> = { zh: 'zh-CN', en: 'en-GB', km: 'km-KH' };

export { isLanguageTag };

/** The app's own texts: one chunk per language, the traveller's preloaded by index.html. */
const APP_NS = 'translation';
/**
 * The server's message catalogue (what a rule or a reply says), one chunk per language. Not part
 * of the first paint: it loads beside the app's texts, and a text not found in the app's own is
 * looked up there (`fallbackNS`). Once loaded, a language switch loads both before it switches.
 */
const SERVER_NS = 'server';
/**
 * The texts of the pages past the tab bar: the add-on screens' (issue 14: the add-on step, seat
 * maps, insurance, add-ons after ticketing) and the after-sales screens' (issue 15: check-in and
 * the boarding pass, linked orders and tickets, refunds), out of the first paint: every page past the tab bar waits
 * for them as it loads (router.tsx), and a text not found in the app's own is looked up here
 * (`fallbackNS`). Once loaded, a language switch loads them too before it switches.
 */
export const ADDON_NS = 'addons';

type Texts = Record<string, string>;

const LOADERS: Record<string, Record<LanguageTag, () => Promise<Texts>>> = {
  [APP_NS]: {
    zh: () => import('@wings/contracts/app-texts/zh').then((m) => m.zh),
    en: () => import('@wings/contracts/app-texts/en').then((m) => m.en),
    km: () => import('@wings/contracts/app-texts/km').then((m) => m.km),
  },
  [ADDON_NS]: {
    zh: () =>
      Promise.all([
        import('@wings/contracts/app-texts/addons-zh').then((m) => m.addonsZh),
        import('@wings/contracts/app-texts/aftersales-zh').then((m) => m.aftersalesZh),
      ]).then(([addons, aftersales]) => ({ ...addons, ...aftersales })),
    en: () =>
      Promise.all([
        import('@wings/contracts/app-texts/addons-en').then((m) => m.addonsEn),
        import('@wings/contracts/app-texts/aftersales-en').then((m) => m.aftersalesEn),
      ]).then(([addons, aftersales]) => ({ ...addons, ...aftersales })),
    km: () =>
      Promise.all([
        import('@wings/contracts/app-texts/addons-km').then((m) => m.addonsKm),
        import('@wings/contracts/app-texts/aftersales-km').then((m) => m.aftersalesKm),
      ]).then(([addons, aftersales]) => ({ ...addons, ...aftersales })),
  },
  [SERVER_NS]: {
    zh: () => import('virtual:server-messages/zh').then((m) => m.default),
    en: () => import('virtual:server-messages/en').then((m) => m.default),
    km: () => import('virtual:server-messages/km').then((m) => m.default),
  },
};

/**
 * The back office's translations (spec §4), by language. They are merged into a language's texts
 * whenever it loads, since a language loaded after them would otherwise replace them.
 */
const backOfficeTexts: Record<LanguageTag, Texts> = { zh: {}, en: {}, km: {} };
/**
 * Their Chinese, the back office's main language: what a text of theirs reads in English or
 * Khmer when they have none in that language and the app has none of its own for that key.
 */
const backOfficeChinese: Texts = {};

/** A language's own texts with the back office's merged in: theirs first, Chinese last. */
function withBackOffice(language: LanguageTag, texts: Texts): Texts {
  return { ...backOfficeChinese, ...texts, ...backOfficeTexts[language] };
}

/** i18next loads a language through this before switching to it, so no key shows meanwhile. */
const textsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = isLanguageTag(language) ? LOADERS[namespace]?.[language] : undefined;
    if (!load || !isLanguageTag(language)) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, namespace === APP_NS ? withBackOffice(language, texts) : texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The i18next format server messages use for their parameters (server-messages.ts). */
const IN_LANGUAGE = 'inlanguage';

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
  return DEFAULT_LANGUAGE;
}

let ready: Promise<unknown> = Promise.resolve();

/**
 * Initialises i18next once, in `lang`; resolves when that language's own texts are loaded (render
 * after it), while the server's catalogue follows. No fallback language: every text exists in
 * all three (locales.test.ts), and loading a fallback would put a second language into every
 * first load.
 */
export function initI18n(lang: LanguageTag = detectLanguage()): Promise<unknown> {
  if (!i18n.isInitialized) {
    ready = i18n
      .use(textsBackend)
      .use(initReactI18next)
      .init({
        lng: lang,
        fallbackLng: false,
        supportedLngs: [...LANGUAGE_TAGS],
        load: 'currentOnly',
        ns: [APP_NS],
        defaultNS: APP_NS,
        fallbackNS: [ADDON_NS, SERVER_NS],
        keySeparator: false,
        nsSeparator: false,
        interpolation: { escapeValue: false },
        returnNull: false,
        // The language is set at once (what the first calls send in their `language` header);
        // its texts arrive through the backend.
        initAsync: false,
        // Texts merged after the first paint (the server's catalogue, the back office's
        // translations) re-render what shows them.
        react: { bindI18nStore: 'added' },
      });
    i18n.services.formatter?.add(IN_LANGUAGE, inLanguage);
    // From here on the catalogue is one of the namespaces every language switch loads first.
    void serverMessagesLoaded();
  } else if (i18n.language !== lang) {
    ready = i18n.changeLanguage(lang);
  }
  applyDocumentLanguage(lang);
  return ready;
}

/**
 * Resolves once the server's message catalogue is in for the current language (a failure to load
 * it resolves too: the reply's own message is shown then). The HTTP client waits for it before it
 * words a failure.
 */
export function serverMessagesLoaded(): Promise<void> {
  return i18n.loadNamespaces(SERVER_NS);
}

/**
 * Resolves once the add-on screens' texts are in for the current language (router.tsx waits for
 * it with every page past the tab bar; a failure rejects, as a page chunk that fails to load).
 */
export function addonTextsLoaded(): Promise<void> {
  if (i18n.isInitialized && i18n.hasResourceBundle(i18n.language, ADDON_NS)) return Promise.resolve();
  return i18n.loadNamespaces(ADDON_NS);
}

/** Whether a language's own texts are in memory (a switch to it then needs no download). */
export function isLanguageLoaded(lang: LanguageTag): boolean {
  return i18n.isInitialized && i18n.hasResourceBundle(lang, APP_NS);
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

/**
 * Merges server translations into the texts; the server's wording wins, in a language loaded now
 * or later. A text of theirs that has no English or Khmer reads in Chinese there, unless the app
 * has its own for that key.
 */
export function mergeTranslations(entries: readonly TranslationEntry[]): void {
  const own: Record<LanguageTag, Texts> = { zh: {}, en: {}, km: {} };
  const chinese: Texts = {};
  for (const entry of entries) {
    const key = entry.internationalCode;
    if (!key) continue;
    if (entry.textCn) {
      own.zh[key] = entry.textCn;
      chinese[key] = entry.textCn;
    }
    if (entry.textEn) own.en[key] = entry.textEn;
    if (entry.textKh) own.km[key] = entry.textKh;
  }
  Object.assign(backOfficeChinese, chinese);
  for (const lang of LANGUAGE_TAGS) {
    Object.assign(backOfficeTexts[lang], own[lang]);
    if (!isLanguageLoaded(lang)) continue;
    const added: Texts = { ...own[lang] };
    for (const [key, text] of Object.entries(chinese)) {
      if (added[key] === undefined && i18n.getResource(lang, APP_NS, key) === undefined) added[key] = text;
    }
    // One event per language: what shows a text re-renders once (bindI18nStore: 'added').
    if (Object.keys(added).length > 0) i18n.addResources(lang, APP_NS, added);
  }
}

export { i18n };
