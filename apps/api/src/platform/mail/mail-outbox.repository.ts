import { and, desc, eq } from 'drizzle-orm';
import { mailOutbox, type StoredAttachment } from '../../db/schema/mail';
import type { Db } from '../db';

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: StoredAttachment[];
  createdAt: Date;
}

export interface OutboxSummary {
  id: string;
  to: string;
  subject: string;
  createdAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The dev mailbox's storage; the only code touching `mail_outbox`. */
export class MailOutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(m: Omit<OutboxMessage, 'id' | 'createdAt'>): Promise<string> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        toAddress: m.to.toLowerCase(),
        fromAddress: m.from,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        attachments: m.attachments,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned nothing');
    return row.id;
  }

  /** Newest first, optionally only those to one address. */
  async list(options: { to?: string; limit: number }): Promise<OutboxMessage[]> {
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(options.to ? eq(mailOutbox.toAddress, options.to.trim().toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(options.limit);
    return rows.map(toMessage);
  }

  async summaries(limit: number): Promise<OutboxSummary[]> {
    return this.db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit);
  }

  async get(id: string): Promise<OutboxMessage | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, id)))
      .limit(1);
    return rows[0] ? toMessage(rows[0]) : null;
  }
}

function toMessage(r: typeof mailOutbox.$inferSelect): OutboxMessage {
  return {
    id: r.id,
    to: r.toAddress,
    from: r.fromAddress,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    attachments: r.attachments,
    createdAt: r.createdAt,
  };
}
