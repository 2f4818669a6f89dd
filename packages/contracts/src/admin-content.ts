import { z } from 'zod';

/**
 * The staff console's calls for content (issue 13): the translation texts. For the traveller app
 * (platform 1) the editor lists every text of the app (`@wings/contracts/app-texts/*`) merged with
 * the back office's rows, which `international/config/queryList` serves and the app merges OVER
 * its own texts by key at its next start-up. Served under `/api/admin/content` (docs/api.md,
 * "Staff console: fares, promotions and translations"); admins and content editors change them,
 * auditors read them.
 */

/** A new text key as the back office writes it: dotted lower-case words, `home.banner_title`. */
export const TRANSLATION_KEY = /^[a-z0-9_]+(\.[a-z0-9_-]+)*$/;

/** The platform whose texts are the traveller app's own (`app-texts`). */
export const APP_PLATFORM = 1;

export const TRANSLATION_LANGS = ['zh', 'en', 'km'] as const;
export type TranslationLang = (typeof TRANSLATION_LANGS)[number];
const ZLang = z.enum(TRANSLATION_LANGS);

/** The `{{name}}` placeholders of a text (i18next's; `{{date, fmt}}` counts as `date`), sorted, once each. */
export function textPlaceholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? '');
  return [...new Set(names)].sort();
}

const ZTexts = z.object({ zh: z.string(), en: z.string(), km: z.string() });
export type TranslationTexts = z.infer<typeof ZTexts>;

/**
 * One key with its texts side by side. `app`: the traveller app's own texts (empty strings when
 * the key is not the app's); `override`: the back office's row (empty strings when none, or for a
 * language left empty: the app's own text shows there). The text in effect in a language is the
 * override's, else the app's. `overridden`: languages with an override text; `missing`: languages
 * with neither (only keys the server alone holds can miss one).
 */
export const ZAdminTranslation = z.object({
  platform: z.number().int(),
  key: z.string(),
  /** The key is one of the traveller app's own texts. */
  appKey: z.boolean(),
  app: ZTexts,
  override: ZTexts,
  /** The back office holds a row for the key (an override of an app text, or a key of its own). */
  hasRow: z.boolean(),
  overridden: z.array(ZLang),
  missing: z.array(ZLang),
  /** When the back office's row last changed; null without a row. */
  updatedAt: z.string().nullable(),
});
export type AdminTranslation = z.infer<typeof ZAdminTranslation>;

/** `true` / `false` in a query string (absent: no filter). */
const queryFlag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/**
 * GET /api/admin/content/translations: search by key or any text (the app's or the override),
 * only those missing a language, only the edited (overridden) ones, a page at a time.
 */
export const ZAdminTranslationQuery = z.object({
  platform: z.coerce.number().int().min(1).max(9).default(APP_PLATFORM),
  q: z.string().trim().max(100).optional(),
  /** `any`: missing in some language; or one language. */
  missing: z.enum(['any', 'zh', 'en', 'km']).optional(),
  /** `true`: only keys the back office overrides or holds; `false`: only the app's untouched ones. */
  edited: queryFlag,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminTranslationQuery = z.input<typeof ZAdminTranslationQuery>;
export const ZAdminTranslationList = z.object({
  /** The page asked for, by key. */
  list: z.array(ZAdminTranslation),
  /** Keys matching the search and filters (what the pages hold). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Keys of the platform in all (the app's and the back office's, unfiltered). */
  keys: z.number().int(),
  /** Keys of the platform missing some language. */
  missingTotal: z.number().int(),
  /** Keys of the platform with a back-office row (edited). */
  editedTotal: z.number().int(),
});
export type AdminTranslationList = z.infer<typeof ZAdminTranslationList>;

const text = z.string().trim().max(2000);

/**
 * PUT /api/admin/content/translations/:platform/:key: the three texts at once (empty = none: the
 * app's own text shows there). For a key of the app it creates or replaces the override.
 */
export const ZAdminTranslationUpdate = z.object({
  zh: text,
  en: text,
  km: text,
  reason: z.string().trim().max(500).optional(),
});
export type AdminTranslationUpdate = z.input<typeof ZAdminTranslationUpdate>;

/** POST /api/admin/content/translations: a new key (not one of the app's: edit those). */
export const ZAdminTranslationCreate = ZAdminTranslationUpdate.extend({
  platform: z.number().int().min(1).max(9).default(APP_PLATFORM),
  key: z.string().trim().min(1, 'is required').max(120),
});
export type AdminTranslationCreate = z.input<typeof ZAdminTranslationCreate>;

export const ZAdminTranslationParams = z.object({
  platform: z.coerce.number().int().min(1).max(9),
  key: z.string().min(1).max(120),
});

/** POST /api/admin/content/translations/:platform/:key/reset: drop the override, the app's text shows again. */
export const ZAdminTranslationReset = z.object({
  reason: z.string().trim().max(500).optional(),
});
export type AdminTranslationReset = z.input<typeof ZAdminTranslationReset>;
