import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Beneficiary, BeneficiarySave } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useMemberStore } from '../member-store';
import { RECORD_FORM_CODES, recordKeys } from './record-codes';

/** GET consumer/beneficiaries/queryBeneficiariesInfoLists: the member's beneficiaries and their audit. */
export function getBeneficiaries(signal?: AbortSignal): Promise<{ list: Beneficiary[]; canAdd: boolean }> {
  return apiRequest('/fqt/consumer/beneficiaries/queryBeneficiariesInfoLists', { signal });
}

export const beneficiariesQueryOptions = () =>
  queryOptions({ queryKey: recordKeys.beneficiaries, queryFn: ({ signal }) => getBeneficiaries(signal) });

export function useBeneficiaries() {
  const signedIn = useMemberStore((s) => Boolean(s.vipToken));
  return useQuery({ ...beneficiariesQueryOptions(), enabled: signedIn });
}

/** POST consumer/beneficiaries/saveBeneficiariesInfo: ineffective until staff approve it. */
export function saveBeneficiary(body: BeneficiarySave): Promise<{ id: string }> {
  return apiRequest('/fqt/consumer/beneficiaries/saveBeneficiariesInfo', {
    method: 'POST',
    body,
    quietCodes: RECORD_FORM_CODES,
  });
}

/** POST consumer/beneficiaries/updateBeneficiariesInfo: audited again. */
export function updateBeneficiary(body: BeneficiarySave & { id: string }): Promise<{ id: string }> {
  return apiRequest('/fqt/consumer/beneficiaries/updateBeneficiariesInfo', {
    method: 'POST',
    body,
    quietCodes: RECORD_FORM_CODES,
  });
}

/** POST consumer/beneficiaries/deleteBeneficiariesInfo/{id}. */
export function deleteBeneficiary(id: string): Promise<null> {
  return apiRequest(`/fqt/consumer/beneficiaries/deleteBeneficiariesInfo/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: {},
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: recordKeys.beneficiaries });
}

export function useSaveBeneficiary() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: saveBeneficiary, onSuccess });
}

export function useUpdateBeneficiary() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: updateBeneficiary, onSuccess });
}

export function useDeleteBeneficiary() {
  const onSuccess = useInvalidate();
  return useMutation({ mutationFn: deleteBeneficiary, onSuccess });
}
