import {
  envelope,
  ZAddIncreaseServiceReply,
  ZAddIncreaseServiceRequest,
  ZAddPassengerRequest,
  ZAddPassengerResponse,
  ZSavedOrder,
  ZSaveTicketOrderRequest,
} from '@wings/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import type { BookingService, Caller } from './booking.service';
import type { ExpiryQueue } from './expiry-queue';
import type { Ticketing } from './ticketing';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders and their seat holds; the tests reach the service here (expireOrder, expireOverdue). */
    booking: BookingService;
    /** Ticketing paid orders; the tests reach it here (issueTickets, ticketMissing). */
    ticketing: Ticketing;
    /** New orders' expiry jobs, sent in batches; the job wiring test flushes it. */
    orderExpiries: ExpiryQueue;
  }
}

const tags = ['booking'];

function caller(request: FastifyRequest): Caller {
  return { userId: request.userId, lang: request.lang, ip: request.ip };
}

/**
 * Booking calls (booking-and-account.md §7, issue 4), served under /api at the spec's paths. The
 * order-expiry jobs are booking.jobs.ts's.
 */
export function bookingRoutes(deps: { service: BookingService }): FastifyPluginAsyncZod {
  const { service } = deps;
  return async (app) => {
    app.post(
      '/travelsky/ibe/addPassenger',
      {
        schema: {
          tags,
          summary: 'Check the passengers and contact of an offer',
          description:
            'Every problem is reported by field (passengers.<i>.<field>, contact.<field>) in a 400 reply: names, title (agreeing with the gender; Mr or Miss for a child or an infant), nationality, documents (valid more than six months after the last departure), e-mail and phone; ages at the first local departure date, escort, infants, duplicate names; counts per type equal to the offer; saved passengers of the caller and of the slot type; guests only for the configured nationalities (passenger_limit). 301 when the offer expired.',
          body: ZAddPassengerRequest,
          response: { 200: envelope(ZAddPassengerResponse) },
        },
      },
      async (request) => ok(await service.addPassenger(request.body, caller(request))),
    );

    app.post(
      '/travelsky/ibe/saveTicketOrder',
      {
        schema: {
          tags,
          summary: 'Create the order and hold its seats',
          description:
            'One transaction: the order with its segments, passengers, price lines (the total is their sum), seat holds and history, and the promo code use (given back if the order expires unpaid). The same idempotencyKey from the same caller with the same offer, passengers, contact and promo code answers the same order; with anything else it is refused (615). Codes: 602 captcha_error (guests; data.captchaRequired), 609 passenger_limit (guest with a nationality outside the allowed ones), 614 hold limit (too many unpaid orders or seats held unpaid by this account or guest address, in all or on one flight; data.limit), 615 idempotency key already used for a different booking, 301 offer expired, 204 seats sold out, 640 a chosen seat (services) held by another order (the whole order fails), 400 with fields for rule problems or a promo code that no longer applies, 500.',
          body: ZSaveTicketOrderRequest,
          response: { 200: envelope(ZSavedOrder) },
        },
      },
      async (request) => ok(await service.saveTicketOrder(request.body, caller(request))),
    );

    app.post(
      '/travelsky/ibe/addIncreaseService',
      {
        schema: {
          tags,
          summary: 'Check and price the add-ons chosen in the booking (issue 14)',
          description:
            "services[i] are passengers[i]'s choices, services[i].legs[j] on leg j (0 outbound, 1 return): seat, baggageKg (a catalogue step), priority; refundUpgrade for the whole journey. Every amount comes from the catalogue in the offer's currency. 400 with every problem on its field: services.{i}.legs.{j}.seat (seat.infant_no_seat, seat.not_on_map, seat.wrong_cabin, seat.first_row_age, seat.exit_row_age, seat.first_row_infant, seat.exit_row_infant, seat.picked_twice, seat.taken, addons.seat_not_sold), services.{i}.legs.{j}.baggageKg (addons.baggage_not_sold), services.{i}.legs.{j}.priority (addons.priority_not_sold), services.{i}.refundUpgrade (addons.upgrade_not_sold), services.{i}.legs.{j} (addons.no_such_leg), services.{i} (addons.no_such_passenger). The k-th infant listed is on the lap of the k-th adult listed. 301 when the offer expired.",
          body: ZAddIncreaseServiceRequest,
          response: { 200: envelope(ZAddIncreaseServiceReply) },
        },
      },
      async (request) => ok(await service.addIncreaseService(request.body, caller(request))),
    );

    app.post(
      '/travelsky/ibe/addIncreaseServiceNext',
      {
        schema: {
          tags,
          summary:
            "The add-on step's next: the selection is complete and valid; the price the review page shows",
          description:
            "As addIncreaseService, and the passengers are the offer's party (booking.passenger_count_mismatch on `passengers`).",
          body: ZAddIncreaseServiceRequest,
          response: { 200: envelope(ZAddIncreaseServiceReply) },
        },
      },
      async (request) => ok(await service.addIncreaseServiceNext(request.body, caller(request))),
    );
  };
}
