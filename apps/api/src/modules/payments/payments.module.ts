import type { Config } from '../../config';
import { defineModule, type ModuleOptions } from '../../platform/module';
import type { PayableOwner } from './payables';
import { paymentsPlugin } from './payments.routes';

/**
 * The payments module's options: the owners of the kinds of payable it pays (booking's `order`),
 * and still the whole configuration: paymentsPlugin reads its slice (config.payments) and also the
 * mode, the public address, the server secret and the WeChat login keys (config.oauth.wechat);
 * narrowing it to its slice plus the platform is left to the payments module.
 */
export interface PaymentsModuleOptions extends ModuleOptions<Config> {
  owners: PayableOwner[];
}

/**
 * The payments module: pays payables through the gateways, refunds, reconciles; it depends on no
 * selling module: each owner of a kind of payable is handed to it (app.ts). Decorates
 * `app.payments`.
 */
export const paymentsModule = defineModule<PaymentsModuleOptions>(
  'payments',
  [],
  async (app, { platform, config, owners }) => {
    await app.register(
      paymentsPlugin({ config, db: platform.db, jobs: platform.jobs, now: platform.now, owners }),
    );
  },
);
