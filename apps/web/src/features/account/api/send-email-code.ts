import { useMutation } from '@tanstack/react-query';
import type { EmailCodePurpose } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export interface SendEmailCodeResponse {
  resendAfterSeconds: number;
  validMinutes: number;
}

/** POST travelsky/user/testEmail: e-mail a 6-digit code for a purpose (one a minute per address). */
export function sendEmailCode(body: {
  email: string;
  purpose: EmailCodePurpose;
}): Promise<SendEmailCodeResponse> {
  return apiRequest<SendEmailCodeResponse>('/travelsky/user/testEmail', { method: 'POST', body });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
