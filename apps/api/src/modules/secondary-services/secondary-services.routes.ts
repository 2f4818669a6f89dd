import {
  envelope,
  Language,
  ZAddonCreateOrderReply,
  ZAddonCreateOrderRequest,
  ZAddonInfoListReply,
  ZAddonInfoListRequest,
  ZAddonInsurancePriceRequest,
  ZAddonOrderState,
  ZAddonPayUrlRequest,
  ZAddonSeatDetailsRequest,
  ZAddonUpdateStatusRequest,
  ZAddonWechatRequest,
  ZInsurancePriceResponse,
  ZJsPrepayOrderResponse,
  ZPayUrlResponse,
  ZSeatMap,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import type { PurposeKeys } from '../../platform/secrets';
import type { SecondaryServices } from './secondary-services.service';

const tags = ['add-ons after ticketing'];
const BASE = '/ca/caweb/backend/secondaryIncrService';
const ACCESS =
  "For the ticketed order's logged-in owner (`token` header); a guest order needs its grant in the `orderToken` header (as ticket detail). Anyone else is answered 404, as for an unknown order.";

/**
 * The add-on calls after ticketing (booking-and-account.md §7 secondaryIncrService, all POST),
 * on the main layer (access token). docs/api.md, "Add-ons (issue 14): after ticketing".
 */
export function secondaryServicesRoutes(deps: {
  service: SecondaryServices;
  grantKeys: PurposeKeys;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { service, grantKeys } = deps;
  return async (app) => {
    app.post(
      `${BASE}/infoList`,
      {
        schema: {
          tags,
          summary: 'What each ticketed passenger can buy now, and what they already have',
          description: `${ACCESS} Per passenger (or the one of seq) and leg: the seat, extra kilograms and priority boarding they have, what can be bought with the prices (the order's currency), and why not (bar.reason: not_ticketed, flown, within_24h with the departure time, infant); insurance (the policy they have, or why it cannot be bought); serviceBars: an add-on order waiting for payment (pending) or the 15-minute block after an abandoned payment (blocked, with opensAt); their paid and unpaid add-on orders with EMD numbers.`,
          body: ZAddonInfoListRequest,
          response: { 200: envelope(ZAddonInfoListReply) },
        },
      },
      async (request) =>
        ok(await service.infoList(request.body, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${BASE}/seatDetailsInfo`,
      {
        schema: {
          tags,
          summary: "A leg's seat map for one ticketed passenger (their seat rules shown)",
          description: `${ACCESS} The map of getSeatLeaveInfo with the passenger as its party: the seats the seat rules bar them from (age, the infant on their lap) carry the bar; their current seat is marked taken. 660 within 24 hours of departure; 400 naming seq (not ticketed, an infant) or leg (no such leg, flown).`,
          body: ZAddonSeatDetailsRequest,
          response: { 200: envelope(ZSeatMap) },
        },
      },
      async (request) =>
        ok(await service.seatDetails(request.body, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${BASE}/createOrder`,
      {
        schema: {
          tags,
          summary:
            'Make an add-on order: a seat, extra baggage, priority boarding or insurance for a ticketed passenger',
          description: `${ACCESS} Priced by the server (the catalogue in the order's currency; the insurer for the rest of the trip); reply orderNo (the add-on order's number, also secOrderNo), totalAmt and payDeadline (15 minutes). A seat is held at once (640 when another order has it). The same idempotencyKey answers the same add-on order; under another request 615. Codes: 660 within 24 hours of departure, 661 blocked for 15 minutes after an abandoned payment (data.opensAt), 662 an add-on order of this service is waiting for payment (data.secOrderNo), 650 insurance not available, 400 naming each bad field.`,
          body: ZAddonCreateOrderRequest,
          response: { 200: envelope(ZAddonCreateOrderReply) },
        },
      },
      async (request) =>
        ok(await service.createOrder(request.body, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${BASE}/payUrl`,
      {
        schema: {
          tags,
          summary: 'Start paying an add-on order (as payment/getPayUrl)',
          description: `${ACCESS.replace('404', '204')} As payment/getPayUrl for the add-on order: the gateways send the traveller back to ticket detail of the ticketed order. Codes: 613 already paid, 301 its 15 minutes are over (or it was abandoned), 204 unknown, 622, 623, 500 as getPayUrl.`,
          body: ZAddonPayUrlRequest,
          response: { 200: envelope(ZPayUrlResponse) },
        },
      },
      async (request) =>
        ok(
          await service.payUrl(request.body, actorOf(request, grantKeys, deps.now()), {
            clientIp: request.ip,
            language: Language[request.lang],
          }),
        ),
    );

    app.post(
      `${BASE}/getInsurancePrice`,
      {
        schema: {
          tags,
          summary: "A plan's price for the rest of a ticketed passenger's trip",
          description: `${ACCESS} The cover runs from the next departure's local date to the last arrival's; 660 within 24 hours of the next departure; 400 naming insuranceType when the plan does not sell that trip; 650 insurance not available.`,
          body: ZAddonInsurancePriceRequest,
          response: { 200: envelope(ZInsurancePriceResponse) },
        },
      },
      async (request) =>
        ok(await service.insurancePrice(request.body, actorOf(request, grantKeys, deps.now()))),
    );

    app.post(
      `${BASE}/updateOrderStatus`,
      {
        schema: {
          tags,
          summary: 'The traveller gave an add-on payment up (abandoned), or asks its pay state (check)',
          description: `${ACCESS} abandoned: an unpaid add-on order is canceled, its seat freed, and the same purchase for the passenger is refused for 15 minutes (opensAt); a payment arriving later takes it back while its seat is free, else it is refunded. check: a pending payment is first asked of its gateway. Answers the add-on order's status, payStatus (0 unpaid, 1 paid, 2 canceled), its latest payment's status and its EMD numbers.`,
          body: ZAddonUpdateStatusRequest,
          response: { 200: envelope(ZAddonOrderState) },
        },
      },
      async (request) =>
        ok(await service.updateStatus(request.body, actorOf(request, grantKeys, deps.now()))),
    );

    app.post(
      `${BASE}/updateOrderStatus/weChat`,
      {
        schema: {
          tags,
          summary: 'Pay an add-on order with WeChat Pay inside the mini-program: the pay parameters',
          description: `${ACCESS} As pay/payment/wechat/jsPrepayOrder for the add-on order: with openid, clientParams for wx.requestPayment (JSAPI); without, an H5 checkoutUrl. The amount is converted to CNY fen at the rate in force. Codes: 613 already paid, 301 expired or abandoned, 404 unknown, 621 no rate, 620 WeChat Pay not configured.`,
          body: ZAddonWechatRequest,
          response: { 200: envelope(ZJsPrepayOrderResponse) },
        },
      },
      async (request) =>
        ok(await service.wechatPay(request.body, actorOf(request, grantKeys, deps.now()), request.ip)),
    );
  };
}
