import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_POLICY_PATH, type SandboxInsurer } from './sandbox-insurer';

const ZParams = z.object({ policyNo: z.string().regex(/^[A-Z0-9]{4,32}$/) });
const ZQuery = z.object({ sig: z.string().max(100).default('') });

/**
 * The sandbox insurer's policy page (insurance-detail-external), public like an insurer's site
 * but signed: the link `policyPageUrl` gives carries `sig`, and any other is a 404. Registered
 * only where the sandbox insurer sells (never in production).
 */
export function sandboxInsuranceRoutes(insurer: SandboxInsurer): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${SANDBOX_POLICY_PATH}/:policyNo`,
      {
        config: { public: true },
        schema: {
          tags: ['insurance'],
          summary: 'Sandbox insurer: the policy page (insurance-detail-external)',
          params: ZParams,
          querystring: ZQuery,
        },
      },
      async (request, reply) => {
        const { policyNo } = request.params;
        const policy = insurer.verifyPage(policyNo, request.query.sig)
          ? await insurer.byPolicyNo(policyNo)
          : null;
        // An insurer's page the app shows in its own frame (insurance-detail-external): this
        // origin may frame it, no one else; its own inline style, nothing else runs.
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
          )
          .header('x-frame-options', 'SAMEORIGIN');
        if (!policy) return reply.status(404).send(page('Policy not found', '<p>No such policy.</p>'));
        const premium = `${(policy.premiumAmount / 100).toFixed(2)} ${policy.premiumCurrency}`;
        return reply.send(
          page(
            `Policy ${policy.policyNo}`,
            `<span class="badge">SANDBOX INSURER</span><h1>Travel insurance policy</h1>
<dl><dt>Policy number</dt><dd>${escapeHtml(policy.policyNo)}</dd>
<dt>Status</dt><dd>${escapeHtml(policy.status)}</dd>
<dt>Plan</dt><dd>${escapeHtml(policy.planCode)}</dd>
<dt>Insured</dt><dd>${escapeHtml(policy.insuredName)}</dd>
<dt>Cover</dt><dd>${escapeHtml(policy.coverFrom)} – ${escapeHtml(policy.coverTo)} (extended by up to 7 days after a delay)</dd>
<dt>Premium</dt><dd>${escapeHtml(premium)}</dd></dl>`,
          ),
        );
      },
    );
  };
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
.card{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:24px}
h1{font-size:18px}dt{color:#667;font-size:13px;margin-top:10px}dd{margin:2px 0 0;font-weight:600}
.badge{display:inline-block;background:#fff4d6;color:#8a5a00;font-size:12px;border-radius:4px;padding:2px 6px}
</style></head><body><div class="card">${body}</div></body></html>`;
}
