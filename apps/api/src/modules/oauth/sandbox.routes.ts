import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../platform/mail/layout';
import type { OAuthContext } from './oauth.config';
import { acceptFormPosts } from './oauth.routes';
import { PROVIDER_NAMES, type ProviderName } from './providers';
import { SandboxCodes, sandboxAuthorizePath } from './providers/sandbox.provider';

const ZParams = z.object({ provider: z.enum(PROVIDER_NAMES) });
const ZAuthorizeQuery = z.object({
  client_id: z.string().max(128).optional(),
  redirect_uri: z.string().max(2048),
  state: z.string().max(256),
});
const ZDecision = z.object({
  redirect_uri: z.string().max(2048),
  state: z.string().max(256),
  decision: z.enum(['allow', 'deny']),
  email: z.string().trim().max(254).optional(),
  name: z.string().trim().max(100).optional(),
  noEmail: z.string().optional(),
  unverified: z.string().optional(),
});

interface Brand {
  label: string;
  colour: string;
  text: string;
  wordmark: string;
  scopes: string;
  noEmailLabel: string;
}

const BRANDS: Record<ProviderName, Brand> = {
  facebook: {
    label: 'Facebook',
    colour: '#1877f2',
    text: '#ffffff',
    wordmark: 'facebook',
    scopes: 'your name, profile picture and e-mail address',
    noEmailLabel: "Don't share my e-mail address",
  },
  wechat: {
    label: 'WeChat',
    colour: '#07c160',
    text: '#ffffff',
    wordmark: 'WeChat 微信',
    scopes: 'your nickname and avatar (WeChat never shares an e-mail address)',
    noEmailLabel: 'WeChat shares no e-mail',
  },
  apple: {
    label: 'Apple',
    colour: '#000000',
    text: '#ffffff',
    wordmark: 'Sign in with Apple',
    scopes: 'your name and e-mail address',
    noEmailLabel: 'Hide my e-mail (private relay address)',
  },
};

/**
 * The sandbox identity provider (outside production only): a consent screen that looks like the
 * provider's, then back to the real callback with a signed code (Apple: by form post, as Apple does).
 */
export function sandboxOAuthRoutes(deps: {
  config: Pick<OAuthContext, 'keys'>;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const codes = new SandboxCodes(deps.config.keys.oauthSandbox);
  return async (app) => {
    acceptFormPosts(app);
    const common = { config: { public: true } } as const;

    app.get(
      '/dev/oauth/:provider/authorize',
      {
        ...common,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox identity provider: consent page',
          params: ZParams,
          querystring: ZAuthorizeQuery,
        },
      },
      async (request, reply) => {
        const { provider } = request.params;
        if (!validRedirect(request, provider, request.query.redirect_uri)) return badRedirect(reply);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(consentPage(provider, request.query.redirect_uri, request.query.state));
      },
    );

    app.post(
      '/dev/oauth/:provider/authorize',
      {
        ...common,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox identity provider: allow or deny',
          params: ZParams,
          body: ZDecision,
        },
      },
      async (request, reply) => {
        const { provider } = request.params;
        const form = request.body;
        if (!validRedirect(request, provider, form.redirect_uri)) return badRedirect(reply);
        let answer: Record<string, string>;
        if (form.decision === 'deny') {
          answer = {
            error: provider === 'apple' ? 'user_cancelled_authorize' : 'access_denied',
            state: form.state,
          };
        } else {
          const withoutEmail = provider === 'wechat' || form.noEmail !== undefined || !form.email;
          const name = form.name || null;
          const code = codes.issue(
            {
              provider,
              email: withoutEmail ? null : (form.email ?? null),
              emailVerified: form.unverified === undefined,
              name,
              redirectUri: form.redirect_uri,
            },
            deps.now(),
          );
          answer = { code, state: form.state };
          if (provider === 'apple' && name) {
            const [firstName, ...rest] = name.split(/\s+/);
            answer.user = JSON.stringify({ name: { firstName, lastName: rest.join(' ') } });
          }
        }
        if (provider === 'apple') {
          return reply
            .type('text/html; charset=utf-8')
            .header('content-security-policy', FORM_POST_CSP)
            .send(formPostPage(form.redirect_uri, answer));
        }
        const target = new URL(form.redirect_uri);
        for (const [k, v] of Object.entries(answer)) target.searchParams.set(k, v);
        return reply.redirect(target.toString(), 302);
      },
    );
  };
}

