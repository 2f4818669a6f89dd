import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema/sms';
import type { Db } from '../db';

/** A message of the dev SMS outbox. */
export interface OutboxSms {
  id: string;
  to: string;
  text: string;
  createdAt: Date;
}

/**
 * A number as the outbox keeps and finds it: E.164, `+` and digits only, so `+855 12 345 678`,
 * `85512345678` and `+85512345678` are one number.
 */
export function e164(number: string): string {
  return `+${number.replace(/\D/g, '')}`;
}

/** The dev SMS outbox's storage; the only code touching `sms_outbox`. */
export class SmsOutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(to: string, text: string): Promise<string> {
    const [row] = await this.db
      .insert(smsOutbox)
      .values({ toNumber: e164(to), textBody: text })
      .returning({ id: smsOutbox.id });
    if (!row) throw new Error('sms_outbox insert returned nothing');
    return row.id;
  }

  /** Newest first, optionally only those to one number. */
  async list(options: { to?: string; limit: number }): Promise<OutboxSms[]> {
    const rows = await this.db
      .select()
      .from(smsOutbox)
      .where(options.to ? eq(smsOutbox.toNumber, e164(options.to)) : undefined)
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(options.limit);
    return rows.map((r) => ({ id: r.id, to: r.toNumber, text: r.textBody, createdAt: r.createdAt }));
  }
}
