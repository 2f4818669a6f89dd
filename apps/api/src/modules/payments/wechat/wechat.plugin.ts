import { ZWechatPayParams } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { actorOf } from '../../../platform/access';
import { serverKeys } from '../../../platform/secrets';
import type { ExchangeRates } from '../../exchange-rates';
import type { PaymentsService } from '../payments.service';
import { type WechatPaymentsPort, wechatRoutes } from './wechat.routes';
import { WechatOfficialAccount } from './wechat-official-account';

/**
 * The WeChat calls of the payments module under /api (the WeChat Pay gateway itself and the
 * exchange rates it charges CNY at, spec §9, are given to the service when it is built).
 */
export async function registerWechat(
  app: FastifyInstance,
  deps: { config: Config; now: () => Date; service: PaymentsService; rates: ExchangeRates },
): Promise<void> {
  const { config, service, rates } = deps;
  const officialAccount = config.oauth.wechat
    ? new WechatOfficialAccount(config.oauth.wechat, deps.now)
    : null;
  const payments: WechatPaymentsPort = {
    async startWechatPayment(orderNo, caller, payer) {
      const started = await service.startPayment(orderNo, 'wechat', caller, payer);
      return {
        ...started,
        clientParams: started.clientParams ? ZWechatPayParams.parse(started.clientParams) : null,
      };
    },
    // The pay status asks the gateway about a pending payment first and applies a success.
    reconcileWechat: (orderNo, caller) => service.status(orderNo, caller),
  };
  const grantKeys = serverKeys(config).orderGrant;
  app.layers.add(
    'main',
    wechatRoutes({
      payments,
      rates,
      officialAccount,
      actorOf: (request) => actorOf(request, grantKeys, deps.now()),
    }),
  );
}
