import {
  envelope,
  type JsPrepayOrderResponse,
  type PayStatus,
  ZConvertAmountRequest,
  ZConvertAmountResponse,
  ZExchangeRateRequest,
  ZExchangeRateResponse,
  ZGetSignRequest,
  ZGetSignResponse,
  ZJsPrepayOrderRequest,
  ZJsPrepayOrderResponse,
  ZOpenidResponse,
  ZPayStatus,
  ZQueryWechatOrderQuery,
} from '@wings/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../../platform/access';
import { ok } from '../../../platform/envelope';
import { AppError } from '../../../platform/errors';
import { convertMinor, type ExchangeRates, type Rate } from '../../exchange-rates';
import type { WechatOfficialAccount } from './wechat-official-account';

/** What these routes ask of the payments service (modules/payments). */
export interface WechatPaymentsPort {
  /** A new WeChat payment of the caller's unpaid order: JSAPI parameters with an openid, else an H5 URL. */
  startWechatPayment(
    orderNo: string,
    actor: Actor,
    payer: { clientIp: string; openid?: string },
  ): Promise<JsPrepayOrderResponse>;
  /** Asks WeChat Pay about the order's latest WeChat payment, applies a success, answers the pay status. */
  reconcileWechat(orderNo: string, actor: Actor): Promise<PayStatus>;
}

const tags = ['payment (WeChat)'];

function rateReply(r: Rate) {
  return {
    originCurrency: r.base as 'USD' | 'CNY' | 'KHR',
    destinationCurrency: r.quote as 'USD' | 'CNY' | 'KHR',
    exchangeRate: r.rateMicros / 1_000_000,
    rateMicros: r.rateMicros,
    effectiveAt: r.effectiveAt.toISOString(),
  };
}

/**
 * The WeChat payment calls (booking-and-account.md §4 mini-program payment flow, §7 Payment
 * (WeChat)) under /api. `officialAccount` is null where WECHAT_APP_ID/SECRET are not set: the
 * calls that need it answer 620 close_tips.
 */
