import { useMutation } from '@tanstack/react-query';
import type { EmailCodePurpose } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

/** POST travelsky/user/testRandomNumber: check an e-mail code without using it up. */
export function checkEmailCodeCall(body: {
  email: string;
  purpose: EmailCodePurpose;
  code: string;
}): Promise<{ valid: true }> {
  return apiRequest<{ valid: true }>('/travelsky/user/testRandomNumber', { method: 'POST', body });
}

export function useCheckEmailCode() {
  return useMutation({ mutationFn: checkEmailCodeCall });
}
