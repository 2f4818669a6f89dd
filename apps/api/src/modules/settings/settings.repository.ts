import { eq, sql } from 'drizzle-orm';
import { airlineSettings } from '../../db/schema/settings';
import type { Db, Executor } from '../../platform/db';

/** A stored setting: its value as saved, and its last change. */
export interface SettingRecord {
  value: unknown;
  updatedAt: Date;
  updatedByEmail: string | null;
}

/** Storage of the airline's settings (table `airline_settings`); the only code touching it. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(tx));
  }

  /** One setting, or null when it was never saved (its default applies). */
  async find(key: string, executor: Executor = this.db): Promise<SettingRecord | null> {
    const [row] = await executor
      .select({
        value: airlineSettings.value,
        updatedAt: airlineSettings.updatedAt,
        updatedByEmail: airlineSettings.updatedByEmail,
      })
      .from(airlineSettings)
      .where(eq(airlineSettings.key, key));
    return row ?? null;
  }

  /**
   * One setting locked for the change of `tx` (null when never saved). Two admins saving at once
   * queue here, so each audit row's `before` is what the other left.
   */
  async findForUpdate(tx: Executor, key: string): Promise<SettingRecord | null> {
    // A first save has no row to lock: a transaction-scoped advisory lock on the key serialises it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`airline_settings:${key}`}))`);
    const [row] = await tx
      .select({
        value: airlineSettings.value,
        updatedAt: airlineSettings.updatedAt,
        updatedByEmail: airlineSettings.updatedByEmail,
      })
      .from(airlineSettings)
      .where(eq(airlineSettings.key, key))
      .for('update');
    return row ?? null;
  }

  /** Writes a setting's value (insert or replace), naming who saved it. */
  async save(
    tx: Executor,
    key: string,
    value: unknown,
    by: { id: string; email: string } | null,
    at: Date,
  ): Promise<void> {
    const change = {
      value,
      updatedByStaffId: by?.id ?? null,
      updatedByEmail: by?.email ?? null,
      updatedAt: at,
    };
    await tx
      .insert(airlineSettings)
      .values({ key, ...change, createdAt: at })
      .onConflictDoUpdate({ target: airlineSettings.key, set: change });
  }

  /** Writes a setting only when it was never saved (the development demo); whether it wrote. */
  async insertIfMissing(key: string, value: unknown, at: Date): Promise<boolean> {
    const rows = await this.db
      .insert(airlineSettings)
      .values({ key, value, createdAt: at, updatedAt: at })
      .onConflictDoNothing({ target: airlineSettings.key })
      .returning({ key: airlineSettings.key });
    return rows.length === 1;
  }
}
