import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/**
 * Outgoing mail kept in the database when no SMTP_URL is set (development), shown at
 * /api/dev/mail. In production with SMTP, mail goes out and is not stored here.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
);
