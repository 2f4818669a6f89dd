import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobRunner } from '../../jobs/jobs';
import { payReturnPath } from '../gateway';
import { sandboxNotification, sandboxReference } from './sandbox.gateway';
import { type NotifyJob, SANDBOX_NOTIFY_JOB } from './sandbox.notify';
import type { SandboxLedger, SandboxTransaction } from './sandbox.repository';

const ZParams = z.object({ paymentId: z.uuid() });

/**
 * The sandbox gateway's hosted side, public like a real gateway's pages: the checkout page with
 * card, ABA Pay and KHQR, its Pay (approve), Decline and Cancel. Pay and Decline settle the
 * transaction in the sandbox's ledger and enqueue signed notifications to our notify URL
 * (retried until acknowledged, sometimes a duplicate a little later, on purpose), then send the
 * browser back through the return deep link with a 303. Cancel only goes back (payResult=fail):
 * nothing is settled or notified, and the traveller may pay again. The notifications are jobs
 * (SANDBOX_NOTIFY_JOB): their worker is registered with the payments module's jobs (payments.jobs.ts).
 */
export function sandboxRoutes(deps: {
  ledger: SandboxLedger;
  jobs: Pick<JobRunner, 'send'>;
  notifyUrl: string;
  now: () => Date;
  /** Chance of a second, later copy of a notification (0 turns duplicates off). */
  duplicateRate?: number;
}): FastifyPluginAsyncZod {
  const { jobs, ledger } = deps;
  const lookup = (paymentId: string) => ledger.get(sandboxReference(paymentId));
  const duplicateRate = deps.duplicateRate ?? 0.3;
  return async (app) => {
    // The checkout form posts urlencoded fields; the chosen method is only shown, never trusted.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    async function notify(
      paymentId: string,
      p: SandboxTransaction,
      status: 'succeeded' | 'failed',
    ): Promise<void> {
      const body = JSON.stringify(sandboxNotification(paymentId, status, p.amount, p.currency));
      const job: NotifyJob = { url: deps.notifyUrl, body };
      await jobs.send(SANDBOX_NOTIFY_JOB, job);
      if (Math.random() < duplicateRate) {
        // The same event again, later: the receiver must acknowledge and ignore it.
        await jobs.send(SANDBOX_NOTIFY_JOB, job, { startAfter: new Date(Date.now() + 3000) });
      }
    }

    const config = { public: true };
    const schema = { tags: ['payment'], params: ZParams };

    app.get(
      '/pay/sandbox/:paymentId',
      { config, schema: { ...schema, summary: 'Sandbox gateway: hosted checkout page' } },
      async (request, reply) => {
        const p = await lookup(request.params.paymentId);
        if (!p) return reply.status(404).type('text/html; charset=utf-8').send(page('Payment not found', ''));
        return reply.type('text/html; charset=utf-8').send(checkoutPage(request.params.paymentId, p));
      },
    );

    for (const action of ['approve', 'decline'] as const) {
      app.post(
        `/pay/sandbox/:paymentId/${action}`,
        {
          config,
          schema: {
            ...schema,
            summary:
              action === 'approve'
                ? 'Sandbox gateway: pay (what the Pay button does); 303 to ticket detail'
                : 'Sandbox gateway: decline; 303 back with payResult=fail',
          },
        },
        async (request, reply) => {
          const p = await lookup(request.params.paymentId);
          if (!p)
            return reply.status(404).type('text/html; charset=utf-8').send(page('Payment not found', ''));
          const to = action === 'approve' ? 'succeeded' : 'failed';
          // Only the first action settles the transaction; a second click is a no-op.
          if (await ledger.settle(p.reference, to, deps.now())) await notify(request.params.paymentId, p, to);
          return reply.redirect(backTo(p, action === 'decline'), 303);
        },
      );
    }
  };
}

/**
 * Where the browser goes back: the URL the merchant gave with the payment (its path, query and
 * fragment only: never another site), else the order's own return link (rows made before the
 * URLs were kept).
 */
function backTo(p: SandboxTransaction, failed: boolean): string {
  const given = failed ? p.cancelUrl : p.returnUrl;
  if (given) {
    try {
      const url = new URL(given, 'http://app.invalid');
      return `${url.pathname}${url.search}${url.hash}`;
    } catch {
      // A malformed URL falls back to the order's own link.
    }
  }
  return payReturnPath(p.orderNo, failed);
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#eef1f5;margin:0;padding:24px;color:#1d2330}
.card{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:24px}
h1{font-size:18px;margin:0 0 4px}.muted{color:#667;font-size:13px}.amount{font-size:32px;font-weight:700;margin:16px 0}
label{display:flex;gap:8px;align-items:center;border:1px solid #d5dae3;border-radius:8px;padding:12px;margin:8px 0;cursor:pointer}
button{width:100%;padding:14px;border:0;border-radius:8px;font-size:16px;margin-top:8px;cursor:pointer}
.pay{background:#0b5cad;color:#fff}.decline{background:#f3f4f6;color:#b42318}a.cancel{display:block;text-align:center;margin-top:12px;color:#667}
.badge{display:inline-block;background:#fff4d6;color:#8a5a00;font-size:12px;border-radius:4px;padding:2px 6px}
</style></head><body><div class="card">${body}</div></body></html>`;
}

function checkoutPage(paymentId: string, p: SandboxTransaction): string {
  const amount = `${(p.amount / 100).toFixed(2)} ${p.currency}`;
  const id = encodeURIComponent(paymentId);
  const open = p.status === 'pending';
  return page(
    `Pay ${amount}`,
    `<span class="badge">SANDBOX</span><h1>Wings Airways</h1>
<div class="muted">Order ${escapeHtml(p.orderNo)}</div>
<div class="amount">${escapeHtml(amount)}</div>
${
  open
    ? `<form method="post" action="/api/pay/sandbox/${id}/approve">
<label><input type="radio" name="method" value="card" checked> Credit / debit card</label>
<label><input type="radio" name="method" value="abapay"> ABA Pay</label>
<label><input type="radio" name="method" value="khqr"> KHQR</label>
<button class="pay" type="submit">Pay ${escapeHtml(amount)}</button>
<button class="decline" type="submit" formaction="/api/pay/sandbox/${id}/decline">Decline</button>
</form>`
    : `<p>This payment is ${escapeHtml(p.status)}.</p>`
}
<a class="cancel" href="${escapeHtml(backTo(p, true))}">Cancel and return to the merchant</a>`,
  );
}
