import type { JobRunner } from '../../platform/jobs/jobs';
import { type BookingService, ORDER_EXPIRE_JOB, ORDER_EXPIRE_SWEEP_JOB } from './booking.service';

interface Logger {
  info(obj: unknown, msg?: string): void;
}

/**
 * Booking's jobs: one expiry per order at its pay deadline, plus a per-minute sweep for any
 * expiry job that was lost. They run once the app's job runner starts (main.ts); tests call the
 * service's handlers (`expireOrder`, `expireOverdue`) directly.
 */
export async function registerBookingJobs(
  jobs: Pick<JobRunner, 'work' | 'schedule'>,
  service: BookingService,
  log: Logger,
): Promise<void> {
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
}
