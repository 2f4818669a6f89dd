import { defineModule, type ModuleOptions } from '../../platform/module';
import { pricingAdminRoutes } from './pricing.admin-routes';
import type { PricingConfig } from './pricing.config';
import { createPricingRepository } from './pricing.repository';
import { pricingRoutes } from './pricing.routes';
import { createPricingService, type PricingService } from './pricing.service';
import { createPricingAdminRepository } from './pricing-admin.repository';
import { createPricingAdminService } from './pricing-admin.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Offers, price breakdowns and promo codes: the booking module prices orders through it. */
    pricing: PricingService;
  }
}

/**
 * The pricing module: offers, fares, taxes and promo codes. Decorates `app.pricing`. Its staff
 * calls (fares, taxes, promo codes in the console) tell shopping's search caches what a change
 * touches, in every process.
 */
export const pricingModule = defineModule<ModuleOptions<PricingConfig>>(
  'pricing',
  ['network', 'shopping'],
  async (app, { platform, config }) => {
    const pricing = createPricingService({
      repo: createPricingRepository(platform.db),
      now: platform.now,
      offerMinutes: config.offerMinutes,
      zones: app.network,
    });
    app.decorate('pricing', pricing);
    app.layers.add('main', pricingRoutes(pricing));
    app.layers.add(
      'staff',
      pricingAdminRoutes(
        createPricingAdminService({
          repo: createPricingAdminRepository(platform.db),
          now: platform.now,
          network: app.network,
          audit: platform.audit,
          searchChanges: app.searchChanges,
        }),
      ),
    );
  },
);
