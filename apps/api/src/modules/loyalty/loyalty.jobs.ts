import type { LoyaltyContext } from './loyalty-context';
import type { MemberFiles } from './member-files';
import type { MembersService } from './members.service';

/**
 * Every hour: photos uploaded while registering that no registration claimed within a day are
 * removed (store and table), and the members service drops what it keeps only for a while
 * (used codes, ended sessions).
 */
export const LOYALTY_SWEEP_JOB = 'loyalty.sweep';

/** The module's jobs: the hourly sweep. Tests call `files.sweep` and `members.purgeOld` directly. */
export function registerLoyaltyJobs(
  ctx: LoyaltyContext,
  deps: { members: Pick<MembersService, 'purgeOld'>; files: Pick<MemberFiles, 'sweep'> },
): void {
  const { jobs, log } = ctx.platform;
  // Declared at once (the runner starts the schedule later); a failure to declare is logged.
  jobs
    .schedule(LOYALTY_SWEEP_JOB, '17 * * * *', async () => {
      const removed = await deps.files.sweep();
      if (removed > 0) log.info({ memberFiles: removed }, 'removed unclaimed member photos');
      await deps.members.purgeOld();
    })
    .catch((err: unknown) => log.error({ err }, 'could not schedule the loyalty sweep'));
}
