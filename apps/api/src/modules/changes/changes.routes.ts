import {
  envelope,
  ZChangeFlightsRequest,
  ZChangeFlightsResponse,
  ZChangeNoParams,
  ZChangeOrderListRequest,
  ZChangeOrderListResponse,
  ZChangeOrderQuery,
  ZChangeOrderView,
  ZCheckChangeOrderRequest,
  ZCheckChangeResponse,
  ZPayUrlRequest,
  ZPayUrlResponse,
  ZSaveChangeOrderRequest,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import type { PurposeKeys } from '../../platform/secrets';
import type { ChangesService } from './changes.service';

const tags = ['changes'];
const BASE = '/ca/caweb/backend/changeTicket';
const RECORDS = '/ca/caweb/backend/changeTicketInfo';
const ACCESS =
  "For the order's logged-in owner (`token` header), a member who linked the order, or a guest holding the order's full grant (order number + document number, `orderToken` header); anyone else, a limited grant (PNR + surname) included, is answered 710.";
const BLOCKS =
  '711 unpaid, 735 not ticketed, 720 a confirmed change waiting for its payment, 719 already rescheduled once, 734 a ticket refunding or refunded, 714 an infant, 715 a China route, 718 the refundable-ticket upgrade, 716 a Value fare, 717 a flight that left, 712 within 4 hours, 713 a used or checked-in ticket ({phone} filled where the message has it)';

/**
 * The change-of-date calls (after-sales §7, all POST under /ca/caweb/backend/), on the main
 * layer. docs/api.md, "Changes of date (issue 16)".
 */
export function changesRoutes(deps: {
  service: ChangesService;
  grantKeys: PurposeKeys;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { service, grantKeys } = deps;
  return async (app) => {
    app.post(
      `${BASE}/checkChange`,
      {
        schema: {
          tags,
          summary: 'May the order change its dates (change-date-form): legs, passengers, fee, date limits',
          description: `${ACCESS} The order's blocks in the order they are told (the first as block), each leg with its own block, the passengers with their tickets, the change fee per person per segment of the family (Basic USD 50 / CNY 350, WingsFlex, Premium and Grand free), §5's date limits (outboundLatest: the original return date; returnEarliest: the original departure date), the dates a search may ask (today to 180 days ahead in the departure airport), the reasons, and a confirmed change waiting for its payment.`,
          body: ZChangeOrderQuery,
          response: { 200: envelope(ZCheckChangeResponse) },
        },
      },
      async (request) =>
        ok(await service.check(request.body.orderNo, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${BASE}/queryChangeFlights`,
      {
        schema: {
          tags,
          summary: "The flights a leg may move to on a date (change-date-flight; this API's addition)",
          description: `${ACCESS} The leg's route's flights on the date (departure airport's local date) leaving more than 4 hours from now, each with the booking class the change takes (the lowest open class of the ticket's family that seats every passenger; a disruption: the same class if open, else the cheapest open class of the cabin), today's adult fare of it, and estimate (fees and fare differences of all passengers; taxes are priced by the quote; 0 for a disruption); current marks the leg's own flight. 725 no flights. Voluntary: ${BLOCKS}; 721/722 §5's date limits ({date}); 400 a date outside today..180 days. Disruption: 733 when the leg's flight was not retimed or canceled by the airline or the date is not within ±3 days of its original date; dates lists those dates.`,
          body: ZChangeFlightsRequest,
          response: { 200: envelope(ZChangeFlightsResponse) },
        },
      },
      async (request) => ok(await service.flights(request.body, actorOf(request, grantKeys, deps.now()))),
    );

    app.post(
      `${BASE}/checkChangeOrder`,
      {
        schema: {
          tags,
          summary:
            'Quote the change (change-date-added-services, change-date-cost): a change order holding its seats',
          description: `${ACCESS} Everything of checkChange and queryChangeFlights checked again (a disruption: only unpaid, not ticketed, another change, a refund, a used ticket, and 733), then a QUOTED change order: per passenger and leg the fee and the fare and tax differences to today's fare of the family on the new flight (a lower fare is not refunded), what becomes of each add-on (baggage and priority boarding carried, a seat chosen again, the insurance cover moved), and the new seats held for ${20} minutes (expiresAt). 724 the flight's time changed since it was shown (depUtc), 732 the leg's own flight, 726 no seat left for the party, 730 the insurance cannot cover the new dates ({phone}), 723 a reason not for a voluntary change, 720 another change of the order is being made (one at a time, also of two quotes at once). The same idempotencyKey with the same request answers the same quote; with another request 729.`,
          body: ZCheckChangeOrderRequest,
          response: { 200: envelope(ZChangeOrderView) },
        },
      },
      async (request) =>
        ok(await service.quote(request.body, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${BASE}/saveChangeOrder`,
      {
        schema: {
          tags,
          summary: 'Confirm the quote (change-date-confirm): done at once, or waiting for its payment',
          description: `${ACCESS} Only a quoted change before its expiresAt (728 after: its seats went back, choose again). 731 when an insured passenger's policy moves and insuranceAccepted is not true. The rules are checked again; every passenger's ticket becomes change_in (734 when a ticket was refunded or changed meanwhile). Nothing to pay: the change succeeds at once (tickets reissued, legs moved, seats chosen again, the e-itinerary sent again). Otherwise status unpaid until payDeadline (20 minutes): pay it with getPayUrl. Confirming again answers the change as it is. 727 unknown change.`,
          body: ZSaveChangeOrderRequest,
          response: { 200: envelope(ZChangeOrderView) },
        },
      },
      async (request) =>
        ok(await service.save(request.body, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${BASE}/getPayUrl/:changeNo`,
      {
        schema: {
          tags,
          summary: 'Start paying an unpaid change at a gateway (as payment/getPayUrl)',
          description: `${ACCESS} The change's own payable (kind change). As payment/getPayUrl: 204 unknown change (or not the caller's), 301 the change expired (an unpaid change past its deadline is expired first), 613 already paid, 500 pay_unavailable; 204 and 500 carry the system error message (spec §8). The gateway returns the traveller to the original order's ticket detail.`,
          params: ZChangeNoParams,
          body: ZPayUrlRequest,
          response: { 200: envelope(ZPayUrlResponse) },
        },
      },
      async (request) =>
        ok(
          await service.payUrl(
            request.params.changeNo,
            request.body.method,
            actorOf(request, grantKeys, deps.now()),
            request.ip,
          ),
        ),
    );

    app.post(
      `${RECORDS}/queryChangeOrderList`,
      {
        schema: {
          tags,
          summary: "The caller's change orders (rescheduled-record)",
          description:
            "A member: the changes of their orders and those they asked for on linked orders; with orderNo, that order's (access as the other calls, 710). A guest: the changes of the order of their full grant. Quotes never confirmed are not listed. rescheduledStatus 1 only when succeeded; payStatus 1 paid (or nothing to pay), 0 unpaid, 2 expired or canceled.",
          body: ZChangeOrderListRequest,
          response: { 200: envelope(ZChangeOrderListResponse) },
        },
      },
      async (request) =>
        ok(await service.list(request.body, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${RECORDS}/queryChangeOrderDetail/:changeNo`,
      {
        schema: {
          tags,
          summary: 'One change order (rescheduled-detail)',
          description: `${ACCESS} 727 for a change the caller may not read, as for an unknown number. An unpaid change asks payments first (a late notification is applied) and is expired when past its deadline.`,
          params: ZChangeNoParams,
          response: { 200: envelope(ZChangeOrderView) },
        },
      },
      async (request) =>
        ok(
          await service.detail(
            request.params.changeNo,
            actorOf(request, grantKeys, deps.now()),
            request.lang,
          ),
        ),
    );
  };
}
