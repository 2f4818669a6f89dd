import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * The security headers of every reply (issue 9), written by `helmet` (worked out once, below):
 * - a Content-Security-Policy the traveller app, the sandbox pages and the API docs pass with no
 *   violation (the browser journeys listen for violations): scripts only from this origin;
 *   inline styles allowed because antd-mobile writes style attributes and CSS variables at run
 *   time; images and fonts from this origin or data URIs (the captcha is one);
 * - no framing at all (`frame-ancestors 'none'` and `X-Frame-Options: DENY`): login, payment
 *   choice and the sandbox checkout must never sit inside someone else's page;
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
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
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

/** Every reply of `app` carries the security headers of `config`. */
export function addSecurityHeaders(app: FastifyInstance, config: Config): void {
  const values = securityHeaderValues(securityHeaders(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(values);
    done();
  });
}