export function wechatRoutes(deps: {
  payments: WechatPaymentsPort;
  rates: ExchangeRates;
  officialAccount: WechatOfficialAccount | null;
  /** Who asks (platform/access.ts): the logged-in traveller or a guest, with the order grant sent. */
  actorOf: (request: FastifyRequest) => Actor;
}): FastifyPluginAsyncZod {
  const { payments, rates } = deps;
  const officialAccount = () => {
    if (!deps.officialAccount) throw new AppError('featureNotOpen');
    return deps.officialAccount;
  };
  return async (app) => {
    app.post(
      '/pay/payment/wechat/exchangeRate',
      {
        schema: {
          tags,
          summary: 'The exchange rate in force between two currencies, and an amount converted at it',
          description:
            'Defaults to USD → CNY, the conversion WeChat Pay charges at (spec §9). exchangeRate is for display; rateMicros is exact (× 1,000,000). With amount (whole minor units of originCurrency, 0 to 1,000,000,000,000) the reply also has amount and amountResult: whole minor units of destinationCurrency at the rate in force, rounded half up, exactly as convertAmount and the WeChat payment convert. An amount that is not a whole, non-negative number of minor units is answered 400 naming amount. Code 621 when no rate is filed.',
          body: ZExchangeRateRequest,
          response: { 200: envelope(ZExchangeRateResponse) },
        },
      },
      async (request) => {
        const { amount, originCurrency, destinationCurrency } = request.body;
        const r = await rates.rate(originCurrency, destinationCurrency);
        if (amount === undefined) return ok(rateReply(r));
        return ok({
          ...rateReply(r),
          amount,
          amountResult: convertMinor(amount, r.ratio, originCurrency, destinationCurrency),
        });
      },
    );

    app.post(
      '/pay/payment/wechat/convertAmount',
      {
        schema: {
          tags,
          summary: 'Convert an amount (the member flow’s convertAmount)',
          description:
            'amount in whole minor units (cents) of originCurrency; amountResult in whole minor units (fen) of destinationCurrency at the rate in force, rounded half up — the amount WeChat Pay is asked for. Code 621 when no rate is filed.',
          body: ZConvertAmountRequest,
          response: { 200: envelope(ZConvertAmountResponse) },
        },
      },
      async (request) => {
        const { amount, originCurrency, destinationCurrency } = request.body;
        const r = await rates.rate(originCurrency, destinationCurrency);
        return ok({
          ...rateReply(r),
          amount,
          amountResult: convertMinor(amount, r.ratio, originCurrency, destinationCurrency),
        });
      },
    );

    app.post(
      '/pay/payment/wechat/jsPrepayOrder/:orderNo',
      {
        schema: {
          tags,
          summary: 'Pay an order with WeChat Pay: the in-app pay parameters (getPayParams)',
          description:
            'For an unpaid order before its deadline, of the logged-in owner (`token` header); a guest order needs its grant in the `orderToken` header (the `orderToken` saveTicketOrder answered with, or the look-up’s `accessToken`). With openid (the payer inside WeChat, from getOpenid) answers clientParams for wx.requestPayment / WeixinJSBridge (JSAPI, signType RSA); without, an H5 checkoutUrl for other mobile browsers. The amount is the order total converted to CNY fen at the rate in force. The optional orderType header (spec §4: 1 change order, 3 add-on order) is accepted; every order is found by its number. Codes: 613 already paid, 301 expired, 404 unknown order (also another user’s order, or a guest order without a valid grant), 621 no rate, 620 WeChat Pay not configured.',
          params: z.object({ orderNo: z.string().trim().min(1).max(40) }),
          headers: z.object({ ordertype: z.string().max(8).optional() }),
          body: ZJsPrepayOrderRequest.optional(),
          response: { 200: envelope(ZJsPrepayOrderResponse) },
        },
      },
      async (request) =>
        ok(
          await payments.startWechatPayment(request.params.orderNo, deps.actorOf(request), {
            clientIp: request.ip,
            ...(request.body?.openid ? { openid: request.body.openid } : {}),
          }),
        ),
    );

    app.get(
      '/pay/payment/wechat/queryOrder',
      {
        schema: {
          tags,
          summary: 'Ask WeChat Pay about an order’s payment (queryWechatPayOrder)',
          description:
            'For the order’s logged-in owner, or a guest order with its grant in the `orderToken` header (as jsPrepayOrder); anyone else answers 404, as for an unknown order. Queries WeChat Pay for the order’s latest WeChat payment and, when it has succeeded, applies it (exactly once, like its notification) before answering the pay status: status 0 unpaid, 1 paid, 2 canceled; paymentStatus; ticketsIssued.',
          querystring: ZQueryWechatOrderQuery,
          response: { 200: envelope(ZPayStatus) },
        },
      },
      async (request) => ok(await payments.reconcileWechat(request.query.orderNo, deps.actorOf(request))),
    );

    app.post(
      '/pay/payment/wechat/getSign',
      {
        schema: {
          tags,
          summary: 'The WeChat JS-SDK config signature of a page',
          description:
            'appId, timestamp, nonceStr and signature for wx.config: SHA-1 over jsapi_ticket, noncestr, timestamp and the page url without its #fragment. Code 620 close_tips when WeChat is not configured; 503 when WeChat cannot be reached.',
          body: ZGetSignRequest,
          response: { 200: envelope(ZGetSignResponse) },
        },
      },
      async (request) => ok(await officialAccount().sign(request.body.url)),
    );

    app.get(
      '/travelsky/thirdoauth/wechat/getOpenid/:code',
      {
        schema: {
          tags,
          summary: 'The payer’s openid from a WeChat OAuth code',
          description:
            'Exchanges the code of a WeChat authorization (snsapi_base) for the openid, which jsPrepayOrder takes. Code 4010 oauth_failed when WeChat refuses the code; 620 when WeChat is not configured.',
          params: z.object({ code: z.string().trim().min(1).max(256) }),
          response: { 200: envelope(ZOpenidResponse) },
        },
      },
      async (request) => ok({ openid: await officialAccount().openid(request.params.code) }),
    );
  };
}
