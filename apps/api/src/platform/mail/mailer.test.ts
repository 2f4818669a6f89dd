import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '../../../test/helpers';
import { type Database, openDatabase } from '../db';
import { createMailer, type OutgoingMail } from './mailer';
import { emailCodeMail } from './templates';

const quiet = { error() {} };

interface Captured {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every message it receives. */
async function startSmtp(): Promise<{ port: number; received: Captured[]; close(): Promise<void> }> {
  const received: Captured[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The leaf parts of a MIME message, decoded, with their headers. */
function mimeParts(raw: string): { headers: string; body: Buffer }[] {
  const out: { headers: string; body: Buffer }[] = [];
  const walk = (entity: string) => {
    const split = entity.indexOf('\r\n\r\n');
    const headers = entity.slice(0, split);
    const body = entity.slice(split + 4);
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (/content-type:\s*multipart\//i.test(headers) && boundary) {
      const pieces = body.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith('--')) break;
        walk(piece.replace(/^\r\n/, ''));
      }
      return;
    }
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    let decoded: Buffer;
    if (encoding === 'base64') decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64');
    else if (encoding === 'quoted-printable') {
      const soft = body.replace(/=\r\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
          bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(...Buffer.from(soft[i] as string, 'utf8'));
      }
      decoded = Buffer.from(bytes);
    } else decoded = Buffer.from(body, 'utf8');
    out.push({ headers, body: decoded });
  };
  walk(raw);
  return out;
}

const pdf = Buffer.from('%PDF-1.4\n% itinerary for WA101\n', 'utf8');

function sampleMail(to: string): OutgoingMail {
  const mail = emailCodeMail({ to, code: '482913', purpose: 'register', lang: 'en', validMinutes: 10 });
  return {
    ...mail,
    attachments: [{ filename: 'itinerary.pdf', contentType: 'application/pdf', content: pdf }],
  };
}

describe('mailer', () => {
  let database: Database;
  beforeAll(() => {
    database = openDatabase(inject('databaseUrl'), quiet, 2);
  });
  afterAll(() => database.close());

  it('sends over SMTP with a text part, an HTML part and the attachment', async () => {
    const smtp = await startSmtp();
    try {
      const config = testConfig({
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Wings Airways <no-reply@wings.test>',
      });
      const mailer = createMailer({ config, db: database.db });
      await mailer.send(sampleMail('traveller@example.com'));

      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message?.from).toBe('no-reply@wings.test');
      expect(message?.to).toEqual(['traveller@example.com']);
      const raw = message?.raw ?? '';
      expect(raw).toMatch(/^Subject: Wings Airways: your registration code\r?$/m);
      expect(raw).toMatch(/^From: Wings Airways <no-reply@wings\.test>\r?$/m);

      const parts = mimeParts(raw);
      const text = parts.find((p) => /content-type:\s*text\/plain/i.test(p.headers));
      const htmlPart = parts.find((p) => /content-type:\s*text\/html/i.test(p.headers));
      const attachment = parts.find((p) => /content-disposition:\s*attachment/i.test(p.headers));
      expect(text?.body.toString('utf8')).toContain('482913');
      expect(text?.body.toString('utf8')).toContain('valid for 10 minutes');
      expect(htmlPart?.body.toString('utf8')).toContain('>482913</div>');
      expect(htmlPart?.body.toString('utf8')).toContain('#13235b');
      expect(attachment?.headers).toMatch(/filename="?itinerary\.pdf"?/);
      expect(attachment?.headers).toMatch(/application\/pdf/);
      expect(attachment?.body.equals(pdf)).toBe(true);
      // The multipart/alternative holds text before html, as mail clients expect.
      expect(raw.indexOf('text/plain')).toBeLessThan(raw.indexOf('text/html'));
    } finally {
      await smtp.close();
    }
  });

  it('keeps mail in the outbox, attachments in base64, when no SMTP_URL is set', async () => {
    const config = testConfig();
    const to = `outbox-${Date.now()}@example.com`;
    await createMailer({ config, db: database.db }).send(sampleMail(to.toUpperCase()));
    const { rows } = await database.pool.query(
      'select from_address, subject, text_body, html_body, attachments from mail_outbox where to_address = $1',
      [to],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.from_address).toBe(config.mailFrom);
    expect(row.subject).toBe('Wings Airways: your registration code');
    expect(row.text_body).toContain('482913');
    expect(row.html_body).toContain('<!doctype html>');
    expect(row.attachments).toEqual([
      { filename: 'itinerary.pdf', contentType: 'application/pdf', content: pdf.toString('base64') },
    ]);
  });
});
