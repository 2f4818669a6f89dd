import {
  envelope,
  ZAvailabilityResponse,
  ZCaptchaResponse,
  ZChangePasswordRequest,
  ZCheckEmailCodeRequest,
  ZCheckEmailCodeResponse,
  ZDoneResponse,
  ZIdParams,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPasswordCodeQuery,
  ZResetPasswordRequest,
  ZSavedPassenger,
  ZSavedPassengerInput,
  ZSavedPassengerList,
  ZSendEmailCodeRequest,
  ZSendEmailCodeResponse,
  ZSessionResponse,
  ZUpdateSavedPassengerRequest,
  ZUpdateUserRequest,
  ZUser,
  ZUserEmailParams,
  ZUserNameParams,
  ZVerifyPasswordRequest,
  ZVerifyPasswordResponse,
} from '@wings/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { clientNetwork, RateLimiter } from '../../platform/rate-limit';
import type { AccountsService, ClientMeta, SessionContext } from './accounts.service';
import { createSavedPassengers } from './saved-passengers.service';
import { sessionToken } from './session.plugin';
import { LIMITS } from './throttle';

const tags = ['accounts'];
const user = { auth: 'user' } as const;

function meta(request: FastifyRequest): ClientMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** The caller's session on an `auth: 'user'` route (the session plugin guarantees it). */
function session(request: FastifyRequest): SessionContext {
  if (!request.userId || !request.sessionId) throw new AppError('loginExpired');
  return { userId: request.userId, sessionId: request.sessionId };
}

/**
 * Account calls (booking-and-account.md §7 "User", issue 3), served under /api at the spec's
 * paths. Calls flagged `user` need the `token` header of a live session.
 */
