import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type {
  MemberRegisterInfo,
  MemberSession,
  ZMemberRegisterRequest,
  ZMemberUpdateRegisterRequest,
} from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { FORM_QUIET_CODES } from '../../account/api/form-codes';
import { useMemberStore } from '../member-store';

export type MemberRegisterRequest = Infer<typeof ZMemberRegisterRequest>;
export type MemberUpdateRegisterRequest = Infer<typeof ZMemberUpdateRegisterRequest>;

/**
 * POST fqt/consumer/register: the registration goes to audit and the member is signed in at once.
 * With the app account signed in, the client's `token` header joins the member to that account.
 */
export function memberRegister(body: MemberRegisterRequest): Promise<MemberSession> {
  return apiRequest<MemberSession>('/fqt/consumer/register', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

/** Registers, signs the member in and drops the kept draft. */
export function useMemberRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: memberRegister,
    onSuccess: (session) => {
      client.removeQueries({ queryKey: ['members'] });
      const store = useMemberStore.getState();
      store.signIn(session);
      store.setRegisterParams(null);
    },
  });
}

/** POST fqt/consumer/user/queryRegisterInfo: what was submitted and where its audit stands. */
export function queryRegisterInfo(signal?: AbortSignal): Promise<MemberRegisterInfo> {
  return apiRequest<MemberRegisterInfo>('/fqt/consumer/user/queryRegisterInfo', {
    method: 'POST',
    body: {},
    signal,
  });
}

export const registerInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['members', 'register-info'],
    queryFn: ({ signal }) => queryRegisterInfo(signal),
  });

export function useRegisterInfo() {
  return useQuery(registerInfoQueryOptions());
}

/** POST fqt/consumer/user/updateRegisterInfo: a rejected registration, fixed, back to audit (803 while audited). */
export function updateRegisterInfo(body: MemberUpdateRegisterRequest): Promise<unknown> {
  return apiRequest<unknown>('/fqt/consumer/user/updateRegisterInfo', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useUpdateRegisterInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRegisterInfo,
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}
