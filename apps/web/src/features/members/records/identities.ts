import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberDocument, MemberDocumentInput } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useMemberStore } from '../member-store';
import { RECORD_FORM_CODES, recordKeys } from './record-codes';

/** GET consumer/identity/queryIdentityLists: the member's documents and whether another may be added. */
export function getIdentities(signal?: AbortSignal): Promise<{ list: MemberDocument[]; canAdd: boolean }> {
  return apiRequest('/fqt/consumer/identity/queryIdentityLists', { signal });
}

export const identitiesQueryOptions = () =>
  queryOptions({ queryKey: recordKeys.identities, queryFn: ({ signal }) => getIdentities(signal) });

export function useIdentities() {
  const signedIn = useMemberStore((s) => Boolean(s.vipToken));
  return useQuery({ ...identitiesQueryOptions(), enabled: signedIn });
}

/** POST consumer/identity/saveIdentityInfo: a new document with its photos, under audit. */
export function saveIdentity(body: MemberDocumentInput): Promise<{ id: string }> {
  return apiRequest('/fqt/consumer/identity/saveIdentityInfo', {
    method: 'POST',
    body,
    quietCodes: RECORD_FORM_CODES,
  });
}

/** POST consumer/identity/updateIdentityInfoById: the document goes back under audit. */
export function updateIdentity(body: MemberDocumentInput & { id: string }): Promise<{ id: string }> {
  return apiRequest('/fqt/consumer/identity/updateIdentityInfoById', {
    method: 'POST',
    body,
    quietCodes: RECORD_FORM_CODES,
  });
}

/** POST consumer/identity/deleteIdentityInfoById/{id}: not the registration's or the only one (824). */
export function deleteIdentity(id: string): Promise<null> {
  return apiRequest(`/fqt/consumer/identity/deleteIdentityInfoById/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: {},
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: recordKeys.identities });
}

export function useSaveIdentity() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: saveIdentity, onSuccess });
}

export function useUpdateIdentity() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateIdentity, onSuccess });
}

export function useDeleteIdentity() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteIdentity, onSuccess });
}
