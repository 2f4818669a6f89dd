import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * The security headers of every page (issue 9): the traveller app and the pages under `/api`
 * (`isApiCall`), written by `helmet` (worked out once, below):
 * - a Content-Security-Policy the traveller app, the sandbox pages and the API docs pass with no
 *   violation (the browser journeys listen for violations): scripts only from this origin;
 *   inline styles allowed because antd-mobile writes style attributes and CSS variables at run
 *   time; images from this origin, data URIs (the captcha is one) and blob URLs (a member's document
 *   photos, fetched with the member's headers), fonts from this origin or data URIs;
 * - no framing of the app (`frame-ancestors 'none'` and `X-Frame-Options: DENY`): login, payment
 *   choice and the sandbox checkout must never sit inside someone else's page; the app itself
 *   frames only pages of its own origin (`frame-src 'self'`): the insurer's policy page
 *   (insurance-detail-external; the sandbox insurer's is served here, and a real insurer's page
 *   opens in the browser instead until its origin is added here);
 * - forms may post only here and, when ABA PayWay is configured, to its checkout host (the app
 *   posts PayWay's purchase form there);
 * - `Referrer-Policy: strict-origin-when-cross-origin`: a gateway sees which site sent the
 *   traveller (PayWay checks it against the merchant's whitelisted domain), never the page path;
 * - HSTS for a year, and upgrade of insecure requests, in production only (development runs on
 *   plain http://localhost).
 */
export function securityHeaders(config: Config): HelmetOptions {
  const production = config.env === 'production';
  const formAction = ["'self'"];
  if (config.payments.aba) formAction.push(new URL(config.payments.aba.apiUrl).origin);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the member's document photos, read with the member's headers and shown from memory (issue 17).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction,
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The security headers of the API's JSON replies: what a reply that is data, never a page, needs
 * (OWASP's REST Security Cheat Sheet): a policy that lets it load and run nothing and sit in no
 * frame (`default-src 'none'; frame-ancestors 'none'`), `nosniff` so it is never read as a
 * script or a page, `X-Frame-Options: DENY` for browsers without frame-ancestors, the referrer
 * policy, `Cross-Origin-Resource-Policy: same-origin` so no other site's page can pull it in, and
 * HSTS in production. The page-only headers (the app's long policy, the opener and agent-cluster
 * policies, the old IE and Flash ones) are left off: on every call they were 650 bytes and a
 * tenth of a cached search's CPU (issue 12).
 */
export function apiSecurityHeaders(config: Config): HelmetOptions {
  const production = config.env === 'production';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The pages served under `/api` (the API's documentation, the development mailbox, the sandbox
 * sign-in and checkout pages): they get the pages' headers, like the traveller app at `/`.
 */
const PAGES_UNDER_API = ['/api/docs', '/api/dev/', '/api/pay/sandbox/'];

/** Whether a request's reply is one of the API's JSON replies (not a page): by its path. */
export function isApiCall(url: string): boolean {
  return url.startsWith('/api/') && !PAGES_UNDER_API.some((prefix) => url.startsWith(prefix));
}

/**
 * The headers `helmet` writes for these options, worked out once at start-up: they depend on
 * the configuration only, never on the request (no CSP nonces), so every reply gets the same
 * values without building and parsing the policy again per request (@fastify/helmet did, about
 * a tenth of a cached search's CPU). A route that needs its own policy (the sandbox pages, the
 * dev mailbox) sets its header in its handler, which replaces this one.
 */
export function securityHeaderValues(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  // helmet's middleware runs synchronously and calls `next` once it has written every header.
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish writing the security headers synchronously');
  return headers;
}

/** Every reply of `app` carries the security headers of `config`: a page's, or a JSON reply's. */
export function addSecurityHeaders(app: FastifyInstance, config: Config): void {
  const pages = securityHeaderValues(securityHeaders(config));
  const api = securityHeaderValues(apiSecurityHeaders(config));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiCall(request.url) ? api : pages);
    done();
  });
}
