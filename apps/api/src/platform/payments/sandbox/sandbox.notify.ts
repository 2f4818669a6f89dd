import type { QueueOptions } from '../../jobs/jobs';
import { SANDBOX_SIGNATURE_HEADER, type SandboxGateway } from './sandbox.gateway';

/** The queue of sandbox notifications: each job posts one signed notification until a 2xx. */
export const SANDBOX_NOTIFY_JOB = 'sandbox-notify';

/** How the notification queue is worked: retried quickly, as a gateway retries its pushback. */
export const SANDBOX_NOTIFY_QUEUE: QueueOptions = { retryLimit: 12, retryDelaySeconds: 2 };

export interface NotifyJob {
  url: string;
  body: string;
}

/** Sends one notification; a non-2xx or a network error throws, so pg-boss retries it with backoff. */
export type Deliver = (url: string, body: string, signature: string) => Promise<number>;

export const fetchDeliver: Deliver = async (url, body, signature) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return res.status;
};

/** Posts a notification signed at sending time (each retry gets a fresh timestamp). */
export async function sendNotification(gateway: SandboxGateway, job: NotifyJob, deliver: Deliver) {
  const status = await deliver(job.url, job.body, gateway.sign(job.body));
  if (status < 200 || status >= 300) throw new Error(`notification answered ${status}`);
}
