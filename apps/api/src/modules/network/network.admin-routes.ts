import {
  envelope,
  type StaffRole,
  ZAdminAircraftList,
  ZAdminAirport,
  ZAdminAirportCreate,
  ZAdminAirportList,
  ZAdminAirportParams,
  ZAdminAirportUpdate,
  ZAdminClassLimitRequest,
  ZAdminFlightCancelRequest,
  ZAdminFlightChangeResult,
  ZAdminFlightClassParams,
  ZAdminFlightDepartRequest,
  ZAdminFlightDetail,
  ZAdminFlightPage,
  ZAdminFlightParams,
  ZAdminFlightQuery,
  ZAdminRetimeRequest,
  ZAdminRoute,
  ZAdminRouteCreate,
  ZAdminRouteCreateResult,
  ZAdminRouteList,
  ZAdminRouteParams,
  ZAdminRouteUpdate,
  ZAdminScheduleCreate,
  ZAdminScheduleEnd,
  ZAdminScheduleList,
  ZAdminScheduleParams,
  ZAdminScheduleResult,
} from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffCallerOf } from '../../platform/layers';
import type { NetworkAdmin } from './network.admin-service';
import type { NetworkEdits } from './network.edits';

const tags = ['staff: network and flights'];

/** Who reads the network and the flights' load (issue 13): everyone but the content editors. */
export const NETWORK_READERS: readonly StaffRole[] = ['admin', 'agent', 'finance', 'auditor'];
/** Who changes the network (airports, routes, schedule lines), a flight or a class's limit. */
export const NETWORK_CHANGERS: readonly StaffRole[] = ['admin'];

/**
 * The staff console's network and flight calls under `/api/admin` (docs/api.md, "Staff console:
 * network and flights"): airports, routes and schedules and an admin's changes to them, dated
 * flights with their load, and an admin's changes to them, each with a reason.
 */
