import { describe, expect, it } from 'vitest';
import { ExpiryQueue, ORDER_EXPIRE_JOB } from './expiry-queue';

/** A job runner that records what it was asked to send, and fails when told to. */
function recordingJobs() {
  const sent: Array<{ name: string; jobs: unknown[] }> = [];
  let failing = false;
  return {
    sent,
    fail(on: boolean) {
      failing = on;
    },
    async sendMany(name: string, jobs: readonly unknown[]) {
      if (failing) throw new Error('database unavailable');
      sent.push({ name, jobs: [...jobs] });
    },
  };
}

const warnings: unknown[] = [];
const log = { warn: (obj: unknown) => void warnings.push(obj) };
const deadline = new Date('2026-12-01T08:20:00Z');

describe("new orders' expiry jobs go out in batches (issue 12: no round trip of the order's own)", () => {
  it('sends every expiry gathered since the last batch in one call, each at its deadline with the order as singleton key', async () => {
    const jobs = recordingJobs();
    // A flush interval longer than the test: only the explicit flush sends.
    const queue = new ExpiryQueue({ jobs, log, flushMs: 60_000 });
    queue.add('order-1', deadline);
    queue.add('order-2', new Date(deadline.getTime() + 1000));
    expect(jobs.sent).toEqual([]);

    await queue.flush();
    expect(jobs.sent).toEqual([
      {
        name: ORDER_EXPIRE_JOB,
        jobs: [
          { data: { orderId: 'order-1' }, startAfter: deadline, singletonKey: 'order-1' },
          {
            data: { orderId: 'order-2' },
            startAfter: new Date(deadline.getTime() + 1000),
            singletonKey: 'order-2',
          },
        ],
      },
    ]);
    await queue.flush();
    expect(jobs.sent).toHaveLength(1);
  });

  it('sends a full batch at once without waiting for the interval', async () => {
    const jobs = recordingJobs();
    const queue = new ExpiryQueue({ jobs, log, flushMs: 60_000, batch: 3 });
    for (const id of ['a', 'b', 'c', 'd']) queue.add(id, deadline);
    await queue.flush();
    expect(jobs.sent.map((s) => s.jobs.length)).toEqual([3, 1]);
  });

  it('logs a batch that could not be sent and carries on (the sweep expires those orders)', async () => {
    const jobs = recordingJobs();
    const queue = new ExpiryQueue({ jobs, log, flushMs: 60_000 });
    jobs.fail(true);
    queue.add('lost', deadline);
    await queue.flush();
    expect(warnings).toHaveLength(1);
    jobs.fail(false);
    queue.add('next', deadline);
    await queue.flush();
    expect(jobs.sent.map((s) => s.jobs.length)).toEqual([1]);
  });
});
