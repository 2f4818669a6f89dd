import { ZWechatPayParams } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../platform/db';
import { WechatPayGateway } from '../../../platform/payments/wechat/wechat-pay.gateway';
import { createExchangeRates, type ExchangeRates } from '../../exchange-rates';
import type { PaymentsService } from '../payments.service';
import { type WechatPaymentsPort, wechatRoutes } from './wechat.routes';
import { WechatOfficialAccount } from './wechat-official-account';

/**
 * WeChat for the payments module: the WeChat Pay gateway when WECHAT_PAY_* is configured, the
 * exchange rates as the service's currency conversion (WeChat Pay charges CNY, spec §9), and
 * the WeChat calls under /api.
 */
export async function registerWechat(
  app: FastifyInstance,
  deps: { config: Config; db: Db; now: () => Date; service: PaymentsService },
): Promise<{ rates: ExchangeRates }> {
  const { config, service } = deps;
  const rates = createExchangeRates(deps.db, deps.now);
  service.setConverter((amount, from, to) => rates.convert(amount, from, to));
  if (config.wechatPay) {
    const gateway = new WechatPayGateway(config.wechatPay, { now: deps.now });
    service.gateways.set(gateway.name, gateway);
  }
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
  await app.register(wechatRoutes({ payments, rates, officialAccount }), { prefix: '/api' });
  return { rates };
}
