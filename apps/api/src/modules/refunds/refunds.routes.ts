import {
  envelope,
  ZCreateRefundRequest,
  ZFlightTimeCheckResponse,
  ZPassengerTicketCheckRequest,
  ZPassengerTicketCheckResponse,
  ZRefundListRequest,
  ZRefundListResponse,
  ZRefundNoRequest,
  ZRefundOrderQuery,
  ZRefundOrderView,
  ZRefundPassengersResponse,
  ZRefundQuote,
  ZRefundQuoteRequest,
  ZRefundReasonListRequest,
  ZRefundReasonListResponse,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import type { PurposeKeys } from '../../platform/secrets';
import type { RefundsService } from './refunds.service';

const tags = ['refunds'];
const BASE = '/travelsky/refund';
const ACCESS =
  "For the order's logged-in owner (`token` header), a member who linked the order, or a guest holding the order's full grant (order number + document number, `orderToken` header); anyone else, a limited grant (PNR + surname) included, is answered 670.";

/**
 * The online refund calls (after-sales §7, all POST under /travelsky/refund/), on the main layer.
 * docs/api.md, "Refunds (issue 15)".
 */
export function refundsRoutes(deps: {
  service: RefundsService;
  grantKeys: PurposeKeys;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { service, grantKeys } = deps;
  return async (app) => {
    app.post(
      `${BASE}/flightTimeCheck`,
      {
        schema: {
          tags,
          summary: 'May the order be refunded online at all (request-no-tips)',
          description: `${ACCESS} The order-level blocks of §5 in the order they are told (unpaid, not_ticketed, infant, china_route, fare, flight_expired, within_4h), each with its message ({phone} filled), the first as block.`,
          body: ZRefundOrderQuery,
          response: { 200: envelope(ZFlightTimeCheckResponse) },
        },
      },
      async (request) =>
        ok(
          await service.flightTimeCheck(
            request.body.orderNo,
            actorOf(request, grantKeys, deps.now()),
            request.lang,
          ),
        ),
    );

    app.post(
      `${BASE}/queryPassengerInfo`,
      {
        schema: {
          tags,
          summary: "The order's passengers, each refundable or why not",
          description: `${ACCESS} Per passenger: ticket number, age at the first departure, refundable, and the block (their own: used, refunding, refunded, not_ticketed; else the order's).`,
          body: ZRefundOrderQuery,
          response: { 200: envelope(ZRefundPassengersResponse) },
        },
      },
      async (request) =>
        ok(
          await service.passengers(
            request.body.orderNo,
            actorOf(request, grantKeys, deps.now()),
            request.lang,
          ),
        ),
    );

    app.post(
      `${BASE}/pasngerTicketCheck`,
      {
        schema: {
          tags,
          summary: 'Check the chosen passengers (request-refund-passenger)',
          description: `${ACCESS} 678 none chosen; 679 minors would stay without enough adults of 18+ (params.adultCount); 672-677 a block of the order ({phone}); 673 a used or checked-in ticket; 684 a ticket already being refunded; 680 not ticketed or refunded. adultCount: the adults of 18+ staying.`,
          body: ZPassengerTicketCheckRequest,
          response: { 200: envelope(ZPassengerTicketCheckResponse) },
        },
      },
      async (request) =>
        ok(await service.checkPassengers(request.body, actorOf(request, grantKeys, deps.now()))),
    );

    app.post(
      `${BASE}/getUserReasonList`,
      {
        schema: {
          tags,
          summary: 'The refund reasons (personal, flight) in the caller language',
          description:
            'coveredByUpgrade: the Enhanced Refundable Ticket refunds in full for it (a flight reason refunds without fee for everyone).',
          body: ZRefundReasonListRequest,
          response: { 200: envelope(ZRefundReasonListResponse) },
        },
      },
      async (request) => ok(service.reasons(request.lang)),
    );

    app.post(
      `${BASE}/refundSchedule`,
      {
        schema: {
          tags,
          summary: 'The refund quote of the chosen passengers and reason (refund-amount-detail)',
          description: `${ACCESS} Per passenger and segment: fare, taxes, fee (Grand 30, Basic 50, WingsFlex/Premium 0 per passenger and segment; none for a flight reason or the upgrade's reasons), no-show fee, refund; the booking's add-ons; shouldRefund, handlingFee, actual. Nothing is stored. Errors as pasngerTicketCheck, and 675/676 for a China route or a fare that is not refundable.`,
          body: ZRefundQuoteRequest,
          response: { 200: envelope(ZRefundQuote) },
        },
      },
      async (request) => ok(await service.quote(request.body, actorOf(request, grantKeys, deps.now()))),
    );

    app.post(
      `${BASE}/createRefund`,
      {
        schema: {
          tags,
          summary: 'Make a draft refund order with its quote (request-refund-confirm)',
          description: `${ACCESS} Priced again here; the draft is confirmed by confirmRefund within 30 minutes (expiresAt). The same idempotencyKey (or Idempotency-Key header) answers the same draft; under another request 681. Errors as refundSchedule.`,
          body: ZCreateRefundRequest,
          response: { 200: envelope(ZRefundOrderView) },
        },
      },
      async (request) => {
        const header = request.headers['idempotency-key'];
        return ok(
          await service.create(
            request.body,
            Array.isArray(header) ? header[0] : header,
            actorOf(request, grantKeys, deps.now()),
            request.lang,
          ),
        );
      },
    );

    app.post(
      `${BASE}/confirmRefund`,
      {
        schema: {
          tags,
          summary: 'Submit the draft to audit (request-refund-result)',
          description: `${ACCESS} The rules are checked again now; the quote is applied as confirmed. The tickets become refunding (684: another refund got a ticket first). A flight-reason refund of a flight the airline canceled or retimed is approved at once. Confirming again answers the refund as it is; 683 a draft past its 30 minutes; 682 no such refund.`,
          body: ZRefundNoRequest,
          response: { 200: envelope(ZRefundOrderView) },
        },
      },
      async (request) =>
        ok(
          await service.confirm(request.body.refundNo, actorOf(request, grantKeys, deps.now()), request.lang),
        ),
    );

    app.post(
      `${BASE}/getRefundList`,
      {
        schema: {
          tags,
          summary: "The caller's refund orders (refund-order-list)",
          description:
            "A member: the refunds of their orders and those they asked for on linked orders; with orderNo, that order's (access as the other calls). A guest: the refunds of the order of their full grant. Status, amounts and the next step with its promise.",
          body: ZRefundListRequest,
          response: { 200: envelope(ZRefundListResponse) },
        },
      },
      async (request) =>
        ok(await service.list(request.body, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${BASE}/getRefundDetail`,
      {
        schema: {
          tags,
          summary: 'One refund order with its full timeline (refund-order-detail; our addition)',
          description: `${ACCESS} 682 for a refund the caller may not read, as for an unknown number.`,
          body: ZRefundNoRequest,
          response: { 200: envelope(ZRefundOrderView) },
        },
      },
      async (request) =>
        ok(
          await service.detail(request.body.refundNo, actorOf(request, grantKeys, deps.now()), request.lang),
        ),
    );
  };
}
