import type { Platform } from '../../platform/module';
import type { MembersService } from '../loyalty';
import type { Network } from '../network';

/**
 * What every part of the mileage module is built from (mileage.module.ts builds it once): the
 * platform (database, clock, mailer, jobs, audit log), the members (loyalty: who a member is, their
 * tier, their e-mail), and the network (airports' coordinates for distances, routes, the hub's
 * zone: bills, expiry and "today" are the airline's home dates).
 */
export interface MileageContext {
  platform: Platform;
  members: Pick<MembersService, 'mileageMember' | 'mileageMemberByCard' | 'mainEmail' | 'setLevel'>;
  network: Pick<Network, 'airportsAndRoutes' | 'hubZone'>;
}
