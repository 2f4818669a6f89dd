import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Executor } from '../../platform/db';

/** The PostgreSQL channel every API process listens on for a saved setting. */
export const SETTINGS_CHANGES_CHANNEL = 'wings_settings_changes';

interface Logger {
  warn(msg: string): void;
}

/**
 * Tells every API process that a setting was saved, so the copy each keeps for synchronous
 * readers (the e-mail footer) follows at once (the pattern of shopping/search-changes.ts). The
 * saving transaction calls `announce`, a `pg_notify` PostgreSQL delivers at commit to every
 * session listening (never on rollback); each process listens on a dedicated connection and
 * calls `onChange`, which reads the settings again. `onChange` also runs each time the
 * connection is (re)made: the first read at start, and after a loss, when a change may have
 * been missed.
 */
export class SettingsChanges {
  private client: pg.Client | null = null;
  private stopped = true;
  private retryMs = 0;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      /** The app's database (its pool's settings open the listening connection). */
      db: Db;
      log: Logger;
      /** Reads the settings again; its failures are the caller's to log. */
      onChange: () => Promise<void>;
    },
  ) {}

  /** Tells every process, at the commit of `executor`'s transaction, to read the settings again. */
  async announce(executor: Executor, key: string): Promise<void> {
    await executor.execute(sql`select pg_notify(${SETTINGS_CHANGES_CHANNEL}, ${key})`);
  }

  /** Opens the listening connection (again after a loss, waiting 1 s, then up to 30 s, between tries). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const pool = (this.deps.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client(pool.options);
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      if (this.stopped) return;
      this.deps.log.warn(
        `settings: the connection listening for saved settings was lost${err ? ` (${err.message})` : ''}; listening again`,
      );
      this.scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === SETTINGS_CHANGES_CHANNEL) void this.deps.onChange();
    });
    try {
      await client.connect();
      await client.query(`listen ${SETTINGS_CHANGES_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = 0;
    // Listening now: read what is saved (at start, or what may have changed while deaf).
    await this.deps.onChange();
  }

  private scheduleRetry(): void {
    this.retryMs = Math.min(30_000, this.retryMs === 0 ? 1_000 : this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
