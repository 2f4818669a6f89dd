import {
  envelope,
  type StaffRole,
  ZAdminAddonCreate,
  ZAdminAddonDisable,
  ZAdminAddonIdParams,
  ZAdminAddonOptions,
  ZAdminAddonPage,
  ZAdminAddonPrice,
  ZAdminAddonQuery,
  ZAdminAddonUpdate,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffChangeOf } from '../../platform/layers';
import type { AddonsAdminService } from './addons-admin.service';

/** Who reads the add-on catalogue (issue 14): admins, agents (they sell add-ons to callers), finance, auditors. */
export const ADDONS_READ_ROLES: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];
/** Who changes it: admins, as for fares (pricing.admin-routes.ts). */
export const ADDONS_CHANGE_ROLES: readonly StaffRole[] = ['admin'];

const tags = ['admin: add-ons'];
const read = { roles: ADDONS_READ_ROLES };
const change = { roles: ADDONS_CHANGE_ROLES };

/** The staff console's add-on catalogue, under /api/admin/addons (docs/api.md, "Add-ons (issue 14): catalogue"). */
export function addonsAdminRoutes(service: AddonsAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/addons/options',
      {
        config: read,
        schema: {
          tags,
          summary: 'Routes (with their currencies), kinds, seat types and baggage steps to choose from',
          response: { 200: envelope(ZAdminAddonOptions) },
        },
      },
      async () => ok(await service.options()),
    );

    app.get(
      '/addons/prices',
      {
        config: read,
        schema: {
          tags,
          summary: 'The add-on catalogue, filtered by route, cabin, kind and currency',
          querystring: ZAdminAddonQuery,
          response: { 200: envelope(ZAdminAddonPage) },
        },
      },
      async (request) => ok(await service.list(request.query)),
    );

    app.post(
      '/addons/prices',
      {
        config: change,
        schema: {
          tags,
          summary: 'File an add-on price for a route and cabin (live for the next add-on list read)',
          body: ZAdminAddonCreate,
          response: { 200: envelope(ZAdminAddonPrice) },
        },
      },
      async (request) => ok(await service.create(request.body, staffChangeOf(request))),
    );

    app.put(
      '/addons/prices/:id',
      {
        config: change,
        schema: {
          tags,
          summary: 'Change an add-on price’s amount (or percent) and validity',
          params: ZAdminAddonIdParams,
          body: ZAdminAddonUpdate,
          response: { 200: envelope(ZAdminAddonPrice) },
        },
      },
      async (request) => ok(await service.update(request.params.id, request.body, staffChangeOf(request))),
    );

    app.post(
      '/addons/prices/:id/disable',
      {
        config: change,
        schema: {
          tags,
          summary: 'End an add-on price now, with a reason',
          params: ZAdminAddonIdParams,
          body: ZAdminAddonDisable,
          response: { 200: envelope(ZAdminAddonPrice) },
        },
      },
      async (request) =>
        ok(await service.disable(request.params.id, request.body.reason, staffChangeOf(request))),
    );
  };
}
