import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs/jobs';
import { ensureFlightHorizon } from './flight-horizon';

/** The daily job that keeps a year of dated flights ahead (pg-boss cron, UTC). */
export const FLIGHT_HORIZON_JOB = 'network.flight-horizon';

/**
 * Daily at 00:30 UTC. The hour does not matter: the horizon keeps five days over the 365 the
 * spec asks for, and every start extends it too (db/prepare.ts).
 */
export const FLIGHT_HORIZON_CRON = '30 0 * * *';

export interface NetworkJobDeps {
  db: Db;
  now: () => Date;
  /** Config HUB_TIME_ZONE. */
  hubZone: string;
  /** Config SEED_DEMO: new flights get the demo's sales through other channels. */
  demoSales: boolean;
  log: { info(obj: unknown, msg?: string): void };
}

/** Declares the network's jobs on the runner; main.ts starts the workers. */
export async function networkJobs(jobs: JobRunner, deps: NetworkJobDeps): Promise<void> {
  await jobs.schedule(FLIGHT_HORIZON_JOB, FLIGHT_HORIZON_CRON, async () => {
    const created = await ensureFlightHorizon(deps.db, deps.now(), {
      hubZone: deps.hubZone,
      demoSales: deps.demoSales,
    });
    if (created > 0) deps.log.info({ created }, 'flight horizon extended');
  });
}
