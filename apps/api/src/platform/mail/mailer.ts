import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../db';
import { MailOutboxRepository } from './mail-outbox.repository';

/** One message as the app writes it: always HTML with a plain-text part. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** Sends mail; the caller does not know whether it goes over SMTP or into the dev mailbox. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

interface MailLogger {
  info(obj: unknown, msg?: string): void;
}

/**
 * With SMTP_URL, mail goes out through nodemailer's SMTP transport from MAIL_FROM.
 * Without it, mail is kept in `mail_outbox` and shown at /api/dev/mail (issue 3, Mail).
 */
export function createMailer(deps: { config: Config; db: Db; logger?: MailLogger }): Mailer {
  const { config } = deps;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
        deps.logger?.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = new MailOutboxRepository(deps.db);
  return {
    async send(mail) {
      const id = await outbox.insert({
        to: mail.to,
        from: config.mailFrom,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content.toString('base64'),
        })),
      });
      deps.logger?.info({ id, subject: mail.subject }, 'mail kept in the dev mailbox');
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's mailer (see buildApp): modules send mail through `app.mailer.send(...)`. */
    mailer: Mailer;
  }
}
