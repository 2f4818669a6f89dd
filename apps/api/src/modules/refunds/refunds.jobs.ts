import type { JobRunner } from '../../platform/jobs/jobs';
import type { RefundFollowUps } from './refund-follow-ups';

interface Logger {
  info(obj: unknown, msg?: string): void;
}

/**
 * Every minute: drafts past their 30 minutes expired, the step mails still owed sent, the add-ons
 * bought after ticketing of approved refunds refunded (docs/operations.md). The money of a refund
 * is payments' (its refund job and sweep); the refund order completes in payments' transaction.
 */
export const REFUNDS_SWEEP_JOB = 'refunds.sweep';

/** The module's jobs: the sweep. Tests call `followUps.sweep()` directly. */
export async function registerRefundsJobs(
  jobs: Pick<JobRunner, 'schedule'>,
  followUps: Pick<RefundFollowUps, 'sweep'>,
  log: Logger,
): Promise<void> {
  await jobs.schedule(REFUNDS_SWEEP_JOB, '* * * * *', async () => {
    const done = await followUps.sweep();
    if (done.expired + done.mailed + done.addons > 0) log.info(done, 'refunds sweep');
  });
}
