import type { JobRunner } from '../../platform/jobs/jobs';
import { type PaymentsService, RECONCILE_SWEEP_JOB, REFUND_JOB, REFUND_SWEEP_JOB } from './payments.service';

interface Logger {
  info(obj: unknown, msg?: string): void;
}

/**
 * Payments' jobs: one refund job per refund row, a per-minute sweep for refunds (and notices)
 * still owed, and the reconcile sweep that asks gateways about payments whose notification never
 * came. They run once the app's job runner starts (main.ts); tests call the service's handlers
 * (`processRefund`, `refundPending`, `reconcileStale`) directly. What follows a payment (booking's
 * ticketing) is the owner's job, not these.
 */
export async function registerPaymentsJobs(
  jobs: Pick<JobRunner, 'work' | 'schedule'>,
  service: PaymentsService,
  log: Logger,
): Promise<void> {
  await jobs.work<{ refundId: string }>(
    REFUND_JOB,
    async ({ refundId }) => {
      // Still pending at the gateway: fail the job so pg-boss asks again later (the sweep too).
      if ((await service.processRefund(refundId)) === 'pending')
        throw new Error('refund pending at the gateway');
    },
    { policy: 'short', retryLimit: 20, retryDelaySeconds: 30 },
  );
  await jobs.schedule(REFUND_SWEEP_JOB, '* * * * *', async () => {
    const n = await service.refundPending();
    if (n > 0) log.info({ refunds: n }, 'worked on refunds still owed');
  });
  await jobs.schedule(RECONCILE_SWEEP_JOB, '*/2 * * * *', async () => {
    const outcomes = await service.reconcileStale();
    if (Object.keys(outcomes).length > 0) log.info({ outcomes }, 'asked gateways about stale payments');
  });
}
