import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailCodePurpose, SessionResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { useSessionStore } from '../session-store';
import { FORM_QUIET_CODES } from './form-codes';

/** The e-mail code purpose of binding or changing the account's e-mail. */
export const BIND_EMAIL_PURPOSE: EmailCodePurpose = 'bind';

/** POST travelsky/user/associateEmail: bind or change the e-mail with a code sent to it (4007 email_bound). */
export function associateEmail(body: { email: string; code: string }): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/travelsky/user/associateEmail', {
    method: 'POST',
    body,
    quietCodes: FORM_QUIET_CODES,
  });
}

export function useAssociateEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: associateEmail,
    onSuccess: (session) => {
      useSessionStore.getState().signIn(session);
      void client.invalidateQueries({ queryKey: ['account', 'member'] });
    },
  });
}
