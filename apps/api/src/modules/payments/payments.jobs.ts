import type { JobRunner } from '../../platform/jobs/jobs';
import type { SandboxGateway } from '../../platform/payments/sandbox/sandbox.gateway';
import {
  type Deliver,
  fetchDeliver,
  type NotifyJob,
  SANDBOX_NOTIFY_JOB,
  SANDBOX_NOTIFY_QUEUE,
  sendNotification,
} from '../../platform/payments/sandbox/sandbox.notify';
import { type PaymentsService, RECONCILE_SWEEP_JOB, REFUND_JOB, REFUND_SWEEP_JOB } from './payments.service';

interface Logger {
  info(obj: unknown, msg?: string): void;
}

/**
 * Payments' jobs: one refund job per refund row, a per-minute sweep for refunds (and notices)
 * still owed, and the reconcile sweep that asks gateways about payments whose notification never
 * came; outside production also the sandbox gateway's own worker, which posts its signed
 * notifications to our notify endpoint (its pages enqueue them: sandbox.routes.ts). They run once
 * the app's job runner starts (main.ts); tests call the service's handlers (`processRefund`,
 * `refundPending`, `reconcileStale`) directly. What follows a payment (booking's ticketing) is the
 * owner's job, not these.
 */
export async function registerPaymentsJobs(
  jobs: Pick<JobRunner, 'work' | 'schedule'>,
  deps: {
    service: PaymentsService;
    /** The sandbox gateway when it is on (never in production): its notifications are sent by a job. */
    sandbox: SandboxGateway | null;
    /** How a sandbox notification is posted (fetch by default). */
    deliver?: Deliver;
  },
  log: Logger,
): Promise<void> {
  const { service, sandbox } = deps;
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
  if (sandbox) {
    const deliver = deps.deliver ?? fetchDeliver;
    await jobs.work<NotifyJob>(
      SANDBOX_NOTIFY_JOB,
      (job) => sendNotification(sandbox, job, deliver),
      SANDBOX_NOTIFY_QUEUE,
    );
  }
}