/** The sandbox returns only to this API's own callback of the same provider: never an open redirect. */
function validRedirect(request: FastifyRequest, provider: ProviderName, redirectUri: string): boolean {
  try {
    const url = new URL(redirectUri);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.host === new URL(`${request.protocol}://${request.host}`).host &&
      url.pathname === `/api/travelsky/thirdoauth/${provider}/callback`
    );
  } catch {
    return false;
  }
}

function badRedirect(reply: FastifyReply) {
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><meta charset="utf-8"><title>Invalid redirect_uri</title><p>The sandbox only returns to this API\'s own callback.</p>',
    );
}

function consentPage(provider: ProviderName, redirectUri: string, state: string): string {
  const b = BRANDS[provider];
  const wechat = provider === 'wechat';
  const emailFields = wechat
    ? `<p class="note">${escapeHtml(b.noEmailLabel)}: after signing in, the app asks the traveller to bind an e-mail.</p>`
    : `<label>E-mail<input type="email" name="email" autocomplete="off" placeholder="traveller@example.com"></label>
      <label class="tick"><input type="checkbox" name="noEmail"> ${escapeHtml(b.noEmailLabel)}</label>
      <label class="tick"><input type="checkbox" name="unverified"> The provider has not verified this e-mail</label>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(b.label)} · Sign in to Wings Airways</title>
<style>
  body { margin: 0; font: 15px/1.5 -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; background: #f0f2f5; color: #1c1e21; }
  .bar { background: ${b.colour}; color: ${b.text}; padding: 14px 20px; font-weight: 700; font-size: 22px; letter-spacing: .2px; }
  .sandbox { background: #fff4e0; color: #8a5300; font-size: 13px; padding: 8px 20px; border-bottom: 1px solid #f0d9a8; }
  .card { max-width: 420px; margin: 24px auto; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 24px; }
  .app { display: flex; gap: 12px; align-items: center; margin-bottom: 16px; }
  .logo { width: 48px; height: 48px; border-radius: 12px; background: #13235b; color: #fff; display: grid; place-items: center; font-weight: 700; }
  h1 { font-size: 18px; margin: 0; }
  .scopes { color: #606770; margin: 0 0 16px; }
  label { display: block; margin: 0 0 12px; font-size: 14px; color: #444; }
  label input[type=email], label input[type=text] { display: block; width: 100%; box-sizing: border-box; margin-top: 4px; padding: 10px 12px; font-size: 15px; border: 1px solid #ccd0d5; border-radius: 8px; }
  .tick { display: flex; gap: 8px; align-items: center; }
  .note { background: #f0f2f5; border-radius: 8px; padding: 8px 12px; font-size: 13px; color: #606770; }
  .buttons { display: flex; gap: 12px; margin-top: 20px; }
  button { flex: 1; padding: 12px; font-size: 15px; font-weight: 600; border-radius: 8px; border: 0; cursor: pointer; }
  .allow { background: ${b.colour}; color: ${b.text}; }
  .deny { background: #e4e6eb; color: #1c1e21; }
</style></head>
<body>
<div class="bar">${escapeHtml(b.wordmark)}</div>
<div class="sandbox">Sandbox identity provider: stands in for ${escapeHtml(b.label)} on this development server. No real account is used.</div>
<form class="card" method="post" action="${escapeHtml(sandboxAuthorizePath(provider))}">
  <div class="app"><div class="logo">W</div><div><h1>Wings Airways</h1><div class="scopes">wants to sign you in with ${escapeHtml(b.label)}</div></div></div>
  <p class="scopes">Wings Airways will receive ${escapeHtml(b.scopes)}.</p>
  <input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
  <input type="hidden" name="state" value="${escapeHtml(state)}">
  <label>Name<input type="text" name="name" autocomplete="off" placeholder="${wechat ? '旅行者' : 'Sok Dara'}"></label>
  ${emailFields}
  <div class="buttons">
    <button class="deny" type="submit" name="decision" value="deny">Deny</button>
    <button class="allow" type="submit" name="decision" value="allow">Allow</button>
  </div>
</form>
</body></html>`;
}

const AUTO_SUBMIT = 'document.forms[0].submit()';
/** The page's one inline script, allowed by its hash and nothing else (the app's CSP allows none). */
const FORM_POST_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(AUTO_SUBMIT).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** Apple's response_mode=form_post: a page that posts the answer to the callback at once. */
function formPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Signing in…</title></head>
<body><form method="post" action="${escapeHtml(action)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form><script>${AUTO_SUBMIT}</script></body></html>`;
}
