import { apiRequest } from '../api/http-client';
import { isLanguageTag, mergeTranslations, setLanguage, type TranslationEntry } from './i18n';

/** Spec §4, §9: the start-up query values are read 300 ms after launch. */
export const STARTUP_DELAY_MS = 300;
/** Storage key of the marketing channel a visitor came from. */
export const CHANNEL_STORAGE_KEY = 'interChannel';

const LANG_QUERY: Record<string, string> = { 'en-US': 'en', 'zh-CN': 'zh', 'km-KH': 'km' };

/** Query values from both the page URL and the hash route (`#/path?lang=en-US`). */
function startupQuery(): URLSearchParams {
  const params = new URLSearchParams(window.location.search);
  const hashQuery = window.location.hash.split('?')[1];
  if (hashQuery) {
    for (const [key, value] of new URLSearchParams(hashQuery)) params.set(key, value);
  }
  return params;
}

/** Applies `interChannel` and `lang` from the URL (spec §4). */
export async function applyStartupQuery(): Promise<void> {
  const params = startupQuery();
  const channel = params.get('interChannel');
  if (channel) localStorage.setItem(CHANNEL_STORAGE_KEY, channel);
  const lang = LANG_QUERY[params.get('lang') ?? ''];
  if (isLanguageTag(lang)) await setLanguage(lang);
}

interface TranslationListReply {
  list?: TranslationEntry[];
  data?: { list?: TranslationEntry[] };
}

/** Fetches the back office's translations and merges them; failures are only logged (spec §4). */
export async function loadServerTranslations(): Promise<void> {
  try {
    const reply = await apiRequest<TranslationListReply | null>(
      '/ca/caweb/backend/international/config/queryList',
      {
        method: 'POST',
        body: { platform: 1 },
        silent: true,
      },
    );
    mergeTranslations(reply?.data?.list ?? reply?.list ?? []);
  } catch (error) {
    console.warn('translations not loaded', error);
  }
}

/**
 * Start-up (spec §4): clears the stored channel, asks for the server's translations at once (the
 * access token first when there is none, shared with the page's own calls), and after 300 ms
 * applies the URL. The translations are merged whenever they arrive, before or after the URL's
 * language applies: they hold every language, and the page is already painted with the bundled
 * texts, so nothing waits for them. Returns the translations' load, for tests.
 */
export function runStartup(): Promise<void> {
  localStorage.removeItem(CHANNEL_STORAGE_KEY);
  const translations = loadServerTranslations();
  setTimeout(() => {
    void applyStartupQuery();
  }, STARTUP_DELAY_MS);
  return translations;
}
