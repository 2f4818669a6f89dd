import type { Config } from '../../config';
import type { Db } from '../db';
import { SmsOutboxRepository } from './sms-outbox.repository';

/**
 * Text messages (issue 17: member verification codes by SMS). A provider interface: with
 * SMS_URL set, messages go to the provider; without it (development and tests) they are kept in
 * `sms_outbox` and shown at /api/dev/sms, like the mail outbox.
 */

/** One message: `to` in E.164 (`+85512345678`). */
export interface OutgoingSms {
  to: string;
  text: string;
}

/** Sends SMS; the caller does not know whether it goes to a provider or into the dev outbox. */
export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

interface SmsLogger {
  info(obj: unknown, msg?: string): void;
}

/** How long the provider may take to take a message before the send counts as failed. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * With SMS_URL, each message is POSTed to the provider as JSON `{ from, to, text }` with
 * `Authorization: Bearer <SMS_TOKEN>`; any answer but 2xx is a failure (the caller reports it).
 * Without it, messages are kept in `sms_outbox` and shown at /api/dev/sms.
 */
export function createSmsSender(deps: {
  config: Pick<Config, 'smsUrl' | 'smsToken' | 'smsFrom'>;
  db: Db;
  logger?: SmsLogger;
  /** The HTTP client (tests give their own); the global fetch by default. */
  fetch?: typeof fetch;
}): SmsSender {
  const { config } = deps;
  const { smsUrl } = config;
  if (smsUrl) {
    const doFetch = deps.fetch ?? fetch;
    return {
      async send(sms) {
        const res = await doFetch(smsUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${config.smsToken ?? ''}`,
          },
          body: JSON.stringify({ from: config.smsFrom, to: sms.to, text: sms.text }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
        // The body is not needed; reading it lets the connection be reused.
        await res.arrayBuffer().catch(() => undefined);
        if (!res.ok) throw new Error(`the SMS provider answered HTTP ${res.status}`);
        deps.logger?.info({ status: res.status }, 'sms sent');
      },
    };
  }
  const outbox = new SmsOutboxRepository(deps.db);
  return {
    async send(sms) {
      const id = await outbox.insert(sms.to, sms.text);
      deps.logger?.info({ id }, 'sms kept in the dev outbox');
    },
  };
}
