import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import {
  ErrorCodes,
  type MemberBaseInfo,
  type MemberHome,
  type ZMemberChangePasswordRequest,
  type ZMemberResetPasswordRequest,
  type ZMemberSettingsRequest,
} from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { FORM_QUIET_CODES } from '../../account/api/form-codes';
import { useMemberStore } from '../member-store';

export type MemberResetPasswordRequest = Infer<typeof ZMemberResetPasswordRequest>;
export type MemberChangePasswordRequest = Infer<typeof ZMemberChangePasswordRequest>;
export type MemberSettingsRequest = Infer<typeof ZMemberSettingsRequest>;

/** POST fqt/consumer/home/queryUserInfo: the member home and its digital card; refreshes the stored member. */
export async function queryMemberHome(signal?: AbortSignal): Promise<MemberHome> {
  const home = await apiRequest<MemberHome>('/fqt/consumer/home/queryUserInfo', {
    method: 'POST',
    body: {},
    signal,
  });
  useMemberStore.getState().setMember(home.member);
  return home;
}

export const memberHomeQueryOptions = () =>
  queryOptions({ queryKey: ['members', 'home'], queryFn: ({ signal }) => queryMemberHome(signal) });

export function useMemberHome() {
  return useQuery(memberHomeQueryOptions());
}

/** GET fqt/consumer/user/queryUserBaseInfo: the profile and the settings. */
export function queryMemberBaseInfo(signal?: AbortSignal): Promise<MemberBaseInfo> {
  return apiRequest<MemberBaseInfo>('/fqt/consumer/user/queryUserBaseInfo', { signal });
}

export const memberBaseInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['members', 'base-info'],
    queryFn: ({ signal }) => queryMemberBaseInfo(signal),
  });

export function useMemberBaseInfo() {
  return useQuery(memberBaseInfoQueryOptions());
}

/** POST fqt/consumer/user/updateUserSettings: contact language, promotional mail and SMS. */
export function updateMemberSettings(body: MemberSettingsRequest): Promise<unknown> {
  return apiRequest<unknown>('/fqt/consumer/user/updateUserSettings', { method: 'POST', body });
}

export function useUpdateMemberSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMemberSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: ['members', 'base-info'] }),
  });
}

/** POST fqt/consumer/user/updateUserPassword (812 old password wrong; 400 names the field). */
export function changeMemberPassword(body: MemberChangePasswordRequest): Promise<unknown> {
  return apiRequest<unknown>('/fqt/consumer/user/updateUserPassword', {
    method: 'POST',
    body,
    // The form shows a wrong old password on its field.
    quietCodes: [...FORM_QUIET_CODES, ErrorCodes.memberOldPasswordWrong.code],
  });
}

export function useChangeMemberPassword() {
  return useMutation({ mutationFn: changeMemberPassword });
}

/** POST fqt/consumer/resetPwd: a reset code and a new password; every member session ends. */
export function resetMemberPassword(body: MemberResetPasswordRequest): Promise<unknown> {
  return apiRequest<unknown>('/fqt/consumer/resetPwd', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useResetMemberPassword() {
  return useMutation({
    mutationFn: resetMemberPassword,
    // Every session of the member ended, this device's too.
    onSuccess: () => useMemberStore.getState().clear(),
  });
}
