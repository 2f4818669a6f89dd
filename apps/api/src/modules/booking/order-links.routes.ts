import {
  envelope,
  LINKS_PER_KIND,
  ZAssociatedNoRequest,
  ZBindAssociatedReply,
  ZBindAssociatedRequest,
  ZLinkedItem,
  ZLinkedList,
  ZLinkedOrderList,
  ZLinkedOrderNoRequest,
  ZLinkedTicketList,
  ZLinkedTicketNoRequest,
  ZLinkOrderReply,
  ZLinkOrderRequest,
  ZLinkTicketReply,
  ZLinkTicketRequest,
  ZOrderLinksReply,
  ZTicketMatchList,
  ZUnlinkReply,
} from '@wings/contracts';
import { normaliseTicketNumber } from '@wings/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import type { OrderLinksService } from './order-links.service';

const tags = ['linked'];

/**
 * Look-ups that prove a link (PNR + surname, ticket number + name) per account and per client
 * address: 20 in 10 minutes each (the rest answer 429). They are what someone guessing PNRs or
 * ticket numbers would call.
 */
export const LINK_LOOKUP_LIMIT = { max: 20, windowMs: 10 * 60_000 } as const;

/**
 * Surnames or names tried against one PNR or ticket number, from any account: 10 an hour (the
 * rest answer 429). Counted whether or not the PNR or ticket exists, so the 429 says nothing.
 */
export const LINK_TARGET_LIMIT = { max: 10, windowMs: 60 * 60_000 } as const;

const LIMITS = `429 after ${LINK_LOOKUP_LIMIT.max} look-ups by one account or from one address in 10 minutes, or ${LINK_TARGET_LIMIT.max} tried against one PNR or ticket number in an hour.`;

/**
 * Linked orders and tickets (after-sales-and-loyalty.md §7, issue 15), served under /api at the
 * spec's paths, all POST, all for a logged-in traveller (600 without a login). Every call reads
 * or removes the caller's own links only.
 */
