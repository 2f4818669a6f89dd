import {
  envelope,
  type StaffRole,
  ZAdminFare,
  ZAdminFareCreate,
  ZAdminFarePage,
  ZAdminFareQuery,
  ZAdminFareUpdate,
  ZAdminPricingIdParams,
  ZAdminPricingOptions,
  ZAdminPromo,
  ZAdminPromoCreate,
  ZAdminPromoDisable,
  ZAdminPromoList,
  ZAdminPromoParams,
  ZAdminPromoTerms,
  ZAdminTax,
  ZAdminTaxCreate,
  ZAdminTaxList,
  ZAdminTaxQuery,
  ZAdminTaxUpdate,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffChangeOf } from '../../platform/layers';
import type { PricingAdminService } from './pricing-admin.service';

/** Who reads fares, taxes and promo codes (issue 13): admins, finance and auditors. */
export const PRICING_READ_ROLES: readonly StaffRole[] = ['admin', 'finance', 'auditor'];
/** Who changes them: admins. */
export const PRICING_CHANGE_ROLES: readonly StaffRole[] = ['admin'];

const tags = ['admin: fares and promotions'];
const read = { roles: PRICING_READ_ROLES };
const change = { roles: PRICING_CHANGE_ROLES };

/**
 * The staff console's fares, taxes and promo codes, under /api/admin/pricing (docs/api.md,
 * "Staff console: fares, promotions and translations").
 */
export function pricingAdminRoutes(service: PricingAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pricing/options',
      {
        config: read,
        schema: {
          tags,
          summary: 'Routes, booking classes and fare families to choose from',
          response: { 200: envelope(ZAdminPricingOptions) },
        },
      },
      async () => ok(await service.options()),
    );

    app.get(
      '/pricing/fares',
      {
        config: read,
        schema: {
          tags,
          summary: 'Fares by route and booking class, filtered',
          querystring: ZAdminFareQuery,
          response: { 200: envelope(ZAdminFarePage) },
        },
      },
      async (request) => ok(await service.fares(request.query)),
    );

    app.post(
      '/pricing/fares',
      {
        config: change,
        schema: {
          tags,
          summary: 'File a fare (live for new searches at once)',
          body: ZAdminFareCreate,
          response: { 200: envelope(ZAdminFare) },
        },
      },
      async (request) => ok(await service.createFare(request.body, staffChangeOf(request))),
    );

    app.put(
      '/pricing/fares/:id',
      {
        config: change,
        schema: {
          tags,
          summary: 'Change a fare’s amount and validity (live for new searches at once)',
          params: ZAdminPricingIdParams,
          body: ZAdminFareUpdate,
          response: { 200: envelope(ZAdminFare) },
        },
      },
      async (request) =>
        ok(await service.updateFare(request.params.id, request.body, staffChangeOf(request))),
    );

    app.get(
      '/pricing/taxes',
      {
        config: read,
        schema: {
          tags,
          summary: 'Taxes by code, place and passenger type',
          querystring: ZAdminTaxQuery,
          response: { 200: envelope(ZAdminTaxList) },
        },
      },
      async (request) => ok(await service.taxes(request.query)),
    );

    app.post(
      '/pricing/taxes',
      {
        config: change,
        schema: {
          tags,
          summary: 'File a tax',
          body: ZAdminTaxCreate,
          response: { 200: envelope(ZAdminTax) },
        },
      },
      async (request) => ok(await service.createTax(request.body, staffChangeOf(request))),
    );

    app.put(
      '/pricing/taxes/:id',
      {
        config: change,
        schema: {
          tags,
          summary: 'Change a tax’s amount, text and validity',
          params: ZAdminPricingIdParams,
          body: ZAdminTaxUpdate,
          response: { 200: envelope(ZAdminTax) },
        },
      },
      async (request) => ok(await service.updateTax(request.params.id, request.body, staffChangeOf(request))),
    );

    app.get(
      '/pricing/promos',
      {
        config: read,
        schema: {
          tags,
          summary: 'Promo codes with their uses so far',
          response: { 200: envelope(ZAdminPromoList) },
        },
      },
      async () => ok(await service.promos()),
    );

    app.post(
      '/pricing/promos',
      {
        config: change,
        schema: {
          tags,
          summary: 'Create a promo code',
          body: ZAdminPromoCreate,
          response: { 200: envelope(ZAdminPromo) },
        },
      },
      async (request) => ok(await service.createPromo(request.body, staffChangeOf(request))),
    );

    app.put(
      '/pricing/promos/:code',
      {
        config: change,
        schema: {
          tags,
          summary: 'Change a promo code’s terms',
          params: ZAdminPromoParams,
          body: ZAdminPromoTerms,
          response: { 200: envelope(ZAdminPromo) },
        },
      },
      async (request) =>
        ok(await service.updatePromo(request.params.code, request.body, staffChangeOf(request))),
    );

    app.post(
      '/pricing/promos/:code/disable',
      {
        config: change,
        schema: {
          tags,
          summary: 'End a promo code now, with a reason',
          params: ZAdminPromoParams,
          body: ZAdminPromoDisable,
          response: { 200: envelope(ZAdminPromo) },
        },
      },
      async (request) =>
        ok(await service.disablePromo(request.params.code, request.body.reason, staffChangeOf(request))),
    );
  };
}
