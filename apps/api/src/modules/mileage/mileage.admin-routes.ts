import {
  envelope,
  ZAdminAwardChart,
  ZAdminAwardChartUpdate,
  ZAdminClaimPage,
  ZAdminClaimQuery,
  ZAdminEarnRates,
  ZAdminEarnRateUpdate,
  ZAdminLedgerQuery,
  ZAdminMemberParams,
  ZAdminMileageAccount,
  ZAdminMileageAdjust,
  ZAdminReason,
  ZMileageClaim,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { type LayerRoutes, staffChangeOf } from '../../platform/layers';
import type { ClaimsService } from './claims.service';
import type { LedgerService } from './ledger.service';
import { MileageAdmin } from './mileage.admin-service';
import type { MileageContext } from './mileage-context';

const tags = ['staff: mileage'];

/** Who reads accounts, ledgers, claims, rates and the chart: agents, admins and auditors. */
export const MILEAGE_READ_ROLES = ['admin', 'agent', 'auditor'] as const;
/** Who adjusts, freezes and audits claims: agents and admins. */
export const MILEAGE_ACT_ROLES = ['admin', 'agent'] as const;
/** Who files the earn-rate table and the award chart: admins. */
export const MILEAGE_FILE_ROLES = ['admin'] as const;

/** A claim id from the path: anything that is not one of a claim answers 4140, never a validation error. */
const ZClaimParams = z.object({ claimId: z.string().max(64) });
const ZLetterParams = z.object({ letter: z.string().min(1).max(2) });

/**
 * The console's mileage programme (staff layer, /api/admin; contracts admin-mileage.ts): a member's
 * account and ledger with manual adjustments and freezes, the claim queue, the earn-rate table and
 * the award chart. Every change writes the audit log.
 */
export function mileageAdminRoutes(
  ctx: MileageContext,
  deps: { ledger: LedgerService; claims: ClaimsService },
): LayerRoutes {
  const admin = new MileageAdmin(ctx, deps.ledger);
  const { claims } = deps;
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/members/:memberId/mileage',
      {
        config: { roles: MILEAGE_READ_ROLES },
        schema: {
          tags,
          summary: "A member's miles: balance, expiry, tier figures, freeze and a page of the ledger",
          description: 'admin, agent, auditor. 4130 unknown member; 4145 not an approved member.',
          params: ZAdminMemberParams,
          querystring: ZAdminLedgerQuery,
          response: { 200: envelope(ZAdminMileageAccount) },
        },
      },
      async (request) => ok(await admin.account(request.params.memberId, request.query)),
    );

    app.post(
      '/members/:memberId/mileage/adjust',
      {
        config: { roles: MILEAGE_ACT_ROLES },
        schema: {
          tags,
          summary: 'Credit (positive) or debit (negative) miles by hand, with the reason the member reads',
          description:
            'admin, agent. A debit may take frozen miles but never below 0 (861). 4130, 4145. Answers the account.',
          params: ZAdminMemberParams,
          body: ZAdminMileageAdjust,
          response: { 200: envelope(ZAdminMileageAccount) },
        },
      },
      async (request) =>
        ok(await admin.adjust(request.params.memberId, request.body, staffChangeOf(request))),
    );

    app.post(
      '/members/:memberId/mileage/freeze',
      {
        config: { roles: MILEAGE_ACT_ROLES },
        schema: {
          tags,
          summary: "Freeze the member's miles with a reason: they cannot be spent (860)",
          description: 'admin, agent. 4142 already frozen. Answers the account.',
          params: ZAdminMemberParams,
          body: ZAdminReason,
          response: { 200: envelope(ZAdminMileageAccount) },
        },
      },
      async (request) =>
        ok(await admin.freeze(request.params.memberId, request.body.reason, staffChangeOf(request))),
    );

    app.post(
      '/members/:memberId/mileage/unfreeze',
      {
        config: { roles: MILEAGE_ACT_ROLES },
        schema: {
          tags,
          summary: "Unfreeze the member's miles with a reason",
          description: 'admin, agent. 4142 not frozen. Answers the account.',
          params: ZAdminMemberParams,
          body: ZAdminReason,
          response: { 200: envelope(ZAdminMileageAccount) },
        },
      },
      async (request) =>
        ok(await admin.unfreeze(request.params.memberId, request.body.reason, staffChangeOf(request))),
    );

    app.get(
      '/mileage/claims',
      {
        config: { roles: MILEAGE_READ_ROLES },
        schema: {
          tags,
          summary: 'Retroactive claims, those under audit first, oldest first',
          description:
            "admin, agent, auditor. Each with the ticket's passenger on the flown coupon and, under audit, what approving would credit now.",
          querystring: ZAdminClaimQuery,
          response: { 200: envelope(ZAdminClaimPage) },
        },
      },
      async (request) => ok(await claims.queue(request.query)),
    );

    app.post(
      '/mileage/claims/:claimId/approve',
      {
        config: { roles: MILEAGE_ACT_ROLES },
        schema: {
          tags,
          summary: "Approve a claim: the flight's miles credited to the member, once",
          description:
            'admin, agent. 4140 unknown; 4141 not under audit; 871 the flight was credited meanwhile (the claim stays under audit: reject it).',
          params: ZClaimParams,
          response: { 200: envelope(ZMileageClaim) },
        },
      },
      async (request) => ok(await claims.approve(request.params.claimId, staffChangeOf(request))),
    );

    app.post(
      '/mileage/claims/:claimId/reject',
      {
        config: { roles: MILEAGE_ACT_ROLES },
        schema: {
          tags,
          summary: 'Do not approve a claim, with the reason the member reads',
          description: 'admin, agent. 4140 unknown; 4141 not under audit.',
          params: ZClaimParams,
          body: ZAdminReason,
          response: { 200: envelope(ZMileageClaim) },
        },
      },
      async (request) =>
        ok(await claims.reject(request.params.claimId, staffChangeOf(request), request.body.reason)),
    );

    app.get(
      '/mileage/earn-rates',
      {
        config: { roles: MILEAGE_READ_ROLES },
        schema: {
          tags,
          summary: "The booking classes' earn rates (percent of the flown miles)",
          description: 'admin, agent, auditor.',
          response: { 200: envelope(ZAdminEarnRates) },
        },
      },
      async () => ok(await admin.earnRates()),
    );

    app.put(
      '/mileage/earn-rates/:letter',
      {
        config: { roles: MILEAGE_FILE_ROLES },
        schema: {
          tags,
          summary: "File one booking class's earn rate, with a reason",
          description: 'admin. 4143 no class has this letter. Answers the whole table.',
          params: ZLetterParams,
          body: ZAdminEarnRateUpdate,
          response: { 200: envelope(ZAdminEarnRates) },
        },
      },
      async (request) =>
        ok(await admin.setEarnRate(request.params.letter, request.body, staffChangeOf(request))),
    );

    app.get(
      '/mileage/award-chart',
      {
        config: { roles: MILEAGE_READ_ROLES },
        schema: {
          tags,
          summary: 'The award chart: miles one way per person by distance zone and cabin',
          description: 'admin, agent, auditor.',
          response: { 200: envelope(ZAdminAwardChart) },
        },
      },
      async () => ok(await admin.awardChart()),
    );

    app.put(
      '/mileage/award-chart',
      {
        config: { roles: MILEAGE_FILE_ROLES },
        schema: {
          tags,
          summary: 'File the whole award chart, with a reason',
          description:
            'admin. 4144 unless every zone and cabin is given exactly once (data.missing, data.extra).',
          body: ZAdminAwardChartUpdate,
          response: { 200: envelope(ZAdminAwardChart) },
        },
      },
      async (request) => ok(await admin.saveAwardChart(request.body, staffChangeOf(request))),
    );
  };
  return routes;
}