export function orderLinksRoutes(deps: {
  service: OrderLinksService;
  db: Db;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { service } = deps;
  const limiter = new RateLimiter(deps.db, deps.now);
  /** The per-account and per-address look-up limits, then the one of the PNR or ticket number tried. */
  const takeLookup = async (userId: string, ip: string, target: string) => {
    const { max, windowMs } = LINK_LOOKUP_LIMIT;
    const perTarget = LINK_TARGET_LIMIT;
    if (
      !(await limiter.take(`link-lookup:user:${userId}`, max, windowMs)) ||
      !(await limiter.take(`link-lookup:ip:${ip}`, max, windowMs)) ||
      !(await limiter.take(`link-target:${target}`, perTarget.max, perTarget.windowMs))
    ) {
      throw new AppError('tooManyRequests');
    }
  };
  const auth = { auth: 'user' } as const;

  return async (app) => {
    // Linked orders (memberrelateorder).
    app.post(
      '/travelsky/user/memberrelateorder/getOrderList',
      {
        config: auth,
        schema: {
          tags,
          summary: "The caller's linked orders, newest link first",
          description: `Orders linked by PNR + surname (not those linked by a ticket: queryAssociatedTicket), at most ${LINKS_PER_KIND}. 600 without a login.`,
          response: { 200: envelope(ZLinkedOrderList) },
        },
      },
      async (request) => ok({ orders: await service.orderList(request.userId!), max: LINKS_PER_KIND }),
    );

    app.post(
      '/travelsky/user/memberrelateorder/insert',
      {
        config: auth,
        schema: {
          tags,
          summary: 'Link an order by its PNR and a passenger surname',
          description: `The order then shows in getMemberOrder (\`linked: true\`) and the caller may refund or change it. \`created\` false when it was linked already (nothing changes). 692 no order matches; 693 the caller's own order; 695 ${LINKS_PER_KIND} orders linked already. ${LIMITS}`,
          body: ZLinkOrderRequest,
          response: { 200: envelope(ZLinkOrderReply) },
        },
      },
      async (request) => {
        await takeLookup(request.userId!, request.ip, `pnr:${request.body.pnr}`);
        return ok(await service.linkOrder(request.userId!, request.body));
      },
    );

    app.post(
      '/travelsky/user/memberrelateorder/deleteByUserIdAndOrderNo',
      {
        config: auth,
        schema: {
          tags,
          summary: "Unlink an order the caller linked by PNR (the user is the caller's session)",
          description:
            'Takes the order off the list (it stays there while one of its tickets is linked) and changes nothing else. `removed` 0 when it was not linked: unlinking twice is no error.',
          body: ZLinkedOrderNoRequest,
          response: { 200: envelope(ZUnlinkReply) },
        },
      },
      async (request) => ok({ removed: await service.unlinkOrder(request.userId!, request.body.orderNo) }),
    );

    // Linked tickets (associatedTicket).
    app.post(
      '/ca/caweb/backend/associatedTicket/queryAssociatedTicket',
      {
        config: auth,
        schema: {
          tags,
          summary: "The caller's linked tickets, newest link first, each as it is now",
          description: `At most ${LINKS_PER_KIND}. A ticket refunded or replaced since shows its status. 600 without a login.`,
          response: { 200: envelope(ZLinkedTicketList) },
        },
      },
      async (request) => ok({ tickets: await service.ticketList(request.userId!), max: LINKS_PER_KIND }),
    );

    app.post(
      '/ca/caweb/backend/associatedTicket/queryAssociatedTicketByTiktNoAndName',
      {
        config: auth,
        schema: {
          tags,
          summary: 'Find a ticket by its number and passenger name, without linking it',
          description: `\`matches\`: the ticket (one) with its order's legs, \`linkedAt\` when the caller linked it already, \`ownOrder\` when the order is the caller's. 690 the number is not 13 digits starting with the airline's code; 691 no live ticket with this number and passenger (unknown, refunded, voided or replaced, alike). ${LIMITS}`,
          body: ZLinkTicketRequest,
          response: { 200: envelope(ZTicketMatchList) },
        },
      },
      async (request) => {
        await takeLookup(
          request.userId!,
          request.ip,
          `ticket:${normaliseTicketNumber(request.body.ticketNo)}`,
        );
        return ok({ matches: await service.findTickets(request.userId!, request.body) });
      },
    );

    app.post(
      '/ca/caweb/backend/associatedTicket/bindAssociatedTicket',
      {
        config: auth,
        schema: {
          tags,
          summary: 'Link a ticket by its number and passenger name',
          description: `Its order then shows in getMemberOrder (\`linked: true\`). \`created\` false when it was linked already. 690, 691 as queryAssociatedTicketByTiktNoAndName; 693 a ticket of the caller's own order; 695 ${LINKS_PER_KIND} tickets linked already. ${LIMITS}`,
          body: ZLinkTicketRequest,
          response: { 200: envelope(ZLinkTicketReply) },
        },
      },
      async (request) => {
        await takeLookup(
          request.userId!,
          request.ip,
          `ticket:${normaliseTicketNumber(request.body.ticketNo)}`,
        );
        return ok(await service.linkTicket(request.userId!, request.body));
      },
    );

    app.post(
      '/ca/caweb/backend/associatedTicket/cancelAssociatedTicket',
      {
        config: auth,
        schema: {
          tags,
          summary: 'Unlink a ticket the caller linked',
          description: '`removed` 0 when it was not linked: unlinking twice is no error.',
          body: ZLinkedTicketNoRequest,
          response: { 200: envelope(ZUnlinkReply) },
        },
      },
      async (request) => ok({ removed: await service.unlinkTicket(request.userId!, request.body.ticketNo) }),
    );

    // Either kind (associate).
    app.post(
      '/ca/caweb/backend/associate/queryAssociatedList',
      {
        config: auth,
        schema: {
          tags,
          summary: "The caller's linked orders and linked tickets",
          response: { 200: envelope(ZLinkedList) },
        },
      },
      async (request) => {
        const [orders, tickets] = await Promise.all([
          service.orderList(request.userId!),
          service.ticketList(request.userId!),
        ]);
        return ok({ orders, tickets, max: LINKS_PER_KIND });
      },
    );

    app.post(
      '/ca/caweb/backend/associate/queryAssociatedInfoByAssociatedNo',
      {
        config: auth,
        schema: {
          tags,
          summary: "One of the caller's links by a ticket number (13 digits) or an order number",
          description:
            "The link's detail (associate-order-detail, associate-ticket-detail). 694 when the caller has no such link (another account's link answers alike).",
          body: ZAssociatedNoRequest,
          response: { 200: envelope(ZLinkedItem) },
        },
      },
      async (request) => ok(await service.item(request.userId!, request.body.associatedNo)),
    );

    app.post(
      '/ca/caweb/backend/associate/bindAssociatedInfo',
      {
        config: auth,
        schema: {
          tags,
          summary: 'Link an order ({ pnr, surname }) or a ticket ({ ticketNo, passengerName })',
          description: `As memberrelateorder/insert or associatedTicket/bindAssociatedTicket. ${LIMITS}`,
          body: ZBindAssociatedRequest,
          response: { 200: envelope(ZBindAssociatedReply) },
        },
      },
      async (request) => {
        const body = request.body;
        const target = 'pnr' in body ? `pnr:${body.pnr}` : `ticket:${normaliseTicketNumber(body.ticketNo)}`;
        await takeLookup(request.userId!, request.ip, target);
        return ok(await service.bind(request.userId!, body));
      },
    );

    app.post(
      '/ca/caweb/backend/associate/cancelAssociatedInfo',
      {
        config: auth,
        schema: {
          tags,
          summary: 'Unlink by a ticket number (13 digits: the ticket) or an order number (the order)',
          description: '`removed` 0 when nothing was linked.',
          body: ZAssociatedNoRequest,
          response: { 200: envelope(ZUnlinkReply) },
        },
      },
      async (request) => ok({ removed: await service.unlink(request.userId!, request.body.associatedNo) }),
    );

    app.post(
      '/ca/caweb/backend/associate/queryAssociatedOrderByOrderNo',
      {
        config: auth,
        schema: {
          tags,
          summary: "The caller's links to one order (by PNR, and which of its tickets)",
          description: 'An order not linked, or unknown, answers `orderLinked: false, tickets: []` alike.',
          body: ZLinkedOrderNoRequest,
          response: { 200: envelope(ZOrderLinksReply) },
        },
      },
      async (request) => ok(await service.linksToOrder(request.userId!, request.body.orderNo)),
    );
  };
}
