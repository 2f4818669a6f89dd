import { defineModule, type ModuleOptions } from '../../platform/module';
import { AccrualSweep } from './accrual';
import { Calculators } from './calculators';
import { claimsRoutes } from './claims.routes';
import { ClaimsService } from './claims.service';
import { LedgerService } from './ledger.service';
import { mileageAdminRoutes } from './mileage.admin-routes';
import { registerMileageJobs } from './mileage.jobs';
import { mileageRoutes } from './mileage.routes';
import type { MileageContext } from './mileage-context';

/**
 * The mileage module (issue 18): each member's ledger of miles (credits from flown coupons and
 * approved claims, staff adjustments, expiry after 36 months, freezes), the tiers it raises, the
 * monthly bills, retroactive claims, the calculators, and the console's ledger, claim queue,
 * earn-rate table and award chart. It serves member-layer calls under `/api/fqt` (the member's
 * session is loyalty's) and gives loyalty's member home its figures.
 */
export const mileageModule = defineModule<ModuleOptions>(
  'mileage',
  ['loyalty', 'network', 'pricing', 'booking', 'tickets'],
  async (app, { platform }) => {
    const ctx: MileageContext = { platform, members: app.loyalty, network: app.network };
    const ledger = new LedgerService(ctx);
    const accrual = new AccrualSweep(ctx, ledger);
    const calculators = new Calculators(ctx);
    const claims = new ClaimsService(ctx, ledger);
    // The member home's figures (loyalty cannot depend on this module).
    app.loyalty.useMileage((memberId) => ledger.summary(memberId));
    app.layers.add('member', mileageRoutes(ctx, { ledger, calculators }));
    app.layers.add('member', claimsRoutes(ctx, { claims }));
    app.layers.add('staff', mileageAdminRoutes(ctx, { ledger, claims }));
    registerMileageJobs(ctx, { ledger, accrual });
  },
);
