/**
 * Loyalty: the public face of the module (docs/architecture.md). The member programme's members,
 * their sessions, records and photos (issue 17); the mileage ledger later (issue 18). Other
 * modules and app.ts import only this file.
 */

/** The module's Fastify plugin (app.ts registers it after accounts, before booking). */
export { loyaltyModule } from './loyalty.module';
export type { MembersService } from './members.service';
