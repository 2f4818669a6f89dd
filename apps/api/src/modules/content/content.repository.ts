import { and, asc, eq } from 'drizzle-orm';
import { translations } from '../../db/schema/content';
import type { Db, Executor } from '../../platform/db';

export interface TranslationRow {
  code: string;
  zh: string;
  en: string;
  km: string;
}

/** A translation as the console edits it: its platform and when it last changed. */
export interface TranslationRecord extends TranslationRow {
  platform: number;
  updatedAt: Date;
}

const RECORD_COLUMNS = {
  platform: translations.platform,
  code: translations.code,
  zh: translations.textZh,
  en: translations.textEn,
  km: translations.textKm,
  updatedAt: translations.updatedAt,
};

/** Storage of back-office content; the only code touching its tables. */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx));
  }

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

  /** Every text of a platform with its last change, by key (the console filters them). */
  async translationRecords(platform: number): Promise<TranslationRecord[]> {
    return this.db
      .select(RECORD_COLUMNS)
      .from(translations)
      .where(eq(translations.platform, platform))
      .orderBy(asc(translations.code));
  }

  /** One text, locked for the change of `tx`; null when the key is not there. */
  async translationForUpdate(
    tx: Executor,
    platform: number,
    code: string,
  ): Promise<TranslationRecord | null> {
    const [row] = await tx
      .select(RECORD_COLUMNS)
      .from(translations)
      .where(and(eq(translations.platform, platform), eq(translations.code, code)))
      .for('update');
    return row ?? null;
  }

  /** Adds a key; false when it is already there (nothing changed). */
  async insertTranslation(tx: Executor, platform: number, row: TranslationRow, at: Date): Promise<boolean> {
    const inserted = await tx
      .insert(translations)
      .values({
        platform,
        code: row.code,
        textZh: row.zh,
        textEn: row.en,
        textKm: row.km,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: [translations.platform, translations.code] })
      .returning({ code: translations.code });
    return inserted.length === 1;
  }

  async updateTranslation(tx: Executor, platform: number, row: TranslationRow, at: Date): Promise<void> {
    await tx
      .update(translations)
      .set({ textZh: row.zh, textEn: row.en, textKm: row.km, updatedAt: at })
      .where(and(eq(translations.platform, platform), eq(translations.code, row.code)));
  }

  /** Removes a key's row (the app's own text shows again); false when there was none. */
  async deleteTranslation(tx: Executor, platform: number, code: string): Promise<boolean> {
    const deleted = await tx
      .delete(translations)
      .where(and(eq(translations.platform, platform), eq(translations.code, code)))
      .returning({ code: translations.code });
    return deleted.length === 1;
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
