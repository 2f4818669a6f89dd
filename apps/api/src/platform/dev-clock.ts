import { envelope, ZDevClock, ZDevClockRequest } from '@wings/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devClock } from '../db/schema/platform';
import type { Db } from './db';
import { ok } from './envelope';
import type { Notifications } from './notifications';

/** The PostgreSQL channel every API process listens on for a moved development clock. */
export const DEV_CLOCK_CHANNEL = 'wings_dev_clock';

/**
 * The development clock (issue 15): the app's `now()` runs ahead of the wall clock by an offset
 * a journey moves (`POST /api/dev/clock`), so it can check in "on the day" of a flight without
 * waiting. The offset lives in one row (`dev_clock`) and every API process follows it: the
 * process that moves it tells the others through a notification at commit, and each reads the
 * row again when its listening connection is (re)made. Never built in production (app.ts): a
 * database where nobody moved it reads offset 0, the wall clock (or a test's own clock).
 */
export class DevClock {
  private offsetMs = 0;

  constructor(
    private readonly db: Db,
    private readonly base: () => Date,
    private readonly log: { warn(obj: unknown, msg?: string): void },
  ) {}

  /** The clock: the base clock plus the offset. */
  readonly now = (): Date => new Date(this.base().getTime() + this.offsetMs);

  /** The offset in milliseconds this process runs with now. */
  offset(): number {
    return this.offsetMs;
  }

  /** Follows the offset other processes set (read at once, and after each notification). */
  listen(notifications: Notifications): void {
    notifications.listen(DEV_CLOCK_CHANNEL, {
      onMessage: () => void this.reload(),
      onListening: () => this.reload(),
    });
  }

  /** Reads the saved offset (0 when never moved). */
  async reload(): Promise<void> {
    try {
      const [row] = await this.db.select().from(devClock).where(eq(devClock.id, 1));
      this.offsetMs = row?.offsetMs ?? 0;
    } catch (err) {
      this.log.warn({ err }, 'reading the development clock failed');
    }
  }

  /** Sets the offset, here at once and in every process at commit. The offset set. */
  async set(offsetMs: number, notifications: Notifications): Promise<number> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(devClock)
        .values({ id: 1, offsetMs, updatedAt: new Date() })
        .onConflictDoUpdate({ target: devClock.id, set: { offsetMs, updatedAt: sql`now()` } });
      await notifications.notify(tx, DEV_CLOCK_CHANNEL, String(offsetMs));
    });
    this.offsetMs = offsetMs;
    return offsetMs;
  }
}

/**
 * `GET /api/dev/clock` and `POST /api/dev/clock {advanceMs | offsetMs}` (main layer, public):
 * the development clock's offset and the app's time. Registered outside production only (app.ts).
 */
export function devClockRoutes(deps: {
  clock: DevClock;
  notifications: Notifications;
}): FastifyPluginAsyncZod {
  const { clock } = deps;
  const reply = () => ok({ offsetMs: clock.offset(), now: clock.now().toISOString() });
  return async (app) => {
    app.get(
      '/dev/clock',
      {
        config: { public: true },
        schema: {
          tags: ['dev'],
          summary: "Development clock: the offset the app's time runs ahead of the wall clock by",
          response: { 200: envelope(ZDevClock) },
        },
      },
      async () => reply(),
    );
    app.post(
      '/dev/clock',
      {
        config: { public: true },
        schema: {
          tags: ['dev'],
          summary: 'Development clock: move it on by advanceMs, or set offsetMs (every API process follows)',
          body: ZDevClockRequest,
          response: { 200: envelope(ZDevClock) },
        },
      },
      async (request) => {
        const { advanceMs, offsetMs } = request.body;
        const next = offsetMs ?? clock.offset() + (advanceMs ?? 0);
        await clock.set(next, deps.notifications);
        return reply();
      },
    );
  };
}
