import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db';
import { ok } from '../envelope';
import { SmsOutboxRepository } from './sms-outbox.repository';

const LIST_LIMIT = 200;

const ZListQuery = z.object({
  /** A number in any spelling (`+855 12345678`, `85512345678`); only its digits count. */
  to: z.string().trim().max(32).optional(),
});

/**
 * The development SMS outbox (issue 17): what the API would have texted, read from
 * `sms_outbox`, as JSON newest first. Registered only outside production and only when no
 * SMS_URL is set. Public, like the dev mailbox: a developer opens it without an access token.
 */
export function devSmsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const outbox = new SmsOutboxRepository(deps.db);
  return async (app) => {
    app.get(
      '/dev/sms',
      {
        config: { public: true },
        schema: {
          tags: ['dev'],
          summary: 'Development SMS outbox: the texts kept instead of sent, newest first (?to= one number)',
          querystring: ZListQuery,
        },
      },
      async (request) => {
        const { to } = request.query;
        const messages = await outbox.list({ limit: LIST_LIMIT, ...(to ? { to } : {}) });
        return ok({
          messages: messages.map((m) => ({
            id: m.id,
            to: m.to,
            text: m.text,
            createdAt: m.createdAt.toISOString(),
          })),
        });
      },
    );
  };
}
