import { z } from 'zod';

/**
 * The staff console's calls for content (issue 13): the translation texts
 * `international/config/queryList` serves the traveller app, which merges them at its next
 * start-up. Served under `/api/admin/content` (docs/api.md, "Staff console: fares, promotions
 * and translations"); admins and content editors change them, auditors read them.
 */

/** A text key as the app's i18n uses it: dotted lower-case words, `home.banner_title`. */
export const TRANSLATION_KEY = /^[a-z0-9_]+(\.[a-z0-9_-]+)*$/;

/**
 * One key with its three texts side by side. An empty text is missing: the app keeps its own
 * text for that language (or the Chinese one the server sends). `missing` lists them.
 */
export const ZAdminTranslation = z.object({
  platform: z.number().int(),
  key: z.string(),
  zh: z.string(),
  en: z.string(),
  km: z.string(),
  missing: z.array(z.enum(['zh', 'en', 'km'])),
  updatedAt: z.string(),
});
export type AdminTranslation = z.infer<typeof ZAdminTranslation>;

/** GET /api/admin/content/translations: search by key or text, only those missing a language. */
export const ZAdminTranslationQuery = z.object({
  platform: z.coerce.number().int().min(1).max(9).default(1),
  q: z.string().trim().max(100).optional(),
  /** `any`: missing in some language; or one language. */
  missing: z.enum(['any', 'zh', 'en', 'km']).optional(),
});
export type AdminTranslationQuery = z.input<typeof ZAdminTranslationQuery>;
export const ZAdminTranslationList = z.object({
  list: z.array(ZAdminTranslation),
  /** Keys of the platform in all (the list may be filtered). */
  total: z.number().int(),
  /** Keys of the platform missing some language. */
  missingTotal: z.number().int(),
});
export type AdminTranslationList = z.infer<typeof ZAdminTranslationList>;

const text = z.string().trim().max(2000);

/** PUT /api/admin/content/translations/:platform/:key: the three texts at once (empty = missing). */
export const ZAdminTranslationUpdate = z.object({
  zh: text,
  en: text,
  km: text,
  reason: z.string().trim().max(500).optional(),
});
export type AdminTranslationUpdate = z.input<typeof ZAdminTranslationUpdate>;

/** POST /api/admin/content/translations: a new key. */
export const ZAdminTranslationCreate = ZAdminTranslationUpdate.extend({
  platform: z.number().int().min(1).max(9).default(1),
  key: z.string().trim().min(1, 'is required').max(120),
});
export type AdminTranslationCreate = z.input<typeof ZAdminTranslationCreate>;

export const ZAdminTranslationParams = z.object({
  platform: z.coerce.number().int().min(1).max(9),
  key: z.string().min(1).max(120),
});
