import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberCodeChannel, MemberContact } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useMemberStore } from '../member-store';
import { RECORD_FORM_CODES, recordKeys } from './record-codes';

export interface ContactInput {
  kind: 'email' | 'phone';
  email?: string | null;
  countryCode?: string | null;
  phone?: string | null;
  phoneType?: 'mobile' | 'home' | 'work' | null;
}

/** POST consumer/contact/queryUserContactInfos: the member's e-mails and phones, main ones first. */
export function getContacts(signal?: AbortSignal): Promise<{ list: MemberContact[] }> {
  return apiRequest('/fqt/consumer/contact/queryUserContactInfos', { method: 'POST', body: {}, signal });
}

export const contactsQueryOptions = () =>
  queryOptions({ queryKey: recordKeys.contacts, queryFn: ({ signal }) => getContacts(signal) });

export function useContacts() {
  const signedIn = useMemberStore((s) => Boolean(s.vipToken));
  return useQuery({ ...contactsQueryOptions(), enabled: signedIn });
}

/** POST consumer/contact/saveUserContactInfo: a new e-mail or phone (never main). */
export function saveContact(body: ContactInput): Promise<{ id: string }> {
  return apiRequest('/fqt/consumer/contact/saveUserContactInfo', {
    method: 'POST',
    body,
    quietCodes: RECORD_FORM_CODES,
  });
}

/** POST consumer/contact/updateUserContactInfoById: a main one needs the `contact` code sent to the new value. */
export function updateContact(body: ContactInput & { id: string; code?: string }): Promise<{ id: string }> {
  return apiRequest('/fqt/consumer/contact/updateUserContactInfoById', {
    method: 'POST',
    body,
    quietCodes: RECORD_FORM_CODES,
  });
}

/** POST consumer/contact/deleteUserContactInfoById/{id}: not the main e-mail or phone (830). */
export function deleteContact(id: string): Promise<null> {
  return apiRequest(`/fqt/consumer/contact/deleteUserContactInfoById/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: {},
  });
}

/** POST consumer/getToken, purpose `contact`: a code to the new main e-mail or phone. */
export function sendContactCode(body: {
  channel: MemberCodeChannel;
  email?: string;
  countryCode?: string;
  phone?: string;
}): Promise<{ resendAfterSeconds: number; validMinutes: number }> {
  return apiRequest('/fqt/consumer/getToken', {
    method: 'POST',
    body: { ...body, purpose: 'contact' },
    quietCodes: RECORD_FORM_CODES,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: recordKeys.contacts });
}

export function useSaveContact() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: saveContact, onSuccess });
}

export function useUpdateContact() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateContact, onSuccess });
}

export function useDeleteContact() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteContact, onSuccess });
}

export function useSendContactCode() {
  return useMutation({ mutationFn: sendContactCode });
}
