import { OrderPayStatus } from '@wings/contracts';
import { type Db, isRetryableConflict, type Tx } from '../../platform/db';
import type { JobRunner, QueueOptions } from '../../platform/jobs/jobs';
import type { TicketsService } from '../tickets';
import type { TicketingOrders } from './ticketing-orders';

/** The queue of ticket issuing: one job per paid order (singleton key = order id). */
export const TICKETING_JOB = 'ticketing';
/**
 * How the ticketing queue is worked (issue 9: at one order every 2 s a burst of 100 payments
 * waited 51 s). A payment's job wakes this process's workers at once; each worker takes up to
 * `batchSize` jobs per fetch and polls every second when idle; two per process, each holding
 * one database connection while it tickets. docs/operations.md Jobs.
 */
export const TICKETING_QUEUE: QueueOptions = {
  policy: 'short',
  retryLimit: 20,
  retryDelaySeconds: 5,
  batchSize: 20,
  workers: 2,
  pollingIntervalSeconds: 1,
};
/** Orders the ticketing sweep reads per page; it reads pages until none are left. */
export const TICKETING_SWEEP_PAGE = 100;
/** The cron job that tickets any paid order whose ticketing job was lost (a crash after payment). */
export const TICKETING_SWEEP_JOB = 'ticketing-sweep';

const TRIES = 3;

interface Logger {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface TicketingDeps {
  db: Db;
  /** The ticket ledger (the tickets module's index). */
  tickets: Pick<TicketsService, 'issue' | 'count'>;
  /** The order's side: its row lock, passengers and segments, the ticketed mark, the sweep's pages. */
  orders: TicketingOrders;
  /** The airline's 3-digit ticketing code (config TICKET_AIRLINE_CODE). */
  airlineCode: string;
  jobs: Pick<JobRunner, 'send' | 'wake'>;
  now: () => Date;
  log: Logger;
}

/**
 * Booking's ticketing step (issue 5, issue 11): a paid order gets one ticket per passenger, a
 * coupon per segment, from the ticket ledger, and is marked ticketed. Prompted after a payment
 * (the order's payable owner) as a job, and swept every minute for a job lost to a crash. Any
 * number of runs, concurrent or repeated, issue one set: the order row lock serializes them and
 * the ledger's live-ticket key makes a second issue a no-op.
 */
export class Ticketing {
  constructor(private readonly deps: TicketingDeps) {}

  /** Issues the tickets of a paid order; the number issued by this call. Nothing for an order not paid. */
  async issueTickets(orderId: string): Promise<number> {
    return (await this.ticketOrder(orderId, false)) ?? 0;
  }

  /** issueTickets; with `skipLocked`, null at once when another transaction holds the order row. */
  private async ticketOrder(orderId: string, skipLocked: boolean): Promise<number | null> {
    const { orders, tickets } = this.deps;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.db.transaction(async (tx) => {
          const now = this.deps.now();
          const status = await orders.lockForTicketing(tx, orderId, skipLocked);
          if (status === null && skipLocked) return null;
          if (status !== OrderPayStatus.paid) return 0;
          const { passengers, segments } = await orders.ticketingFacts(tx, orderId);
          const issued = await tickets.issue(tx, {
            orderId,
            passengers,
            segments,
            airlineCode: this.deps.airlineCode,
            now,
          });
          await orders.markTicketed(tx, orderId, now, await tickets.count(orderId, tx), issued);
          return issued;
        });
      } catch (err) {
        if (isRetryableConflict(err) && attempt < TRIES) continue;
        throw err;
      }
    }
  }

  /**
   * Tickets every paid order still owed tickets (the per-minute sweep, for ticketing jobs lost
   * to a crash), however many: page after page of TICKETING_SWEEP_PAGE in (updated_at, id)
   * order until a page comes back short, so a backlog never outgrows it. An order another run
   * holds (a ticketing job, a concurrent sweep) is skipped, not waited for: that run tickets it.
   * One order failing is logged and left to the next sweep. The number of orders it ticketed.
   */
  async ticketMissing(pageSize = TICKETING_SWEEP_PAGE): Promise<number> {
    let ticketed = 0;
    let after: { id: string; updatedAt: string } | null = null;
    for (;;) {
      const page = await this.deps.orders.untickedPaidOrders(pageSize, after);
      for (const { id } of page) {
        try {
          if ((await this.ticketOrder(id, true)) !== null) ticketed++;
        } catch (err) {
          this.deps.log.error(
            { err, orderId: id },
            'could not ticket a paid order; the next sweep tries again',
          );
        }
      }
      if (page.length < pageSize) return ticketed;
      after = page[page.length - 1] ?? null;
    }
  }

  /**
   * Enqueues the order's ticketing job in the payment's transaction `tx` (the order's payable
   * owner, as it marks the order paid): the job exists exactly when the payment commits, so the
   * order is prompted once, whatever the number of notifications. A job of the order still
   * queued takes it (singleton key). In a process that runs no jobs nothing is enqueued, and the
   * sweep tickets the order.
   */
  async enqueue(tx: Tx, orderId: string): Promise<void> {
    await this.deps.jobs.send(TICKETING_JOB, { orderId }, { singletonKey: orderId, tx });
  }

  /** After the commit of jobs `enqueue` added: this process's idle ticketing workers fetch them at once. */
  wake(): void {
    this.deps.jobs.wake(TICKETING_JOB);
  }
}

/** Booking's ticketing step over the app's database. */
export function createTicketing(deps: TicketingDeps): Ticketing {
  return new Ticketing(deps);
}