export function accountsRoutes(deps: {
  accounts: AccountsService;
  db: Db;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { accounts } = deps;
  const passengers = createSavedPassengers(deps.db, deps.now, deps.accounts.hubZone);
  const limiter = new RateLimiter(deps.db, deps.now);
  const limitLookups = async (request: FastifyRequest) => {
    if (
      !(await limiter.take(
        `lookup:${clientNetwork(request.ip)}`,
        LIMITS.lookupIpMax,
        LIMITS.lookupIpWindowMs,
      ))
    ) {
      throw new AppError('tooManyRequests');
    }
  };

  /** GET /getCaptcha and GET ibe/getRandomCode: one captcha, one limit per address for both. */
  const issueCaptcha = async (request: FastifyRequest) => {
    // Drawing a captcha costs a few milliseconds of CPU and a row: a flood from one place is refused.
    const key = `captcha:${clientNetwork(request.ip)}`;
    if (!(await limiter.take(key, LIMITS.captchaIpMax, LIMITS.captchaIpWindowMs))) {
      throw new AppError('tooManyRequests');
    }
    return ok(await accounts.captchas.create());
  };

  return async (app) => {
    app.post(
      '/travelsky/user/testEmail',
      {
        schema: {
          tags,
          summary: 'Send a 6-digit e-mail code (register, reset, bind, verify)',
          description:
            'Codes live 10 minutes, are single use and allow 5 wrong tries; one address gets one code a minute (4004), one IP 10 codes in 10 minutes (429). 4002 when registering an address that has an account.',
          body: ZSendEmailCodeRequest,
          response: { 200: envelope(ZSendEmailCodeResponse) },
        },
      },
      async (request) =>
        ok(await accounts.sendEmailCode({ ...request.body, lang: request.lang, ip: request.ip })),
    );

    app.post(
      '/travelsky/user/testRandomNumber',
      {
        schema: {
          tags,
          summary: 'Check an e-mail code without using it (a wrong try counts)',
          body: ZCheckEmailCodeRequest,
          response: { 200: envelope(ZCheckEmailCodeResponse) },
        },
      },
      async (request) => {
        const { email, purpose, code } = request.body;
        await accounts.checkEmailCode(email, purpose, code);
        return ok({ valid: true as const });
      },
    );

    app.post(
      '/travelsky/user/register',
      {
        // `language` is also the account's contact language (spec §3), kept in the body.
        config: { bodyContext: ['language'] },
        schema: {
          tags,
          summary: 'Register with an e-mail code; logged in at once',
          description: '4001 phone_exist, 4002 email_exist, 4003 code invalid.',
          body: ZRegisterRequest,
          response: { 200: envelope(ZSessionResponse) },
        },
      },
      async (request) => ok(await accounts.register(request.body, request.lang, meta(request))),
    );

    app.get(
      '/travelsky/user/validateUserName/:name',
      {
        schema: {
          tags,
          summary: 'Whether an e-mail or phone number is free to register',
          params: ZUserNameParams,
          response: { 200: envelope(ZAvailabilityResponse) },
        },
      },
      async (request) => {
        await limitLookups(request);
        return ok({ available: await accounts.accountAvailable(request.params.name) });
      },
    );

    app.get(
      '/travelsky/user/checkUserEmail/:email',
      {
        schema: {
          tags,
          summary: 'Whether an e-mail is free to register',
          params: ZUserEmailParams,
          response: { 200: envelope(ZAvailabilityResponse) },
        },
      },
      async (request) => {
        await limitLookups(request);
        return ok({ available: await accounts.emailAvailable(request.params.email) });
      },
    );

    app.get(
      '/getCaptcha',
      {
        schema: {
          tags,
          summary: 'An image captcha (2 minutes, single use, case-insensitive)',
          response: { 200: envelope(ZCaptchaResponse) },
        },
      },
      issueCaptcha,
    );

    app.get(
      '/travelsky/ibe/getRandomCode',
      {
        schema: {
          tags,
          summary: "The booking engine's verification code: an image captcha, as /getCaptcha",
          description:
            'Spec §7 lists it among the user calls; the verification code the booking engine checks is the captcha (saveTicketOrder 602, login 602), so it answers a captcha exactly like /getCaptcha and shares its limit per address (docs/decisions.md).',
          response: { 200: envelope(ZCaptchaResponse) },
        },
      },
      issueCaptcha,
    );

    app.post(
      '/travelsky/user/login',
      {
        schema: {
          tags,
          summary: 'Log in with e-mail or phone and password',
          description:
            '601 wrong account or password; 602 captcha needed or wrong (data.captchaRequired) after 5 failures in 15 minutes; 203 locked after 10, or suspended; 429 too many failures from this IP.',
          body: ZLoginRequest,
          response: { 200: envelope(ZSessionResponse) },
        },
      },
      async (request) => ok(await accounts.login(request.body, meta(request))),
    );

    app.get(
      '/travelsky/user/logout',
      {
        schema: {
          tags,
          summary: 'End the session of the token header',
          response: { 200: envelope(ZDoneResponse) },
        },
      },
      async (request) => {
        await accounts.logout(sessionToken(request.headers));
        return ok(null);
      },
    );

    app.get(
      '/travelsky/ibe/resetPassword',
      {
        schema: {
          tags,
          summary: 'Send a password reset code to an e-mail',
          description: 'Answers alike whether or not the address has an account.',
          querystring: ZResetPasswordCodeQuery,
          response: { 200: envelope(ZSendEmailCodeResponse) },
        },
      },
      async (request) =>
        ok(
          await accounts.sendEmailCode({
            email: request.query.email,
            purpose: 'reset',
            lang: request.lang,
            ip: request.ip,
          }),
        ),
    );

    app.post(
      '/travelsky/user/resetPassword',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset code; ends every session',
          body: ZResetPasswordRequest,
          response: { 200: envelope(ZDoneResponse) },
        },
      },
      async (request) => {
        await accounts.resetPassword(request.body);
        return ok(null);
      },
    );

    app.post(
      '/travelsky/user/changePassword',
      {
        config: user,
        schema: {
          tags,
          summary: 'Change the password (old one required); other sessions end',
          description: '4006 old password wrong.',
          body: ZChangePasswordRequest,
          response: { 200: envelope(ZDoneResponse) },
        },
      },
      async (request) => {
        await accounts.changePassword(session(request), request.body);
        return ok(null);
      },
    );

    app.post(
      '/travelsky/user/verifyPassword',
      {
        config: user,
        schema: {
          tags,
          summary: 'Re-check the password before a sensitive edit',
          description: '4008 password wrong.',
          body: ZVerifyPasswordRequest,
          response: { 200: envelope(ZVerifyPasswordResponse) },
        },
      },
      async (request) => {
        await accounts.verifyUserPassword(session(request).userId, request.body.password);
        return ok({ verified: true as const });
      },
    );

    app.get(
      '/travelsky/user/getMember/:id',
      {
        config: user,
        schema: {
          tags,
          summary: "The signed-in user's profile (own id only)",
          params: ZIdParams,
          response: { 200: envelope(ZUser) },
        },
      },
      async (request) => ok(await accounts.getMember(session(request).userId, request.params.id)),
    );

    app.post(
      '/travelsky/user/update',
      {
        // `language` is also the account's contact language (spec §3), kept in the body.
        config: { ...user, bodyContext: ['language'] },
        schema: {
          tags,
          summary: "Update the signed-in user's profile",
          description: '4001 phone_exist.',
          body: ZUpdateUserRequest,
          response: { 200: envelope(ZUser) },
        },
      },
      async (request) => ok(await accounts.updateProfile(session(request).userId, request.body)),
    );

    app.get(
      '/travelsky/user/memberpassenger/selectByMemberId/:id',
      {
        config: user,
        schema: {
          tags,
          summary: "The signed-in user's saved passengers (id: own user id)",
          params: ZIdParams,
          response: { 200: envelope(ZSavedPassengerList) },
        },
      },
      async (request) =>
        ok({ passengers: await passengers.list(session(request).userId, request.params.id) }),
    );

    app.post(
      '/travelsky/user/memberpassenger/insert',
      {
        config: user,
        schema: {
          tags,
          summary: 'Save a passenger (at most 50)',
          body: ZSavedPassengerInput,
          response: { 200: envelope(ZSavedPassenger) },
        },
      },
      async (request) => ok(await passengers.add(session(request).userId, request.body)),
    );

    app.post(
      '/travelsky/user/memberpassenger/update',
      {
        config: user,
        schema: {
          tags,
          summary: 'Edit a saved passenger',
          body: ZUpdateSavedPassengerRequest,
          response: { 200: envelope(ZSavedPassenger) },
        },
      },
      async (request) => {
        const { id, ...input } = request.body;
        return ok(await passengers.update(session(request).userId, id, input));
      },
    );

    app.post(
      '/travelsky/user/memberpassenger/delete/:id',
      {
        config: user,
        schema: {
          tags,
          summary: 'Delete a saved passenger',
          params: ZIdParams,
          response: { 200: envelope(ZDoneResponse) },
        },
      },
      async (request) => {
        await passengers.remove(session(request).userId, request.params.id);
        return ok(null);
      },
    );
  };
}
