import {
  envelope,
  ZInsuranceGradeRequest,
  ZInsuranceGradeResponse,
  ZInsurancePriceRequest,
  ZInsurancePriceResponse,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import type { InsuranceService } from './insurance.service';

const tags = ['insurance'];

/**
 * Insurance calls at the spec's paths (booking-and-account.md §7): getInsuranceGrade under both
 * /travelsky and /ca/caweb/backend; the price as insurance/getInsurancePrice under /travelsky and
 * insurance/getPrice under /ca/caweb/backend (the same handlers).
 */
export function insuranceRoutes(service: InsuranceService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const prefix of ['/travelsky', '/ca/caweb/backend']) {
      app.post(
        `${prefix}/insurance/getInsuranceGrade`,
        {
          schema: {
            tags,
            summary: 'Insurance plans (grades) with their cover, priced for a trip when one is given',
            body: ZInsuranceGradeRequest,
            response: { 200: envelope(ZInsuranceGradeResponse) },
          },
        },
        async (request) => ok(await service.grades(request.body)),
      );
    }
    for (const path of ['/travelsky/insurance/getInsurancePrice', '/ca/caweb/backend/insurance/getPrice']) {
      app.post(
        path,
        {
          schema: {
            tags,
            summary: 'One insurance plan’s price for a trip (an offer, or dates) and a number of insured',
            body: ZInsurancePriceRequest,
            response: { 200: envelope(ZInsurancePriceResponse) },
          },
        },
        async (request) => ok(await service.price(request.body)),
      );
    }
  };
}
