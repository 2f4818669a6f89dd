import type { JobRunner } from '../../platform/jobs/jobs';
import { type BookingService, ORDER_EXPIRE_JOB, ORDER_EXPIRE_SWEEP_JOB } from './booking.service';
import { TICKETING_JOB, TICKETING_QUEUE, TICKETING_SWEEP_JOB, type Ticketing } from './ticketing';

interface Logger {
  info(obj: unknown, msg?: string): void;
}

/**
 * Booking's jobs, all of them: one expiry per order at its pay deadline, plus a per-minute sweep
 * for any expiry job that was lost; one ticketing job per paid order (prompted by the order's
 * payable owner after a payment), plus a per-minute sweep that tickets any paid order whose job
 * was lost. They run once the app's job runner starts (main.ts); tests call the handlers
 * (`expireOrder`, `expireOverdue`, `issueTickets`, `ticketMissing`) directly.
 */
export async function registerBookingJobs(
  jobs: Pick<JobRunner, 'work' | 'schedule'>,
  deps: { service: BookingService; ticketing: Ticketing },
  log: Logger,
): Promise<void> {
  const { service, ticketing } = deps;
  await jobs.work<{ orderId: string }>(
    ORDER_EXPIRE_JOB,
    async ({ orderId }) => {
      await service.expireOrder(orderId);
    },
    // At most one queued expiry per order (singleton key = order id).
    { policy: 'short' },
  );
  await jobs.schedule(ORDER_EXPIRE_SWEEP_JOB, '* * * * *', async () => {
    const expired = await service.expireOverdue();
    if (expired > 0) log.info({ expired }, 'expired overdue unpaid orders');
  });
  await jobs.work<{ orderId: string }>(
    TICKETING_JOB,
    async ({ orderId }) => {
      await ticketing.issueTickets(orderId);
    },
    TICKETING_QUEUE,
  );
  await jobs.schedule(TICKETING_SWEEP_JOB, '* * * * *', async () => {
    const n = await ticketing.ticketMissing();
    if (n > 0) log.info({ orders: n }, 'ticketed paid orders whose ticketing job was missed');
  });
}
