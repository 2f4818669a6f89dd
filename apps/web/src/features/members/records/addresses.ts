import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberAddress } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useMemberStore } from '../member-store';
import { RECORD_FORM_CODES, recordKeys } from './record-codes';

export type AddressInput = Omit<MemberAddress, 'id'>;

/** GET consumer/address/queryAddressLists: the member's addresses, the main one marked. */
export function getAddresses(signal?: AbortSignal): Promise<{ list: MemberAddress[] }> {
  return apiRequest('/fqt/consumer/address/queryAddressLists', { signal });
}

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: recordKeys.addresses, queryFn: ({ signal }) => getAddresses(signal) });

export function useAddresses() {
  const signedIn = useMemberStore((s) => Boolean(s.vipToken));
  return useQuery({ ...addressesQueryOptions(), enabled: signedIn });
}

/** POST consumer/address/saveAddressInfo: a second main address is refused (831). */
export function saveAddress(body: AddressInput): Promise<{ id: string }> {
  return apiRequest('/fqt/consumer/address/saveAddressInfo', {
    method: 'POST',
    body,
    quietCodes: RECORD_FORM_CODES,
  });
}

/** POST consumer/address/updateAddressInfoById. */
export function updateAddress(body: AddressInput & { id: string }): Promise<{ id: string }> {
  return apiRequest('/fqt/consumer/address/updateAddressInfoById', {
    method: 'POST',
    body,
    quietCodes: RECORD_FORM_CODES,
  });
}

/** POST consumer/address/deleteAddressById/{id}: not the main one (830). */
export function deleteAddress(id: string): Promise<null> {
  return apiRequest(`/fqt/consumer/address/deleteAddressById/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: {},
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: recordKeys.addresses });
}

export function useSaveAddress() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: saveAddress, onSuccess });
}

export function useUpdateAddress() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateAddress, onSuccess });
}

export function useDeleteAddress() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteAddress, onSuccess });
}
