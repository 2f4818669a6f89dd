/**
 * Pricing: the public face of the module (offers, fares, taxes, promo codes). Other modules and
 * db/seed import only from here.
 */
export {
  type BookingClassLimit,
  bookingClassLimits,
  type EarnRate,
  earnRates,
  setEarnRate,
} from './booking-classes';
export {
  BOOKING_CLASSES,
  type FareRoute,
  FILED_FROM as FARES_FILED_FROM,
  FILING_CNY_PER_USD,
  seedDemoFares,
  TAXES,
} from './demo-fares';
export { DEMO_PROMOTIONS, seedDemoPromotions } from './demo-promotions';
/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { pricingModule } from './pricing.module';
/** Pricing's part of a caller's single statement that makes an order: its promo code's use. */
export { promoUsePart } from './pricing.repository';
export {
  createPricingService,
  type OfferRecord,
  type PriceLine,
  type PricingService,
  type SqlExecutor,
} from './pricing.service';
/** Routes with a fare valid today or later (the console's network list: a route without one cannot be sold). */
export { routesWithFares } from './route-fares';
