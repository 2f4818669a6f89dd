import {
  envelope,
  ZAddPassengerRequest,
  ZAddPassengerResponse,
  ZSavedOrder,
  ZSaveTicketOrderRequest,
} from '@wings/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import type { JobRunner } from '../../platform/jobs/jobs';
import { AccountsRepository } from '../accounts/accounts.repository';
import type { AccountsService } from '../accounts/accounts.service';
import { SavedPassengersService } from '../accounts/saved-passengers.service';
import type { AirportZones } from '../shopping/airport-zones';
import { BookingRepository } from './booking.repository';
import {
  BookingService,
  type BookingServiceDeps,
  type Caller,
  ORDER_EXPIRE_JOB,
  ORDER_EXPIRE_SWEEP_JOB,
} from './booking.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders and their seat holds; the payment module and the tests reach the service here. */
    booking: BookingService;
  }
}

const tags = ['booking'];

function caller(request: FastifyRequest): Caller {
  return { userId: request.userId, lang: request.lang, ip: request.ip };
}

/**
 * The booking service over the app's database, with what it needs of the accounts module
 * (captchas, saved passengers). app.ts decorates the app with it (`app.booking`) so the
 * payment module and the tests reach the same instance.
 */
export function createBookingService(deps: {
  db: Db;
  now: () => Date;
  jobs: JobRunner;
  accounts: AccountsService;
  log: BookingServiceDeps['log'];
  orderPayMinutes: number;
  guestNationalities: string[];
  zones: AirportZones;
  limits: BookingServiceDeps['limits'];
}): BookingService {
  const passengers = new SavedPassengersService(new AccountsRepository(deps.db), deps.now);
  return new BookingService({
    repo: new BookingRepository(deps.db),
    zones: deps.zones,
    accounts: {
      verifyCaptcha: (id, answer) => deps.accounts.captchas.verify(id, answer),
      savedPassengers: (userId) => passengers.list(userId, userId),
    },
    jobs: deps.jobs,
    now: deps.now,
    log: deps.log,
    orderPayMinutes: deps.orderPayMinutes,
    guestNationalities: deps.guestNationalities,
    limits: deps.limits,
  });
}

/**
 * Booking calls (booking-and-account.md §7, issue 4), served under /api at the spec's paths,
 * and the order-expiry jobs: one job per order at its pay deadline, plus a per-minute sweep
 * for any job that was lost. Register after the pricing routes (orders are priced through
 * `app.pricing`); the workers run once the app's job runner starts (main.ts).
 */
export function bookingRoutes(deps: { service: BookingService; jobs: JobRunner }): FastifyPluginAsyncZod {
  const { service, jobs } = deps;
  return async (app) => {
    service.bindPricing(app.pricing);

    await jobs.work<{ orderId: string }>(
      ORDER_EXPIRE_JOB,
      async ({ orderId }) => {
        await service.expireOrder(orderId);
      },
      // At most one queued expiry per order (singleton key = order id).
      { policy: 'short' },
    );
    await jobs.schedule(ORDER_EXPIRE_SWEEP_JOB, '* * * * *', async () => {
      const expired = await service.expireOverdue();
      if (expired > 0) app.log.info({ expired }, 'expired overdue unpaid orders');
    });

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
            'One transaction: the order with its segments, passengers, price lines (the total is their sum), seat holds and history, and the promo code use (given back if the order expires unpaid). The same idempotencyKey from the same caller with the same offer, passengers, contact and promo code answers the same order; with anything else it is refused (615). Codes: 602 captcha_error (guests; data.captchaRequired), 609 passenger_limit (guest with a nationality outside the allowed ones), 614 hold limit (too many unpaid orders or seats held unpaid by this account or guest address, in all or on one flight; data.limit), 615 idempotency key already used for a different booking, 301 offer expired, 204 seats sold out, 400 with fields for rule problems or a promo code that no longer applies, 500.',
          body: ZSaveTicketOrderRequest,
          response: { 200: envelope(ZSavedOrder) },
        },
      },
      async (request) => ok(await service.saveTicketOrder(request.body, caller(request))),
    );
  };
}
