import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/http-client';
import type { SendEmailCodeResponse } from './send-email-code';

/** GET travelsky/ibe/resetPassword?email=: e-mails a reset code (the reply never says whether the address exists). */
export function sendResetCode(email: string): Promise<SendEmailCodeResponse | null> {
  return apiRequest<SendEmailCodeResponse | null>(
    `/travelsky/ibe/resetPassword?email=${encodeURIComponent(email)}`,
  );
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
