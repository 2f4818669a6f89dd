import {
  memberEnvelope,
  ZMemberBaseInfo,
  ZMemberChangePasswordRequest,
  ZMemberGetTokenRequest,
  ZMemberGetTokenResponse,
  ZMemberHome,
  ZMemberLoginRequest,
  ZMemberRegisterInfo,
  ZMemberRegisterRequest,
  ZMemberResetPasswordRequest,
  ZMemberSession,
  ZMemberSettingsRequest,
  ZMemberUpdateRegisterRequest,
} from '@wings/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOk } from '../../platform/envelope';
import type { LayerRoutes } from '../../platform/layers';
import { sessionToken } from '../accounts';
import type { LoyaltyContext } from './loyalty-context';
import { memberOf, memberToken, optionalMemberOf } from './member-session';
import type { MemberClientMeta, MembersService } from './members.service';

const tags = ['loyalty'];
/** The call needs a live member session (CAF9999 otherwise, before the body is validated). */
const signedIn = { memberSession: 'required' } as const;
const ZDone = z.null();
/** Any id in the path: one that is not the caller's answers 404 (never a validation error). */
const ZMemberIdParams = z.object({ id: z.string().max(64) });

function meta(request: FastifyRequest): MemberClientMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/**
 * The member layer's own calls (issue 17; booking-and-account §7 `/fqt`): codes, sign-in,
 * registration and its audit state, the home, profile, settings, passwords and sign-out, at the
 * spec's paths under /api/fqt. Calls other than getToken, login, register and resetPwd need the
 * `vipToken` of a live member session (CAF9999 otherwise).
 */
export function membersRoutes(_ctx: LoyaltyContext, members: MembersService): LayerRoutes {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/consumer/getToken',
      {
        schema: {
          tags,
          summary: 'Send a 6-digit member code by e-mail or SMS (login, register, reset, contact)',
          description:
            'Codes live 10 minutes, are single use and allow 5 wrong tries; one destination gets one code a minute (807), one IP 10 codes in 10 minutes (429). register: 809 / 810 when a member has the e-mail / phone. contact needs a member session.',
          body: ZMemberGetTokenRequest,
          response: { 200: memberEnvelope(ZMemberGetTokenResponse) },
        },
      },
      async (request) =>
        memberOk(await members.sendCode(request.body, request.lang, request.ip, optionalMemberOf(request))),
    );

    app.post(
      '/consumer/login',
      {
        schema: {
          tags,
          summary:
            'Member sign-in by card number, main e-mail or main phone, with the password or a login code',
          description:
            '800 wrong account, password or code; 801 locked after 10 failures (15 minutes); 429 too many from one IP; 802 blocked after repeated rejection; 805 blocked by staff.',
          body: ZMemberLoginRequest,
          response: { 200: memberEnvelope(ZMemberSession) },
        },
      },
      async (request) => memberOk(await members.login(request.body, meta(request))),
    );

    app.post(
      '/consumer/register',
      {
        schema: {
          tags,
          summary: 'Join the programme: the registration goes under audit; signed in at once',
          description:
            'With the app account session (`token` header) the member joins that account (813 when it has a member). 806 code invalid, 809 e-mail, 810 phone, 811 document already a member’s, 822 photos not yours, 823 photo missing.',
          body: ZMemberRegisterRequest,
          response: { 200: memberEnvelope(ZMemberSession) },
        },
      },
      async (request) =>
        memberOk(await members.register(request.body, meta(request), sessionToken(request.headers))),
    );

    app.post(
      '/consumer/user/queryRegisterInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'The submitted registration and where its audit stands (signed in)',
          response: { 200: memberEnvelope(ZMemberRegisterInfo) },
        },
      },
      async (request) => memberOk(await members.registerInfo(memberOf(request).memberId)),
    );

    app.post(
      '/consumer/user/updateRegisterInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Fix a rejected registration; it goes back under audit (signed in)',
          description: '803 while the registration is under audit (or once approved).',
          body: ZMemberUpdateRegisterRequest,
          response: { 200: memberEnvelope(ZMemberRegisterInfo) },
        },
      },
      async (request) => memberOk(await members.updateRegisterInfo(memberOf(request), request.body)),
    );

    app.post(
      '/consumer/home/queryUserInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'The member home and digital card (signed in); mileage is null until the ledger',
          response: { 200: memberEnvelope(ZMemberHome) },
        },
      },
      async (request) => memberOk(await members.home(memberOf(request).memberId)),
    );

    app.get(
      '/consumer/user/queryUserBaseInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'The member profile and settings (signed in)',
          response: { 200: memberEnvelope(ZMemberBaseInfo) },
        },
      },
      async (request) => memberOk(await members.baseInfo(memberOf(request).memberId)),
    );

    app.get(
      '/consumer/user/queryUserInfoById/:id',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Member info by id: only the caller’s own (404 for any other)',
          params: ZMemberIdParams,
          response: { 200: memberEnvelope(ZMemberBaseInfo) },
        },
      },
      async (request) => memberOk(await members.baseInfoById(memberOf(request), request.params.id)),
    );

    app.post(
      '/consumer/user/updateUserSettings',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Contact language and promotional mail and SMS (signed in)',
          body: ZMemberSettingsRequest,
          response: { 200: memberEnvelope(ZMemberBaseInfo) },
        },
      },
      async (request) => memberOk(await members.updateSettings(memberOf(request).memberId, request.body)),
    );

    app.post(
      '/consumer/user/updateUserPassword',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Change the member password (signed in); other sessions end',
          description: '812 when the old password is not right.',
          body: ZMemberChangePasswordRequest,
          response: { 200: memberEnvelope(ZDone) },
        },
      },
      async (request) => {
        await members.changePassword(memberOf(request), request.body);
        return memberOk(null);
      },
    );

    app.post(
      '/consumer/resetPwd',
      {
        schema: {
          tags,
          summary: 'A new member password with a reset code; every session ends',
          description: '806 when the code is wrong, expired, used or out of tries.',
          body: ZMemberResetPasswordRequest,
          response: { 200: memberEnvelope(ZDone) },
        },
      },
      async (request) => {
        await members.resetPassword(request.body);
        return memberOk(null);
      },
    );

    app.get(
      '/consumer/userLogout',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'End this member session (signed in)',
          response: { 200: memberEnvelope(ZDone) },
        },
      },
      async (request) => {
        memberOf(request);
        await members.logout(memberToken(request.headers));
        return memberOk(null);
      },
    );
  };
  return routes;
}
