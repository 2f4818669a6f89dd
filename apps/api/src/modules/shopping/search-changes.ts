import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Executor } from '../../platform/db';

/**
 * What a change made in the back office means for cached search results: the routes whose
 * fares changed, or everything (`all`, also after the listener lost its connection and may have
 * missed a change).
 */
export type SearchChange = { routes: readonly string[] } | 'all';

/** The PostgreSQL channel every API process listens on for changes that cached searches show. */
export const SEARCH_CHANGES_CHANNEL = 'wings_search_changes';

/** A route code as the cache keys it (`KTI-BKK`). */
const ROUTE = /^[A-Z]{3}-[A-Z]{3}$/;

/** The notification's text: `*` for everything, else the route codes joined by commas. */
export function encodeSearchChange(change: SearchChange): string {
  return change === 'all' ? '*' : [...new Set(change.routes)].join(',');
}

/** A notification's text back into a change; anything not understood drops everything. */
export function decodeSearchChange(payload: string | undefined): SearchChange {
  if (!payload || payload === '*') return 'all';
  const routes = payload.split(',');
  return routes.every((r) => ROUTE.test(r)) ? { routes } : 'all';
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * Keeps every API process's search cache honest after a back-office change (docs/decisions.md,
 * "A fare change is live for new searches at once"). The change's transaction calls `announce`,
 * a `pg_notify` that PostgreSQL delivers at commit to every session listening on the channel (and
 * never when it rolls back); each process listens on a dedicated connection (`start`) and drops
 * the cached results the change touches. The process that made the change also drops them at
 * once after commit (`dropHere`), so the staff member's next search never waits on the
 * notification. While the listening connection is down, nothing is heard: when it comes back,
 * everything cached is dropped, since a change may have been missed.
 */
export class SearchChanges {
  private readonly handlers: Array<(change: SearchChange) => void> = [];
  private client: pg.Client | null = null;
  private stopped = true;
  private retryMs = 0;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      /** The app's database (its pool's settings open the listening connection). */
      db: Db;
      log: Logger;
    },
  ) {}

  /** Calls `handler` with every change heard or made here (the search service's cache). */
  subscribe(handler: (change: SearchChange) => void): void {
    this.handlers.push(handler);
  }

  /** Tells every process, at the commit of `executor`'s transaction, what cached searches to drop. */
  async announce(executor: Executor, change: SearchChange): Promise<void> {
    await executor.execute(sql`select pg_notify(${SEARCH_CHANGES_CHANNEL}, ${encodeSearchChange(change)})`);
  }

  /** Drops what `change` touches in this process now (after the change's commit). */
  dropHere(change: SearchChange): void {
    for (const handler of this.handlers) handler(change);
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
        `search cache: the connection listening for back-office changes was lost${err ? ` (${err.message})` : ''}; listening again`,
      );
      this.scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== SEARCH_CHANGES_CHANNEL) return;
      this.dropHere(decodeSearchChange(message.payload));
    });
    try {
      await client.connect();
      await client.query(`listen ${SEARCH_CHANGES_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    // A change made while nobody listened here may have been missed: start afresh.
    if (this.retryMs > 0) this.dropHere('all');
    this.retryMs = 0;
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
