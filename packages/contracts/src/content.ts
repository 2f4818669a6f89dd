import { z } from 'zod';

/** One translation text managed in the back office (spec §3 "Internationalisation text entry"). */
export const ZTranslationEntry = z.object({
  /** Dotted key, e.g. `home.banner.title`; it overrides the app's own text of that key. */
  internationalCode: z.string(),
  textCn: z.string(),
  textEn: z.string(),
  textKh: z.string(),
});
export type TranslationEntry = z.infer<typeof ZTranslationEntry>;

/** POST international/config/queryList: `platform` 1 is the traveller app. */
export const ZTranslationListRequest = z
  .object({ platform: z.number().int().min(1).max(9).default(1) })
  .nullish();

/** The spec's shape: `data.data.list`. */
export const ZTranslationListResponse = z.object({
  data: z.object({ list: z.array(ZTranslationEntry) }),
});
