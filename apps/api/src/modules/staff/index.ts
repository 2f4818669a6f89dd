/**
 * Staff: the public face of the module (docs/architecture.md). Staff accounts and roles, sign-in
 * with a password and a TOTP second factor, staff sessions (the /api/admin cookie) and the
 * audit log's reads (issue 13). Other modules, app.ts, main.ts and scripts import only this file.
 */

/** The demo staff of a development database (docs/operations.md), printed in the start banner. */
export { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from './staff.demo';
/** The module's Fastify plugin (app.ts registers it; docs/decisions.md, issue 11). */
export { type StaffSettings, staffModule } from './staff.module';
/** What `npm run staff:create` builds the service from. */
export { StaffRepository } from './staff.repository';
export { STAFF_COOKIE, STAFF_COOKIE_PATH } from './staff.routes';
/** The code an authenticator shows for a secret at an instant (tests and the browser journeys). */
export { totpCode } from './staff.secrets';
export { type CreateStaffInput, STAFF_LIMITS, StaffService } from './staff.service';
