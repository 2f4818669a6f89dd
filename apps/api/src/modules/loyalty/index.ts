/**
 * Loyalty: the public face of the module (docs/architecture.md). The member programme's members,
 * their sessions, records and photos (issue 17); the mileage module (issue 18) reads members and
 * their sessions here and gives the member home its figures (`useMileage`). Other
 * modules and app.ts import only this file.
 */

/** The module's Fastify plugin (app.ts registers it after accounts, before booking). */
export { loyaltyModule } from './loyalty.module';
/** The member session of a member-layer request, for other modules' member calls (the mileage module). */
export { type MemberCaller, memberOf, optionalMemberOf } from './member-session';
export type {
  MemberLevelCode,
  MembersService,
  MileageMember,
  MileageReader,
} from './members.service';
