import { defineModule, type ModuleOptions } from '../../platform/module';
import { loyaltyAdminRoutes } from './loyalty.admin-routes';
import type { LoyaltyConfig } from './loyalty.config';
import { registerLoyaltyJobs } from './loyalty.jobs';
import type { LoyaltyContext } from './loyalty-context';
import { createMemberFiles } from './member-files';
import { memberSessionHook } from './member-session';
import { membersRoutes } from './members.routes';
import { createMembersService, type MembersService } from './members.service';
import { memberRecordsRoutes } from './records.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The member programme: booking asks it for the card number a passenger flies on. */
    loyalty: MembersService;
  }
}

/**
 * The loyalty module (issue 17): the member layer `/api/fqt` (member sign-in, codes, registration
 * and its audit, the member home, profile, settings and passwords), the member's records
 * (contacts, identity documents, addresses, beneficiaries) and their photos, and the console's
 * audit queues, member search and blocks. Decorates `app.loyalty`.
 */
export const loyaltyModule = defineModule<ModuleOptions<LoyaltyConfig>>(
  'loyalty',
  ['accounts', 'network'],
  async (app, { platform, config }) => {
    const ctx: LoyaltyContext = { platform, config, accounts: app.accounts, hubZone: app.network.hubZone };
    const files = createMemberFiles(ctx);
    const members = createMembersService(ctx, files);
    app.decorate('loyalty', members);
    // Every member-layer request: the vipToken header's session, when there is one.
    app.layers.authenticate('member', memberSessionHook(members));
    app.layers.add('member', membersRoutes(ctx, members));
    app.layers.add('member', memberRecordsRoutes(ctx, { members, files }));
    app.layers.add('staff', loyaltyAdminRoutes(ctx, { members, files }));
    registerLoyaltyJobs(ctx, { members, files });
  },
);
