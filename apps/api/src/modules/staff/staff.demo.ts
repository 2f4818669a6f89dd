import type { DemoStaff } from './staff.service';

/**
 * The demo staff of a development database (docs/operations.md): one member per role, all with
 * the same known password and the same known TOTP secret, so a developer (with any
 * authenticator app) and the browser journeys (computing codes) can sign in. Never in production.
 */
export const DEMO_STAFF_DOMAIN = 'demo.wings-airways.test';
export const DEMO_STAFF_PASSWORD = 'Console2026';
/** Base32, 20 bytes: type it into an authenticator app, or compute codes with otplib. */
export const DEMO_STAFF_TOTP_SECRET = 'WINGSDEMOSTAFFTOTPSECRETXXKHPPNH';

export const DEMO_STAFF: readonly DemoStaff[] = [
  { role: 'admin', email: `admin@${DEMO_STAFF_DOMAIN}`, name: 'Demo Admin' },
  { role: 'agent', email: `agent@${DEMO_STAFF_DOMAIN}`, name: 'Demo Agent' },
  { role: 'finance', email: `finance@${DEMO_STAFF_DOMAIN}`, name: 'Demo Finance' },
  { role: 'auditor', email: `auditor@${DEMO_STAFF_DOMAIN}`, name: 'Demo Auditor' },
  { role: 'content_editor', email: `editor@${DEMO_STAFF_DOMAIN}`, name: 'Demo Content Editor' },
];
