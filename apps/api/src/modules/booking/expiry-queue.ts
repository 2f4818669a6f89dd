import type { JobRunner } from '../../platform/jobs/jobs';

/** The queue of order expiries: one job per order at its deadline. */
export const ORDER_EXPIRE_JOB = 'order-expire';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** How long an expiry waits for others to be sent with it, and how many go in one statement. */
const FLUSH_MS = 250;
const BATCH = 200;

/**
 * The expiry jobs of new orders, sent in batches (docs/decisions.md, issue 12): an order's
 * request sends nothing for its expiry; every `FLUSH_MS` (or every `BATCH` orders) one pg-boss
 * `insert` statement enqueues the expiries gathered meanwhile, each at its order's deadline with
 * the order id as singleton key. A batch lost with its process (a crash between the order's
 * commit and the flush) costs nothing but time: the per-minute sweep (`expireOverdue`) expires
 * any unpaid order past its deadline, job or not. `flush` runs when the app closes.
 */
export class ExpiryQueue {
  private pending: Array<{ orderId: string; payDeadline: Date }> = [];
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      jobs: Pick<JobRunner, 'sendMany'>;
      log: Logger;
      flushMs?: number;
      batch?: number;
    },
  ) {}

  /** Gathers the expiry of an order just committed; it is sent with the next batch. */
  add(orderId: string, payDeadline: Date): void {
    this.pending.push({ orderId, payDeadline });
    if (this.pending.length >= (this.deps.batch ?? BATCH)) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.deps.flushMs ?? FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Sends what is gathered now (best effort: a failure is logged, the sweep covers it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.sending;
    // One batch after the other: a later batch never overtakes an earlier one.
    this.sending = this.sending.then(async () => {
      try {
        await this.deps.jobs.sendMany(
          ORDER_EXPIRE_JOB,
          batch.map((e) => ({
            data: { orderId: e.orderId },
            startAfter: e.payDeadline,
            singletonKey: e.orderId,
          })),
        );
      } catch (err) {
        this.deps.log.warn(
          { err, orders: batch.length },
          'could not enqueue order expiries; the sweep will expire those orders',
        );
      }
    });
    return this.sending;
  }
}
