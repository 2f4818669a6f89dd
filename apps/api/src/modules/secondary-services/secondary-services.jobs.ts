import type { JobRunner } from '../../platform/jobs/jobs';
import type { SecondaryServices } from './secondary-services.service';

interface Logger {
  info(obj: unknown, msg?: string): void;
}

/** Every minute: unpaid add-on orders past their 15 minutes are expired (payable closed, seat freed). */
export const ADDON_EXPIRE_SWEEP_JOB = 'secondary-services.expire-sweep';

/**
 * The module's jobs: the expiry sweep. The traveller's calls also expire a lapsed add-on order
 * of theirs before reading or buying, so the sweep only frees seats nobody asked about. Tests
 * call `expireLapsed` directly.
 */
export async function registerSecondaryServicesJobs(
  jobs: Pick<JobRunner, 'schedule'>,
  service: Pick<SecondaryServices, 'expireLapsed'>,
  log: Logger,
): Promise<void> {
  await jobs.schedule(ADDON_EXPIRE_SWEEP_JOB, '* * * * *', async () => {
    const n = await service.expireLapsed();
    if (n > 0) log.info({ addonOrders: n }, 'expired unpaid add-on orders');
  });
}
