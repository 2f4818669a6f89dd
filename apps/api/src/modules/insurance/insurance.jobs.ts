import type { JobRunner, QueueOptions } from '../../platform/jobs/jobs';
import {
  INSURANCE_PURCHASE_JOB,
  INSURANCE_PURCHASE_SWEEP_JOB,
  type InsuranceService,
} from './insurance.service';

interface Logger {
  info(obj: unknown, msg?: string): void;
}

/**
 * Buying policies (issue 14): a paid order's policies are written `pending` in the payment's
 * transaction with one purchase job each. The job asks the insurer under the policy's own
 * reference, so a retry or a second job never buys twice; while the insurer cannot be reached
 * the job fails and pg-boss retries it with a back-off, and after the last try the policy is
 * `failed` (staff refund its premium). A sweep every five minutes buys any policy whose job was
 * lost. Tests call `issue` and `purchasePending` directly.
 */
export const INSURANCE_PURCHASE_QUEUE: QueueOptions = {
  policy: 'short',
  retryLimit: 19,
  retryDelaySeconds: 30,
};

export async function registerInsuranceJobs(
  jobs: Pick<JobRunner, 'work' | 'schedule'>,
  insurance: Pick<InsuranceService, 'issue' | 'purchasePending'>,
  log: Logger,
): Promise<void> {
  await jobs.work<{ policyId: string }>(
    INSURANCE_PURCHASE_JOB,
    async ({ policyId }) => {
      const policy = await insurance.issue(policyId);
      // The insurer answered "pending" (it decides later): try again with the back-off.
      if (policy?.status === 'pending') throw new Error(`policy ${policyId} still pending at the insurer`);
    },
    INSURANCE_PURCHASE_QUEUE,
  );
  await jobs.schedule(INSURANCE_PURCHASE_SWEEP_JOB, '*/5 * * * *', async () => {
    const settled = await insurance.purchasePending();
    if (settled > 0)
      log.info({ policies: settled }, 'bought insurance policies whose purchase job was missed');
  });
}
