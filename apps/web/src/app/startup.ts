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

/** Start-up: clear the stored channel, then after 300 ms apply the URL and load translations. */
export function runStartup(): void {
  localStorage.removeItem(CHANNEL_STORAGE_KEY);
  setTimeout(() => {
    void applyStartupQuery().finally(loadServerTranslations);
  }, STARTUP_DELAY_MS);
}
