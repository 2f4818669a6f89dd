import type { AccrualSweep } from './accrual';
import type { LedgerService } from './ledger.service';
import type { MileageContext } from './mileage-context';

/** Every 5 minutes: flown coupons credited to their members. */
export const MILEAGE_ACCRUAL_JOB = 'mileage.accrual';
/** Once a day just after the hub's midnight (17:10 UTC is 00:10 in Asia/Phnom_Penh): expiry, expiry notices, tier review. */
export const MILEAGE_DAILY_JOB = 'mileage.daily';

/** The module's jobs. Tests call `sweep`, `expireDue`, `notifyExpiring` and `reviewTiers` directly. */
export function registerMileageJobs(
  ctx: MileageContext,
  deps: {
    ledger: Pick<LedgerService, 'expireDue' | 'notifyExpiring' | 'reviewTiers'>;
    accrual: Pick<AccrualSweep, 'sweep'>;
  },
): void {
  const { jobs, log } = ctx.platform;
  // Declared at once (the runner starts the schedule later); a failure to declare is logged.
  jobs
    .schedule(MILEAGE_ACCRUAL_JOB, '*/5 * * * *', async () => {
      const credited = await deps.accrual.sweep();
      if (credited > 0) log.info({ credited }, 'credited flown coupons');
    })
    .catch((err: unknown) => log.error({ err }, 'could not schedule the mileage accrual'));
  jobs
    .schedule(MILEAGE_DAILY_JOB, '10 17 * * *', async () => {
      const expired = await deps.ledger.expireDue();
      const notified = await deps.ledger.notifyExpiring();
      const tiers = await deps.ledger.reviewTiers();
      log.info({ expired, notified, tiers }, 'mileage daily run');
    })
    .catch((err: unknown) => log.error({ err }, 'could not schedule the mileage daily run'));
}