export function networkAdminRoutes(admin: NetworkAdmin, edits: NetworkEdits) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const read = { roles: NETWORK_READERS };
    const change = { roles: NETWORK_CHANGERS };

    app.get(
      '/network/airports',
      {
        config: read,
        schema: { tags, summary: 'Airports of the network', response: { 200: envelope(ZAdminAirportList) } },
      },
      async () => ok({ list: await edits.airports() }),
    );
    app.get(
      '/network/routes',
      {
        config: read,
        schema: { tags, summary: 'Routes of the network', response: { 200: envelope(ZAdminRouteList) } },
      },
      async () => ok({ list: await edits.routes() }),
    );
    app.get(
      '/network/schedules',
      {
        config: read,
        schema: { tags, summary: 'Weekly schedule lines', response: { 200: envelope(ZAdminScheduleList) } },
      },
      async () => ok({ list: await admin.schedules() }),
    );
    app.get(
      '/network/aircraft',
      {
        config: read,
        schema: {
          tags,
          summary: 'Aircraft types a schedule line may fly',
          response: { 200: envelope(ZAdminAircraftList) },
        },
      },
      async () => ok({ list: await edits.aircraft() }),
    );

    app.post(
      '/network/airports',
      {
        config: change,
        schema: {
          tags,
          summary: 'Add an airport (IATA code, names, country, IANA zone, coordinates)',
          body: ZAdminAirportCreate,
          response: { 200: envelope(ZAdminAirport) },
        },
      },
      async (request) => ok(await edits.createAirport(staffCallerOf(request), request.body)),
    );
    app.put(
      '/network/airports/:code',
      {
        config: change,
        schema: {
          tags,
          summary:
            "Edit an airport's names, country names and coordinates; its zone only while no dated flight uses it",
          params: ZAdminAirportParams,
          body: ZAdminAirportUpdate,
          response: { 200: envelope(ZAdminAirport) },
        },
      },
      async (request) =>
        ok(await edits.updateAirport(staffCallerOf(request), request.params.code, request.body)),
    );
    app.post(
      '/network/routes',
      {
        config: change,
        schema: {
          tags,
          summary: 'Add a directed route (and its reverse with addReverse)',
          body: ZAdminRouteCreate,
          response: { 200: envelope(ZAdminRouteCreateResult) },
        },
      },
      async (request) => ok({ list: await edits.createRoute(staffCallerOf(request), request.body) }),
    );
    app.put(
      '/network/routes/:code',
      {
        config: change,
        schema: {
          tags,
          summary: "Edit a route's distance and block time",
          params: ZAdminRouteParams,
          body: ZAdminRouteUpdate,
          response: { 200: envelope(ZAdminRoute) },
        },
      },
      async (request) =>
        ok(await edits.updateRoute(staffCallerOf(request), request.params.code, request.body)),
    );
    app.post(
      '/network/schedules',
      {
        config: change,
        schema: {
          tags,
          summary: 'Add a weekly schedule line; its dated flights are made at once',
          body: ZAdminScheduleCreate,
          response: { 200: envelope(ZAdminScheduleResult) },
        },
      },
      async (request) => ok(await edits.createSchedule(staffCallerOf(request), request.body)),
    );
    app.post(
      '/network/schedules/:id/end',
      {
        config: change,
        schema: {
          tags,
          summary:
            'End a schedule line: empty flights after the end are cancelled, flights with travellers listed',
          params: ZAdminScheduleParams,
          body: ZAdminScheduleEnd,
          response: { 200: envelope(ZAdminScheduleResult) },
        },
      },
      async (request) => ok(await edits.endSchedule(staffCallerOf(request), request.params.id, request.body)),
    );

    app.get(
      '/flights',
      {
        config: read,
        schema: {
          tags,
          summary: 'Dated flights by local departure dates, route, flight number and status, with their load',
          querystring: ZAdminFlightQuery,
          response: { 200: envelope(ZAdminFlightPage) },
        },
      },
      async (request) => ok(await admin.flights(request.query)),
    );
    app.get(
      '/flights/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'A dated flight with its load per cabin and booking class',
          params: ZAdminFlightParams,
          response: { 200: envelope(ZAdminFlightDetail) },
        },
      },
      async (request) => ok(await admin.flight(request.params.id)),
    );

    app.put(
      '/flights/:id/classes/:bookingClass/limit',
      {
        config: change,
        schema: {
          tags,
          summary:
            "Change a booking class's authorised limit (never below sold plus held, never above the cabin)",
          params: ZAdminFlightClassParams,
          body: ZAdminClassLimitRequest,
          response: { 200: envelope(ZAdminFlightDetail) },
        },
      },
      async (request) =>
        ok(
          await admin.setClassLimit(
            staffCallerOf(request),
            request.params.id,
            request.params.bookingClass,
            request.body.authorisedLimit,
            request.body.reason,
          ),
        ),
    );
    app.post(
      '/flights/:id/retime',
      {
        config: change,
        schema: {
          tags,
          summary:
            "Retime a scheduled flight (times in each airport's zone); orders get an event, travellers an e-mail",
          params: ZAdminFlightParams,
          body: ZAdminRetimeRequest,
          response: { 200: envelope(ZAdminFlightChangeResult) },
        },
      },
      async (request) => ok(await admin.retime(staffCallerOf(request), request.params.id, request.body)),
    );
    app.post(
      '/flights/:id/cancel',
      {
        config: change,
        schema: {
          tags,
          summary:
            'Cancel a scheduled flight; unpaid orders are canceled, travellers of paid ones get an e-mail',
          params: ZAdminFlightParams,
          body: ZAdminFlightCancelRequest,
          response: { 200: envelope(ZAdminFlightChangeResult) },
        },
      },
      async (request) =>
        ok(await admin.cancel(staffCallerOf(request), request.params.id, request.body.reason)),
    );
    app.post(
      '/flights/:id/depart',
      {
        config: change,
        schema: {
          tags,
          summary: 'Mark a scheduled flight departed',
          params: ZAdminFlightParams,
          body: ZAdminFlightDepartRequest,
          response: { 200: envelope(ZAdminFlightDetail) },
        },
      },
      async (request) => ok(await admin.depart(staffCallerOf(request), request.params.id, request.body)),
    );
  };
}
