import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Executor } from './db';

/** A PostgreSQL channel name: written into LISTEN as it is, so only lower-case letters and `_`. */
const CHANNEL = /^[a-z_]+$/;

/** What a module does with its channel. */
export interface ChannelHandlers {
  /** Each notification on the channel, with its payload. */
  onMessage(payload: string | undefined): void;
  /**
   * Once listening: at start (`again` false), and after a lost connection came back (`again`
   * true), when a notification may have been missed. Its failures are the module's to handle.
   */
  onListening?(again: boolean): void | Promise<void>;
}

export interface NotificationsOptions {
  /** The app's database: its pool's settings open the dedicated listening connection. */
  db: Db;
  log: { warn(msg: string): void };
  /** The first wait before listening again after a loss (1 s; doubled each try up to 30 s). */
  firstRetryMs?: number;
}

/**
 * "Tell every API process" for the back office (a fare change dropping cached searches, a saved
 * setting): the sender calls `notify` inside its transaction, a `pg_notify` PostgreSQL delivers
 * at commit to every session listening, never on rollback. Each process listens on ONE dedicated
 * connection for every module's channel (so a process needs DATABASE_POOL_MAX + 1 connections,
 * whatever the number of channels). A lost connection is logged and made again (1 s, then
 * doubling up to 30 s), and every module told (`onListening(true)`), since it may have missed
 * something meanwhile. The app starts it when ready and stops it on close (app.ts).
 */
export class Notifications {
  private readonly channels = new Map<string, ChannelHandlers>();
  private client: pg.Client | null = null;
  private stopped = true;
  private retryMs = 0;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: NotificationsOptions) {}

  /**
   * Listens on `channel` from now on (modules call it while they register, before the app
   * starts; later, it is listened to at once).
   */
  listen(channel: string, handlers: ChannelHandlers): void {
    if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
    if (this.channels.has(channel)) throw new Error(`channel ${channel} has a listener already`);
    this.channels.set(channel, handlers);
    const client = this.client;
    if (client) {
      void client
        .query(`listen ${channel}`)
        .then(() => handlers.onListening?.(false))
        .catch(() => {
          // The connection is going: its loss makes it again and listens on every channel.
        });
    }
  }

  /** Sends `payload` on `channel` at the commit of `executor`'s transaction (never on rollback). */
  async notify(executor: Executor, channel: string, payload: string): Promise<void> {
    await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  /** Opens the listening connection when some channel is listened to; resolves once listening. */
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

  /** The listening session's backend process id (tests end it to play a lost connection). */
  async backendPid(): Promise<number | null> {
    const client = this.client;
    if (!client) return null;
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return rows[0]?.pid ?? null;
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.channels.size === 0 || this.client) return;
    const { db, log } = this.options;
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client(pool.options);
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      if (this.stopped) return;
      log.warn(
        `notifications: the connection listening for back-office changes (${[...this.channels.keys()].join(', ')}) was lost${err ? ` (${err.message})` : ''}; listening again`,
      );
      this.scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => this.channels.get(message.channel)?.onMessage(message.payload));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    const again = this.retryMs > 0;
    this.retryMs = 0;
    for (const [channel, handlers] of this.channels) {
      try {
        await handlers.onListening?.(again);
      } catch (err) {
        log.warn(`notifications: the listener of ${channel} failed (${(err as Error).message})`);
      }
    }
  }

  private scheduleRetry(): void {
    const first = this.options.firstRetryMs ?? 1_000;
    this.retryMs = Math.min(30_000, this.retryMs === 0 ? first : this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
