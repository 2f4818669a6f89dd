import type { JobRunner } from '../../platform/jobs/jobs';
import type { ChangesService } from './changes.service';

interface Logger {
  info(obj: unknown, msg?: string): void;
}

/**
 * Every minute: quotes past their 20 minutes and unpaid changes past their deadline expire (their
 * held seats back, an unpaid change's tickets issued again and its payable closed). The
 * traveller's calls also expire a lapsed change of theirs before reading or quoting, so the
 * sweep only frees seats nobody asked about.
 */
export const CHANGES_SWEEP_JOB = 'changes.lapse-sweep';

/** The module's jobs: the lapse sweep. Tests call `lapseDue` directly. */
export async function registerChangesJobs(
  jobs: Pick<JobRunner, 'schedule'>,
  service: Pick<ChangesService, 'lapseDue'>,
  log: Logger,
): Promise<void> {
  await jobs.schedule(CHANGES_SWEEP_JOB, '* * * * *', async () => {
    const n = await service.lapseDue();
    if (n > 0) log.info({ changeOrders: n }, 'expired change orders');
  });
}
