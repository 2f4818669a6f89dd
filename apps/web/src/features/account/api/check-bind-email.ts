import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client';

/** POST travelsky/thirdoauth/checkBindEmail: whether this e-mail may be bound to the account. */
export function checkBindEmail(body: { email: string }): Promise<{ bindable: boolean }> {
  return apiRequest<{ bindable: boolean }>('/travelsky/thirdoauth/checkBindEmail', { method: 'POST', body });
}

export function useCheckBindEmail() {
  return useMutation({ mutationFn: checkBindEmail });
}
