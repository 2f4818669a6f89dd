import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import {
  ErrorCodes,
  type MemberSession,
  type ZMemberGetTokenRequest,
  type ZMemberLoginRequest,
} from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { FORM_QUIET_CODES } from '../../account/api/form-codes';
import { useMemberStore } from '../member-store';

export type MemberLoginRequest = Infer<typeof ZMemberLoginRequest>;
export type MemberGetTokenRequest = Infer<typeof ZMemberGetTokenRequest>;

export interface MemberCodeSent {
  resendAfterSeconds: number;
  validMinutes: number;
}

/**
 * The sign-in refusals the login forms show themselves, beside the form (800 wrong account,
 * password or code; 801 locked; 802 blocked after rejections; 805 blocked by staff).
 */
export const MEMBER_LOGIN_QUIET_CODES: readonly string[] = [
  ErrorCodes.memberIncorrectLogin.code,
  ErrorCodes.memberLoginLimit.code,
  ErrorCodes.memberRepeatedRejection.code,
  ErrorCodes.memberBlocked.code,
  ...FORM_QUIET_CODES,
];

/** POST fqt/consumer/login: card number, main e-mail or main phone, with the password or a login code. */
export function memberLogin(body: MemberLoginRequest): Promise<MemberSession> {
  return apiRequest<MemberSession>('/fqt/consumer/login', {
    method: 'POST',
    body,
    quietCodes: MEMBER_LOGIN_QUIET_CODES,
  });
}

/** Signs the member in (member store: vip_token, vip_user_info, vip_first_login). */
export function useMemberLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: memberLogin,
    onSuccess: (session) => {
      client.removeQueries({ queryKey: ['members'] });
      useMemberStore.getState().signIn(session);
    },
  });
}

/** POST fqt/consumer/getToken: a 6-digit code by e-mail or SMS (807 too soon, 808 not sent, 809 register). */
export function memberGetToken(body: MemberGetTokenRequest): Promise<MemberCodeSent> {
  return apiRequest<MemberCodeSent>('/fqt/consumer/getToken', { method: 'POST', body });
}

/** GET fqt/consumer/userLogout: ends the member session on the server. */
export function memberLogout(): Promise<unknown> {
  return apiRequest<unknown>('/fqt/consumer/userLogout', { silent: true });
}

/** Signs the member out on the server, then clears the member store whatever the reply (the app account stays). */
export function useMemberLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => memberLogout().catch(() => null),
    onSettled: () => {
      useMemberStore.getState().clear();
      client.removeQueries({ queryKey: ['members'] });
    },
  });
}
