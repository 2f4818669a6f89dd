import { defineModule, type ModuleOptions } from '../../platform/module';
import type { PricingConfig } from './pricing.config';
import { createPricingRepository } from './pricing.repository';
import { pricingRoutes } from './pricing.routes';
import { createPricingService, type PricingService } from './pricing.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Offers, price breakdowns and promo codes: the booking module prices orders through it. */
    pricing: PricingService;
  }
}

/** The pricing module: offers, fares, taxes and promo codes. Decorates `app.pricing`. */
export const pricingModule = defineModule<ModuleOptions<PricingConfig>>(
  'pricing',
  ['network'],
  async (app, { platform, config }) => {
    const pricing = createPricingService({
      repo: createPricingRepository(platform.db),
      now: platform.now,
      offerMinutes: config.offerMinutes,
      zones: app.network,
    });
    app.decorate('pricing', pricing);
    app.layers.add('main', pricingRoutes(pricing));
  },
);
