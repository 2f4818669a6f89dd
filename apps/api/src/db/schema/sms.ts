import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Outgoing SMS kept in the database when no SMS provider is configured (development), shown at
 * /api/dev/sms like the mail outbox (platform/sms). With a provider, messages go out and are not
 * stored here.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `+<country code><number>`, E.164. */
    toNumber: text('to_number').notNull(),
    textBody: text('text_body').notNull(),
    ...timestamps,
  },
  (t) => [index('sms_outbox_to_idx').on(t.toNumber, t.createdAt)],
);
