import {
  envelope,
  ZAdminBeneficiaryParams,
  ZAdminBeneficiaryQueue,
  ZAdminDocumentParams,
  ZAdminDocumentQueue,
  ZAdminFileParams,
  ZAdminMemberActionResult,
  ZAdminMemberApproveRequest,
  ZAdminMemberDetail,
  ZAdminMemberPage,
  ZAdminMemberParams,
  ZAdminMemberReason,
  ZAdminMemberSearch,
  ZAdminRegistrationQueue,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { type LayerRoutes, staffChangeOf } from '../../platform/layers';
import { LoyaltyAdmin } from './loyalty.admin-service';
import type { LoyaltyContext } from './loyalty-context';
import type { MemberFiles } from './member-files';
import { sendPhoto } from './records.routes';

const tags = ['staff: members'];

/** Who reads members, their queues and photos: agents, admins and auditors. */
export const MEMBER_READ_ROLES = ['admin', 'agent', 'auditor'] as const;
/** Who audits registrations, documents and beneficiaries, and blocks: agents and admins. */
export const MEMBER_AUDIT_ROLES = ['admin', 'agent'] as const;

/**
 * The console's member programme (staff layer, /api/admin/members; contracts admin-members.ts):
 * search, the three audit queues, a member's whole record, the audit actions and blocks (each
 * with its audit-log row and history event), and the document photos.
 */
export function loyaltyAdminRoutes(
  ctx: LoyaltyContext,
  // The members service is not needed here: a block ends the sessions in its own transaction.
  deps: { members?: unknown; files: MemberFiles },
): LayerRoutes {
  const admin = new LoyaltyAdmin(ctx, deps.files);
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/members',
      {
        config: { roles: MEMBER_READ_ROLES },
        schema: {
          tags,
          summary: 'Members by card number, name, e-mail or phone, and status; newest first',
          description: 'admin, agent, auditor.',
          querystring: ZAdminMemberSearch,
          response: { 200: envelope(ZAdminMemberPage) },
        },
      },
      async (request) => ok(await admin.search(request.query)),
    );

    app.get(
      '/members/audits/registrations',
      {
        config: { roles: MEMBER_READ_ROLES },
        schema: {
          tags,
          summary: 'Registrations waiting for audit, oldest first, with their document',
          description: 'admin, agent, auditor.',
          response: { 200: envelope(ZAdminRegistrationQueue) },
        },
      },
      async () => ok(await admin.registrations()),
    );

    app.get(
      '/members/audits/documents',
      {
        config: { roles: MEMBER_READ_ROLES },
        schema: {
          tags,
          summary: 'Documents added or changed after registration, waiting for audit',
          description: 'admin, agent, auditor.',
          response: { 200: envelope(ZAdminDocumentQueue) },
        },
      },
      async () => ok(await admin.documents()),
    );

    app.get(
      '/members/audits/beneficiaries',
      {
        config: { roles: MEMBER_READ_ROLES },
        schema: {
          tags,
          summary: 'Beneficiaries waiting for audit, with their identifications',
          description: 'admin, agent, auditor.',
          response: { 200: envelope(ZAdminBeneficiaryQueue) },
        },
      },
      async () => ok(await admin.beneficiaries()),
    );

    app.get(
      '/members/files/:fileId',
      {
        config: { roles: MEMBER_READ_ROLES },
        schema: {
          tags,
          summary: 'A document photo (the image bytes)',
          description: 'admin, agent, auditor. 4130 when there is none. Cache-Control: private, no-store.',
          params: ZAdminFileParams,
        },
      },
      async (request, reply) => sendPhoto(reply, await admin.photo(request.params.fileId)),
    );

    app.get(
      '/members/:memberId',
      {
        config: { roles: MEMBER_READ_ROLES },
        schema: {
          tags,
          summary: 'One member: records with whole document numbers, audits, history and audit log',
          description: 'admin, agent, auditor. 4130 for an unknown member.',
          params: ZAdminMemberParams,
          response: { 200: envelope(ZAdminMemberDetail) },
        },
      },
      async (request) => ok(await admin.detail(request.params.memberId)),
    );

    app.post(
      '/members/:memberId/approve',
      {
        config: { roles: MEMBER_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Approve a registration: the card number is issued, tier silver',
          description: 'admin, agent. 4131 when it is not waiting for audit (data.status).',
          params: ZAdminMemberParams,
          body: ZAdminMemberApproveRequest,
          response: { 200: envelope(ZAdminMemberActionResult) },
        },
      },
      async (request) =>
        ok(await admin.approve(request.params.memberId, staffChangeOf(request), request.body.note ?? null)),
    );

    app.post(
      '/members/:memberId/reject',
      {
        config: { roles: MEMBER_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Reject a registration with the reason the member reads; the third rejection blocks',
          description: 'admin, agent. 4131 when it is not waiting for audit.',
          params: ZAdminMemberParams,
          body: ZAdminMemberReason,
          response: { 200: envelope(ZAdminMemberActionResult) },
        },
      },
      async (request) =>
        ok(await admin.reject(request.params.memberId, staffChangeOf(request), request.body.reason)),
    );

    app.post(
      '/members/:memberId/block',
      {
        config: { roles: MEMBER_AUDIT_ROLES },
        schema: {
          tags,
          summary: "Block a member with a reason: the member's sessions end, sign-in answers 805",
          description: 'admin, agent. 4132 when already blocked.',
          params: ZAdminMemberParams,
          body: ZAdminMemberReason,
          response: { 200: envelope(ZAdminMemberActionResult) },
        },
      },
      async (request) =>
        ok(await admin.block(request.params.memberId, staffChangeOf(request), request.body.reason)),
    );

    app.post(
      '/members/:memberId/unblock',
      {
        config: { roles: MEMBER_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Unblock a member with a reason: the status before the block comes back',
          description:
            'admin, agent. 4132 when not blocked. A block by repeated rejection comes back as rejected.',
          params: ZAdminMemberParams,
          body: ZAdminMemberReason,
          response: { 200: envelope(ZAdminMemberActionResult) },
        },
      },
      async (request) =>
        ok(await admin.unblock(request.params.memberId, staffChangeOf(request), request.body.reason)),
    );

    app.post(
      '/members/documents/:documentId/approve',
      {
        config: { roles: MEMBER_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Approve a document added after registration: effective',
          description:
            'admin, agent. 4131 when not waiting for audit (the registration document goes with the registration).',
          params: ZAdminDocumentParams,
          body: ZAdminMemberApproveRequest,
          response: { 200: envelope(ZAdminMemberActionResult) },
        },
      },
      async (request) =>
        ok(
          await admin.auditDocument(request.params.documentId, staffChangeOf(request), {
            approve: true,
            note: request.body.note ?? null,
          }),
        ),
    );

    app.post(
      '/members/documents/:documentId/reject',
      {
        config: { roles: MEMBER_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Reject a document with the reason the member reads',
          description: 'admin, agent. 4131 when not waiting for audit.',
          params: ZAdminDocumentParams,
          body: ZAdminMemberReason,
          response: { 200: envelope(ZAdminMemberActionResult) },
        },
      },
      async (request) =>
        ok(
          await admin.auditDocument(request.params.documentId, staffChangeOf(request), {
            approve: false,
            reason: request.body.reason,
          }),
        ),
    );

    app.post(
      '/members/beneficiaries/:beneficiaryId/approve',
      {
        config: { roles: MEMBER_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Approve a beneficiary: effective (may use the miles later)',
          description: 'admin, agent. 4131 when not waiting for audit.',
          params: ZAdminBeneficiaryParams,
          body: ZAdminMemberApproveRequest,
          response: { 200: envelope(ZAdminMemberActionResult) },
        },
      },
      async (request) =>
        ok(
          await admin.auditBeneficiary(request.params.beneficiaryId, staffChangeOf(request), {
            approve: true,
            note: request.body.note ?? null,
          }),
        ),
    );

    app.post(
      '/members/beneficiaries/:beneficiaryId/reject',
      {
        config: { roles: MEMBER_AUDIT_ROLES },
        schema: {
          tags,
          summary: 'Reject a beneficiary with the reason the member reads',
          description: 'admin, agent. 4131 when not waiting for audit.',
          params: ZAdminBeneficiaryParams,
          body: ZAdminMemberReason,
          response: { 200: envelope(ZAdminMemberActionResult) },
        },
      },
      async (request) =>
        ok(
          await admin.auditBeneficiary(request.params.beneficiaryId, staffChangeOf(request), {
            approve: false,
            reason: request.body.reason,
          }),
        ),
    );
  };
  return routes;
}
