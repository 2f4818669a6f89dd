import type { EmailCodePurpose } from '@wings/contracts';
import { checkEmail } from '@wings/rules';
import { useSendEmailCode } from '../api/send-email-code';

/**
 * The send-code action of a form: checks the e-mail with the shared rule first (showing its
 * message), then asks for a code; resolves to the seconds to wait before the next one.
 */
export function useEmailCodeSender(
  email: string,
  purpose: EmailCodePurpose,
  onInvalidEmail: () => void,
): () => Promise<number | false> {
  const send = useSendEmailCode();
  return async () => {
    if (checkEmail(email).length > 0) {
      onInvalidEmail();
      return false;
    }
    try {
      const reply = await send.mutateAsync({ email: email.trim(), purpose });
      return reply.resendAfterSeconds;
    } catch {
      // The client has shown the reason (e.g. code_too_soon).
      return false;
    }
  };
}
