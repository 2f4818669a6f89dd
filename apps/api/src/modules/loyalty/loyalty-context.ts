import type { Platform } from '../../platform/module';
import type { AccountsService } from '../accounts';
import type { LoyaltyConfig } from './loyalty.config';

/**
 * What every part of the loyalty module is built from (loyalty.module.ts builds it once): the
 * platform (database, clock, mailer, SMS, file store, keys, audit log), the module's settings, the
 * accounts service (an app account joining the programme, its session on the register call) and
 * the hub's zone ("today" for the member rules is the airline's home date).
 */
export interface LoyaltyContext {
  platform: Platform;
  config: LoyaltyConfig;
  accounts: AccountsService;
  hubZone: string;
}
