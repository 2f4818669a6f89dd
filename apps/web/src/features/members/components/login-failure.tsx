import { isApiError } from '@wings/api-client';
import { useState } from 'react';
import type { RuleForm } from '../../account/components/use-rule-form';
import { MEMBER_LOGIN_QUIET_CODES, type MemberLoginRequest, useMemberLogin } from '../api/member-session';

/**
 * The message of a sign-in refusal the login pages show beside the form (800, 801, 802, 805: the
 * server's words, with customer service's phone when blocked), or null for any other failure
 * (the client has toasted it).
 */
export function loginFailureMessage(error: unknown): string | null {
  if (!isApiError(error) || !MEMBER_LOGIN_QUIET_CODES.includes(error.code)) return null;
  if (error.fields.length > 0) return null;
  return error.message;
}

/** The refusal under a login form, read out when it appears. */
export function LoginFailure({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p className="mb-notice mb-notice-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

/**
 * The sign-in of a member login form: `signIn` checks the form, logs in with what `request` makes
 * of it and calls `onSignedIn`; a refusal of the sign-in itself becomes `failure` (shown with
 * `LoginFailure`), a field's refusal goes on its field.
 */
export function useMemberSignIn() {
  const login = useMemberLogin();
  const [failure, setFailure] = useState<string | null>(null);

  async function signIn<V extends Record<string, unknown>>(
    form: RuleForm<V>,
    request: () => MemberLoginRequest,
    onSignedIn: () => void,
  ) {
    setFailure(null);
    if (!form.validate()) return;
    try {
      await login.mutateAsync(request());
      onSignedIn();
    } catch (error) {
      const message = loginFailureMessage(error);
      if (message) setFailure(message);
      else form.applyServerError(error);
    }
  }

  return { signIn, failure, pending: login.isPending };
}
