import type { JobRunner } from '../../platform/jobs/jobs';
import type { CheckInService } from './check-in.service';

/** Every minute: flights whose departure came are closed (coupons used or no-shows). */
export const DEPARTURE_CLOSE_SWEEP_JOB = 'check-in.departure-close-sweep';

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
    const n = await service.closeDueFlights();
    if (n > 0) log.info({ flights: n }, 'flights closed at departure');
  });
}
