import {
  envelope,
  type StaffRole,
  ZAdminInsurancePlan,
  ZAdminInsurancePlanCreate,
  ZAdminInsurancePlanDisable,
  ZAdminInsurancePlanList,
  ZAdminInsurancePlanParams,
  ZAdminInsurancePlanQuery,
  ZAdminInsurancePlanUpdate,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffChangeOf } from '../../platform/layers';
import type { InsuranceAdminService } from './insurance-admin.service';

/** Who reads insurance plans: admins, agents (who sell them), finance and auditors. */
export const INSURANCE_READ_ROLES: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];
/** Who changes them: admins (as fares). */
export const INSURANCE_CHANGE_ROLES: readonly StaffRole[] = ['admin'];

const tags = ['admin: insurance'];
const read = { roles: INSURANCE_READ_ROLES };
const change = { roles: INSURANCE_CHANGE_ROLES };

/** The staff console's insurance plans, under /api/admin/insurance (docs/api.md, "Add-ons (issue 14): travel insurance"). */
export function insuranceAdminRoutes(service: InsuranceAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/insurance/plans',
      {
        config: read,
        schema: {
          tags,
          summary: 'Insurance plans by currency and grade',
          querystring: ZAdminInsurancePlanQuery,
          response: { 200: envelope(ZAdminInsurancePlanList) },
        },
      },
      async (request) => ok(await service.plans(request.query)),
    );

    app.post(
      '/insurance/plans',
      {
        config: change,
        schema: {
          tags,
          summary: 'File an insurance plan in a currency (sold at once)',
          body: ZAdminInsurancePlanCreate,
          response: { 200: envelope(ZAdminInsurancePlan) },
        },
      },
      async (request) => ok(await service.createPlan(request.body, staffChangeOf(request))),
    );

    app.put(
      '/insurance/plans/:id',
      {
        config: change,
        schema: {
          tags,
          summary: 'Change a plan’s grade, names, cover and price bands (live for the next quote)',
          params: ZAdminInsurancePlanParams,
          body: ZAdminInsurancePlanUpdate,
          response: { 200: envelope(ZAdminInsurancePlan) },
        },
      },
      async (request) =>
        ok(await service.updatePlan(request.params.id, request.body, staffChangeOf(request))),
    );

    app.post(
      '/insurance/plans/:id/disable',
      {
        config: change,
        schema: {
          tags,
          summary: 'Stop selling a plan (policies bought keep it)',
          params: ZAdminInsurancePlanParams,
          body: ZAdminInsurancePlanDisable,
          response: { 200: envelope(ZAdminInsurancePlan) },
        },
      },
      async (request) =>
        ok(await service.disablePlan(request.params.id, request.body.reason, staffChangeOf(request))),
    );
  };
}
