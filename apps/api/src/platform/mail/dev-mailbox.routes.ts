import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db';
import { ok } from '../envelope';
import { AppError } from '../errors';
import { BRAND_NAVY, escapeHtml } from './layout';
import { MailOutboxRepository, type OutboxMessage } from './mail-outbox.repository';

const LIST_LIMIT = 200;

const ZListQuery = z.object({
  to: z.string().trim().max(254).optional(),
  format: z.enum(['json', 'html']).optional(),
});
const ZIdParams = z.object({ id: z.string().min(1).max(64) });
const ZAttachmentParams = ZIdParams.extend({ index: z.coerce.number().int().min(0).max(100) });

/**
 * The development mailbox (issue 3, Mail): what the API would have sent, read from
 * `mail_outbox`. Registered only outside production and only when no SMTP_URL is set.
 * Public, because a developer opens it in a browser without an access token.
 */
export function devMailboxRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const outbox = new MailOutboxRepository(deps.db);
  const common = { config: { public: true }, schema: { tags: ['dev'] } } as const;
  return async (app) => {
    app.get(
      '/dev/mail',
      {
        config: { public: true },
        schema: {
          tags: ['dev'],
          summary: 'Development mailbox: an HTML list, or JSON with ?to= or Accept: application/json',
          querystring: ZListQuery,
        },
      },
      async (request, reply) => {
        const { to, format } = request.query;
        const wantsJson =
          format === 'json' ||
          (format !== 'html' && (to !== undefined || acceptsJsonFirst(request.headers.accept)));
        if (wantsJson) {
          const messages = await outbox.list({ limit: LIST_LIMIT, ...(to ? { to } : {}) });
          return reply.type('application/json; charset=utf-8').send(ok({ messages: messages.map(toJson) }));
        }
        const messages = await outbox.summaries(LIST_LIMIT);
        return reply.type('text/html; charset=utf-8').send(listPage(messages));
      },
    );

    app.get(
      '/dev/mail/:id',
      {
        ...common,
        schema: { ...common.schema, summary: 'One message of the development mailbox', params: ZIdParams },
      },
      async (request, reply) => {
        const message = await outbox.get(request.params.id);
        if (!message) throw new AppError('resourceNotFound');
        if (acceptsJsonFirst(request.headers.accept)) {
          return reply.type('application/json; charset=utf-8').send(ok({ message: toJson(message) }));
        }
        return reply.type('text/html; charset=utf-8').send(messagePage(message));
      },
    );

    app.get(
      '/dev/mail/:id/html',
      { ...common, schema: { ...common.schema, hide: true, params: ZIdParams } },
      async (request, reply) => {
        const message = await outbox.get(request.params.id);
        if (!message) throw new AppError('resourceNotFound');
        // The stored mail is rendered in a sandboxed iframe: its HTML runs no script here.
        return reply
          .type('text/html; charset=utf-8')
          .header(
            'content-security-policy',
            "default-src 'none'; img-src data: https:; style-src 'unsafe-inline'",
          )
          .send(message.html);
      },
    );

    app.get(
      '/dev/mail/:id/attachments/:index',
      {
        ...common,
        schema: {
          ...common.schema,
          summary: 'Download an attachment of a development mail',
          params: ZAttachmentParams,
        },
      },
      async (request, reply) => {
        const message = await outbox.get(request.params.id);
        const attachment = message?.attachments[request.params.index];
        if (!attachment) throw new AppError('resourceNotFound');
        const ascii = attachment.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .type(attachment.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
          )
          .send(Buffer.from(attachment.content, 'base64'));
      },
    );
  };
}

function acceptsJsonFirst(accept: string | undefined): boolean {
  if (!accept) return false;
  const json = accept.indexOf('application/json');
  const htmlAt = accept.indexOf('text/html');
  return json !== -1 && (htmlAt === -1 || json < htmlAt);
}

function toJson(m: OutboxMessage) {
  return {
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: m.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: Buffer.from(a.content, 'base64').length,
    })),
    createdAt: m.createdAt.toISOString(),
  };
}

const PAGE_STYLE = `
  body { margin: 0; font: 14px/1.5 -apple-system, 'Segoe UI', Roboto, 'Noto Sans Khmer', 'PingFang SC', sans-serif; background: #f3f5f9; color: #1b2233; }
  header { background: ${BRAND_NAVY}; color: #fff; padding: 14px 20px; display: flex; gap: 16px; align-items: baseline; }
  header h1 { margin: 0; font-size: 18px; }
  header a { color: #fff; opacity: .85; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 10px; overflow: hidden; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e6e9f0; vertical-align: top; }
  th { background: #e8edf8; font-weight: 600; }
  tr:hover td { background: #fafbfe; }
  td a { color: ${BRAND_NAVY}; text-decoration: none; font-weight: 600; }
  .muted { color: #5b6478; }
  .meta { background: #fff; border-radius: 10px; padding: 12px 16px; margin-bottom: 12px; }
  .meta dt { float: left; width: 90px; color: #5b6478; }
  .meta dd { margin: 0 0 4px 90px; }
  iframe { width: 100%; height: 70vh; border: 1px solid #e6e9f0; border-radius: 10px; background: #fff; }
  pre { white-space: pre-wrap; background: #fff; border-radius: 10px; padding: 12px 16px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><header><h1>Dev mailbox</h1><a href="/api/dev/mail">All messages</a><span class="muted" style="color:#cfd8ee">Mail kept here because SMTP_URL is not set</span></header><main>${body}</main></body></html>`;
}

function listPage(messages: { id: string; to: string; subject: string; createdAt: Date }[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/api/dev/mail/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.to)}</td><td class="muted"><time datetime="${m.createdAt.toISOString()}">${escapeHtml(formatTime(m.createdAt))}</time></td></tr>`,
    )
    .join('');
  const body = messages.length
    ? `<table><thead><tr><th>Subject</th><th>To</th><th>Time (UTC)</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="muted">No mail yet. Mail the API sends (e-mail codes, itineraries) appears here.</p>';
  return page('Dev mailbox', body);
}

function messagePage(m: OutboxMessage): string {
  const attachments = m.attachments.length
    ? `<dt>Attachments</dt><dd>${m.attachments
        .map(
          (a, i) =>
            `<a href="/api/dev/mail/${escapeHtml(m.id)}/attachments/${i}">${escapeHtml(a.filename)}</a> <span class="muted">(${escapeHtml(a.contentType)}, ${Buffer.from(a.content, 'base64').length} bytes)</span>`,
        )
        .join('<br>')}</dd>`
    : '';
  const body = `<dl class="meta"><dt>Subject</dt><dd>${escapeHtml(m.subject)}</dd><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>Time</dt><dd>${escapeHtml(formatTime(m.createdAt))} UTC</dd>${attachments}</dl>
<iframe title="HTML part" sandbox src="/api/dev/mail/${escapeHtml(m.id)}/html"></iframe>
<h2 style="font-size:15px">Text part</h2><pre>${escapeHtml(m.text)}</pre>`;
  return page(m.subject, body);
}

function formatTime(d: Date): string {
  return d.toISOString().replace('T', ' ').slice(0, 19);
}
