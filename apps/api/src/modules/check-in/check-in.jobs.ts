import type { JobRunner } from '../../platform/jobs/jobs';
import { type CheckInService, CLOSE_BATCH } from './check-in.service';

/** Every minute: flights whose departure came are closed (coupons used or no-shows). */
export const DEPARTURE_CLOSE_SWEEP_JOB = 'check-in.departure-close-sweep';

/** Batches of `CLOSE_BATCH` flights one run of the sweep closes at most. */
const CATCH_UP_ROUNDS = 100;

/**
 * The module's job: the departure close, a sweep rather than a job per flight, so a departure
 * marked earlier or later by staff, a retime, or the development clock moving on are followed
 * without rescheduling anything. Tests call `closeDueFlights` directly.
 */
export async function registerCheckInJobs(
  jobs: Pick<JobRunner, 'schedule'>,
  service: Pick<CheckInService, 'closeDueFlights'>,
  log: { info(obj: unknown, msg?: string): void },
): Promise<void> {
  await jobs.schedule(DEPARTURE_CLOSE_SWEEP_JOB, '* * * * *', async () => {
    // A batch at a time until none is left (after a pause of the jobs, or the development clock
    // moved on by days, many flights are due at once), at most CATCH_UP_ROUNDS batches a run.
    let n = 0;
    for (let round = 0; round < CATCH_UP_ROUNDS; round++) {
      const closed = await service.closeDueFlights();
      n += closed;
      if (closed < CLOSE_BATCH) break;
    }
    if (n > 0) log.info({ flights: n }, 'flights closed at departure');
  });
}
