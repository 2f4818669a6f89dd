import fastifyCookie from '@fastify/cookie';
import {
  envelope,
  STAFF_ROLES,
  ZAuditPage,
  ZAuditQuery,
  ZStaffAccount,
  ZStaffAccountList,
  ZStaffCreateRequest,
  ZStaffLanguageRequest,
  ZStaffLoginRequest,
  ZStaffLoginResponse,
  ZStaffLogoutAllResponse,
  ZStaffMe,
  ZStaffOneTimePassword,
  ZStaffPasswordRequest,
  ZStaffUpdateRequest,
  ZStaffVerifyRequest,
  ZStaffVerifyResponse,
} from '@wings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope';
import { staffOf } from '../../platform/layers';
import { STAFF_LIMITS, type StaffClientMeta, type StaffService } from './staff.service';

/** The staff session cookie: HttpOnly, only sent to /api/admin, never cross-site. */
export const STAFF_COOKIE = 'wings_staff';
export const STAFF_COOKIE_PATH = '/api/admin';

/** Every role: calls about the signed-in member's own session and account. */
const ANY_ROLE = STAFF_ROLES;
const TAGS = ['staff'];

const meta = (request: FastifyRequest): StaffClientMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

const ZStaffId = z.object({ id: z.string() });

/**
 * The staff console's sign-in, own-account, staff-account and audit-log calls (issue 13),
 * under /api/admin. Each call names its roles; the layer refuses others before validation.
 */
export function staffRoutes(deps: { service: StaffService; secureCookie: boolean }): FastifyPluginAsyncZod {
  const { service } = deps;
  const cookie = {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.secureCookie,
  };
  const clearSession = (reply: FastifyReply) => reply.clearCookie(STAFF_COOKIE, cookie);

  return async (app) => {
    // Writes the session cookie in this module's scope (the staff module's authentication, on
    // the whole layer, reads the Cookie header itself: staff.module.ts).
    await app.register(fastifyCookie);

    app.post(
      '/auth/login',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Staff sign-in, first factor: e-mail and password',
          body: ZStaffLoginRequest,
          response: { 200: envelope(ZStaffLoginResponse) },
        },
      },
      async (request) => ok(await service.login(request.body, meta(request))),
    );

    app.post(
      '/auth/verify',
      {
        config: { public: true },
        schema: {
          tags: TAGS,
          summary: 'Staff sign-in, second factor: the TOTP code; sets the session cookie',
          body: ZStaffVerifyRequest,
          response: { 200: envelope(ZStaffVerifyResponse) },
        },
      },
      async (request, reply) => {
        const opened = await service.verify(request.body, meta(request));
        reply.setCookie(STAFF_COOKIE, opened.token, {
          ...cookie,
          maxAge: STAFF_LIMITS.sessionAbsoluteMs / 1000,
        });
        return ok({ staff: opened.staff, expiresAt: opened.expiresAt });
      },
    );

    app.post(
      '/auth/logout',
      {
        config: { roles: ANY_ROLE },
        schema: { tags: TAGS, summary: 'Ends this staff session', response: { 200: envelope(z.null()) } },
      },
      async (request, reply) => {
        await service.logout(staffOf(request));
        clearSession(reply);
        return ok(null);
      },
    );

    app.post(
      '/auth/logout-all',
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: TAGS,
          summary: 'Ends every session of the signed-in member',
          response: { 200: envelope(ZStaffLogoutAllResponse) },
        },
      },
      async (request, reply) => {
        const sessionsEnded = await service.logoutAll(staffOf(request), meta(request));
        clearSession(reply);
        return ok({ sessionsEnded });
      },
    );

    app.get(
      '/auth/me',
      {
        config: { roles: ANY_ROLE },
        schema: { tags: TAGS, summary: 'The signed-in staff member', response: { 200: envelope(ZStaffMe) } },
      },
      async (request) => ok(await service.me(staffOf(request))),
    );

    app.post(
      '/auth/password',
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: TAGS,
          summary: "Changes the signed-in member's password; their other sessions end",
          body: ZStaffPasswordRequest,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await service.changePassword(staffOf(request), request.body, meta(request));
        return ok(null);
      },
    );

    app.post(
      '/auth/language',
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: TAGS,
          summary: "The console's language for the signed-in member",
          body: ZStaffLanguageRequest,
          response: { 200: envelope(ZStaffMe) },
        },
      },
      async (request) =>
        ok(await service.setLanguage(staffOf(request), request.body.language, meta(request))),
    );

    app.get(
      '/staff',
      {
        config: { roles: ['admin', 'auditor'] },
        schema: { tags: TAGS, summary: 'Staff accounts', response: { 200: envelope(ZStaffAccountList) } },
      },
      async () => ok({ list: await service.list() }),
    );

    app.post(
      '/staff',
      {
        config: { roles: ['admin'] },
        schema: {
          tags: TAGS,
          summary: 'Creates a staff account; answers its one-time password, shown once',
          body: ZStaffCreateRequest,
          response: { 200: envelope(ZStaffOneTimePassword) },
        },
      },
      async (request) => {
        const principal = staffOf(request);
        return ok(
          await service.create({ id: principal.id, email: principal.email }, request.body, meta(request)),
        );
      },
    );

    app.put(
      '/staff/:id',
      {
        config: { roles: ['admin'] },
        schema: {
          tags: TAGS,
          summary: "Changes a staff account's name, roles, language or active flag",
          params: ZStaffId,
          body: ZStaffUpdateRequest,
          response: { 200: envelope(ZStaffAccount) },
        },
      },
      async (request) =>
        ok(await service.update(staffOf(request), request.params.id, request.body, meta(request))),
    );

    app.post(
      '/staff/:id/reset-password',
      {
        config: { roles: ['admin'] },
        schema: {
          tags: TAGS,
          summary: 'Gives a staff member a new one-time password (shown once); their sessions end',
          params: ZStaffId,
          response: { 200: envelope(ZStaffOneTimePassword) },
        },
      },
      async (request) => ok(await service.resetPassword(staffOf(request), request.params.id, meta(request))),
    );

    app.post(
      '/staff/:id/reset-totp',
      {
        config: { roles: ['admin'] },
        schema: {
          tags: TAGS,
          summary: "Forgets a staff member's authenticator: they enrol again at next sign-in",
          params: ZStaffId,
          response: { 200: envelope(ZStaffAccount) },
        },
      },
      async (request) => ok(await service.resetTotp(staffOf(request), request.params.id, meta(request))),
    );

    app.get(
      '/audit',
      {
        config: { roles: ['admin', 'auditor'] },
        schema: {
          tags: TAGS,
          summary: 'The audit log, newest first',
          querystring: ZAuditQuery,
          response: { 200: envelope(ZAuditPage) },
        },
      },
      async (request) => {
        const q = request.query;
        const page = await service.auditPage({
          ...(q.staffId ? { staffId: q.staffId } : {}),
          ...(q.action ? { action: q.action } : {}),
          ...(q.targetType ? { targetType: q.targetType } : {}),
          ...(q.targetId ? { targetId: q.targetId } : {}),
          ...(q.from ? { from: new Date(q.from) } : {}),
          ...(q.to ? { to: new Date(q.to) } : {}),
          page: q.page,
          pageSize: q.pageSize,
        });
        return ok({ ...page, page: q.page, pageSize: q.pageSize });
      },
    );
  };
}
