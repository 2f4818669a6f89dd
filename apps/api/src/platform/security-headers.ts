import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config';

/**
 * The security headers of every reply (issue 9), through `@fastify/helmet`:
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
export function securityHeaders(config: Config): FastifyHelmetOptions {
  const production = config.env === 'production';
  const formAction = ["'self'"];
  if (config.payments.aba) formAction.push(new URL(config.payments.aba.apiUrl).origin);
  return {
    global: true,
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
