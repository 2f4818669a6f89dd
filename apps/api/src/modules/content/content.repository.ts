import { asc, eq } from 'drizzle-orm';
import { translations } from '../../db/schema/content';
import type { Db } from '../../platform/db';

export interface TranslationRow {
  code: string;
  zh: string;
  en: string;
  km: string;
}

/** Storage of back-office content; the only code touching its tables. */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  async listTranslations(platform: number): Promise<TranslationRow[]> {
    return this.db
      .select({
        code: translations.code,
        zh: translations.textZh,
        en: translations.textEn,
        km: translations.textKm,
      })
      .from(translations)
      .where(eq(translations.platform, platform))
      .orderBy(asc(translations.code));
  }

  /** Adds or replaces one text (used by the console and by tests). */
  async upsertTranslation(platform: number, row: TranslationRow): Promise<void> {
    const values = { platform, code: row.code, textZh: row.zh, textEn: row.en, textKm: row.km };
    await this.db
      .insert(translations)
      .values(values)
      .onConflictDoUpdate({
        target: [translations.platform, translations.code],
        set: { textZh: row.zh, textEn: row.en, textKm: row.km, updatedAt: new Date() },
      });
  }
}
