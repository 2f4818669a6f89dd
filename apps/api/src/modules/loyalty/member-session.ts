import { MEMBER_TOKEN_HEADER, type MemberStatus } from '@wings/contracts';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required': the member-layer call needs a live member session (`vipToken`), else CAF9999 before anything else. */
    memberSession?: 'required';
  }
}

/** The signed-in member of a member-layer request (the `vipToken` header's live session). */
export interface MemberCaller {
  memberId: string;
  sessionId: string;
  status: MemberStatus;
}

/** What the hook needs of the members service. */
export interface MemberSessions {
  resolveSession(token: string): Promise<MemberCaller | null>;
}

/** The callers of requests in flight; a request gone is forgotten with it. */
const callers = new WeakMap<FastifyRequest, MemberCaller>();

/** The member session token of a request: the `vipToken` header (header names arrive lower-cased). */
export function memberToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers[MEMBER_TOKEN_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

/**
 * The member layer's authentication hook (after the layer's access-token check): reads the
 * `vipToken` header and remembers the caller of a live session on the request. A call that
 * needs a member is flagged `config: { memberSession: 'required' }` (CAF9999 without one, before
 * its body is validated) and reads its caller with `memberOf(request)`. A blocked member's
 * sessions resolve to nothing.
 */
export function memberSessionHook(members: MemberSessions): onRequestAsyncHookHandler {
  return async (request) => {
    const token = memberToken(request.headers);
    const caller = token ? await members.resolveSession(token) : null;
    if (caller) callers.set(request, caller);
    // Checked here, before the body is read and validated: a dead session is told as such first.
    else if (request.routeOptions.config?.memberSession === 'required') throw new AppError('loginExpired');
  };
}

/** The signed-in member of a request; `loginExpired` (the member envelope's CAF9999) without one. */
export function memberOf(request: FastifyRequest): MemberCaller {
  const caller = callers.get(request);
  if (!caller) throw new AppError('loginExpired');
  return caller;
}

/** The signed-in member of a request, or null (calls that work with or without one). */
export function optionalMemberOf(request: FastifyRequest): MemberCaller | null {
  return callers.get(request) ?? null;
}
