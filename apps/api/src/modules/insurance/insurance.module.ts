import { defineModule, type ModuleOptions } from '../../platform/module';
import { seedDemoInsurancePlans } from './demo-plans';
import { insuranceAdminRoutes } from './insurance.admin-routes';
import type { InsuranceConfig } from './insurance.config';
import { registerInsuranceJobs } from './insurance.jobs';
import { createInsuranceRepository, type InsuranceRepository } from './insurance.repository';
import { insuranceRoutes } from './insurance.routes';
import { createInsuranceService, type InsuranceService } from './insurance.service';
import { createInsuranceAdminService } from './insurance-admin.service';
import type { InsuranceProvider } from './insurance-provider';
import { sandboxInsuranceRoutes } from './sandbox.routes';
import { SandboxInsurer } from './sandbox-insurer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Travel insurance: plans, quotes, and the policies of paid orders with their purchase job. */
    insurance: InsuranceService;
  }
}

/** The sandbox insurer's plans: our active plans, as an insurer's catalogue. */
function planSource(repo: InsuranceRepository) {
  return {
    async activePlans(currency: 'USD' | 'CNY') {
      const plans = await repo.plans({ currency, activeOnly: true });
      return plans.map((p) => ({
        code: p.code,
        currency: p.currency,
        grade: p.grade,
        name: p.name,
        coverage: p.coverage.map((c) => ({
          item: c.item as 'medical',
          limit: { amount: c.limit, currency: p.currency },
        })),
        bands: p.priceBands,
      }));
    },
  };
}

/** The module's options: its settings slice and whether demo data is written (SEED_DEMO). */
export interface InsuranceModuleConfig extends InsuranceConfig {
  seedDemo: boolean;
}

/**
 * The insurance module: plans, the insurer adapter and quotes (issue 14). Decorates
 * `app.insurance`. The insurer is the sandbox outside production when INSURANCE_PROVIDER says
 * so (the default there); production has none yet, so insurance is off there (config refuses
 * the sandbox). Offers come from pricing. In development with SEED_DEMO, the demo plans are
 * added at start to a database that lacks them (a database seeded before issue 14).
 */
export const insuranceModule = defineModule<ModuleOptions<InsuranceModuleConfig>>(
  'insurance',
  ['pricing'],
  async (app, { platform, config }) => {
    const repo = createInsuranceRepository(platform.db);
    const sandbox =
      config.provider === 'sandbox' && platform.env !== 'production'
        ? new SandboxInsurer({
            db: platform.db,
            plans: planSource(repo),
            now: platform.now,
            baseUrl: platform.baseUrl,
            key: platform.keys.sandboxInsurance.current,
          })
        : null;
    const provider: InsuranceProvider | null = sandbox;
    const insurance = createInsuranceService({
      repo,
      provider,
      now: platform.now,
      jobs: platform.jobs,
      offers: {
        async offerTrip(offerId) {
          const { record, offer } = await app.pricing.getOffer(offerId);
          return {
            legs: offer.segments,
            currency: record.currency,
            partySize: record.passengers[0] + record.passengers[1] + record.passengers[2],
          };
        },
      },
    });
    app.decorate('insurance', insurance);
    await registerInsuranceJobs(platform.jobs, insurance, platform.log);
    app.layers.add('main', insuranceRoutes(insurance));
    if (sandbox) app.layers.add('main', sandboxInsuranceRoutes(sandbox));
    app.addHook('onReady', async () => {
      if (platform.env !== 'development' || !config.seedDemo) return;
      try {
        await seedDemoInsurancePlans(platform.db);
      } catch (err) {
        platform.log.warn({ err }, 'writing the demo insurance plans failed');
      }
    });
    app.layers.add(
      'staff',
      insuranceAdminRoutes(createInsuranceAdminService({ repo, now: platform.now, audit: platform.audit })),
    );
  },
);
