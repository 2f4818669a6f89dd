import { ZWechatPayParams } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../platform/access';
import type { PurposeKeys } from '../../../platform/secrets';
import type { ExchangeRates } from '../../exchange-rates';
import type { PaymentsService } from '../payments.service';
import { type WechatPaymentsPort, wechatRoutes } from './wechat.routes';
import { WechatOfficialAccount, type WechatOfficialAccountConfig } from './wechat-official-account';

/**
 * The WeChat calls of the payments module under /api (the WeChat Pay gateway itself and the
 * exchange rates it charges CNY at, spec §9, are given to the service when it is built).
 */
export function registerWechat(
  app: FastifyInstance,
  deps: {
    /** The official account's keys (the WeChat login's), null when WeChat is not configured. */
    officialAccount: WechatOfficialAccountConfig | null;
    /** The order-grant keys: a guest pays with the grant of its order. */
    grantKeys: PurposeKeys;
    now: () => Date;
    service: PaymentsService;
    rates: ExchangeRates;
  },
): void {
  const { grantKeys, service, rates } = deps;
  const officialAccount = deps.officialAccount
    ? new WechatOfficialAccount(deps.officialAccount, deps.now)
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
