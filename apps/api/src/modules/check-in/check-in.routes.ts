import {
  envelope,
  ZBoardingPassBundle,
  ZBoardingPassesRequest,
  ZCancelCheckInRequest,
  ZCheckInQueryRequest,
  ZCheckInRequest,
  ZCheckInState,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import type { PurposeKeys } from '../../platform/secrets';
import type { CheckInService } from './check-in.service';

const tags = ['online check-in'];
const BASE = '/travelsky/checkin';
const ACCESS =
  "For the order's logged-in owner (`token` header), a member who linked the order or one of its tickets, or a guest with a full grant in the `orderToken` header (as order detail); anyone else, and a limited grant (PNR + surname), is answered CAS912 as for an unknown order.";

/**
 * Online check-in (issue 15), on the main layer (access token): ours, the spec names no check-in
 * calls (docs/api.md, "Online check-in (issue 15)"). All POST.
 */
export function checkInRoutes(deps: {
  service: CheckInService;
  grantKeys: PurposeKeys;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { service, grantKeys } = deps;
  return async (app) => {
    app.post(
      `${BASE}/queryCheckIn`,
      {
        schema: {
          tags,
          summary:
            'Each passenger on each leg: check-in state, window, seat, and whether they may check in now',
          description: `${ACCESS} state: not_checked_in, checked_in, flown (coupon used, 11) or no_show; phase: not_open (opens 2 hours before departure), open, closed (60 minutes before); bar: not_ticketed or flight_closed.`,
          body: ZCheckInQueryRequest,
          response: { 200: envelope(ZCheckInState) },
        },
      },
      async (request) =>
        ok(await service.query(request.body.orderNo, actorOf(request, grantKeys, deps.now()))),
    );

    app.post(
      `${BASE}/checkIn`,
      {
        schema: {
          tags,
          summary: 'Check in these passengers for these legs (all or none; idempotent)',
          description: `${ACCESS} A passenger without a seat (an infant on a lap excepted) is given a free one in their cabin that the seat rules let them take. Answers the order's check-in state. Codes: 700 not open yet (data.opensAt), 701 closed (data.closesAt), 702 no issued ticket for the leg or the flight cancelled or departed, 703 no seat left they may take, 400 naming items[i].seq or items[i].legSeq.`,
          body: ZCheckInRequest,
          response: { 200: envelope(ZCheckInState) },
        },
      },
      async (request) =>
        ok(await service.checkIn(request.body, actorOf(request, grantKeys, deps.now()), request.lang)),
    );

    app.post(
      `${BASE}/cancelCheckIn`,
      {
        schema: {
          tags,
          summary: 'Undo these check-ins before check-in closes (a seat given at check-in is freed)',
          description: `${ACCESS} Passengers not checked in are left as they are. Codes: 701 closed, 702 as checkIn, 400 as checkIn.`,
          body: ZCancelCheckInRequest,
          response: { 200: envelope(ZCheckInState) },
        },
      },
      async (request) => ok(await service.cancel(request.body, actorOf(request, grantKeys, deps.now()))),
    );

    app.post(
      `${BASE}/getBoardingPasses`,
      {
        schema: {
          tags,
          summary: "The order's boarding passes: every checked-in passenger on every leg, one bundle",
          description: `${ACCESS} Each pass carries the IATA BCBP text (Resolution 792, format M) the app shows as a QR code, the seat, the check-in sequence number and the gate-closing time (10 minutes before departure). The app keeps the bundle to open it offline. 704 when nobody is checked in.`,
          body: ZBoardingPassesRequest,
          response: { 200: envelope(ZBoardingPassBundle) },
        },
      },
      async (request) =>
        ok(await service.boardingPasses(request.body.orderNo, actorOf(request, grantKeys, deps.now()))),
    );
  };
}
