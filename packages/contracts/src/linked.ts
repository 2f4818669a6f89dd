import { z } from 'zod';
import { ZOrderLeg, ZOrderStatus, ZTicketCoupon } from './orders';

/**
 * Orders and tickets a logged-in traveller linked to their account (after-sales-and-loyalty.md
 * §1, §2, §5, §7, issue 15; docs/api.md "Linked orders and tickets (issue 15)"). An order is
 * linked by its PNR and a passenger's surname, a ticket by its number and its passenger's name.
 * A linked order shows in the traveller's order list (`linked: true`) and may be refunded or
 * changed by them; unlinking takes it off the list and changes nothing else.
 *   travelsky/user/memberrelateorder/   getOrderList, insert, deleteByUserIdAndOrderNo   (linked orders)
 *   ca/caweb/backend/associatedTicket/  queryAssociatedTicket, queryAssociatedTicketByTiktNoAndName,
 *                                       bindAssociatedTicket, cancelAssociatedTicket     (linked tickets)
 *   ca/caweb/backend/associate/         queryAssociatedList, queryAssociatedInfoByAssociatedNo,
 *                                       bindAssociatedInfo, cancelAssociatedInfo,
 *                                       queryAssociatedOrderByOrderNo                     (either kind)
 */

/** What a link names: an order (PNR + surname) or one ticket (ticket number + name). */
export const ZLinkKind = z.enum(['order', 'ticket']);
export type LinkKind = z.infer<typeof ZLinkKind>;

/** How many orders, and how many tickets, one account may link. */
export const LINKS_PER_KIND = 50;

/** memberrelateorder/insert: link the order with this PNR that has a passenger of this surname. */
export const ZLinkOrderRequest = z.object({
  pnr: z.string().trim().toUpperCase().min(1).max(6),
  surname: z.string().trim().min(1).max(40),
});
export type LinkOrderRequest = z.infer<typeof ZLinkOrderRequest>;

/**
 * associatedTicket/bindAssociatedTicket and queryAssociatedTicketByTiktNoAndName: a ticket number
 * (its format is checked by the call: 690) and the passenger's name (`SOK/DARA`, `Dara Sok`).
 */
export const ZLinkTicketRequest = z.object({
  ticketNo: z.string().trim().min(1).max(20),
  passengerName: z.string().trim().min(1).max(60),
});
export type LinkTicketRequest = z.infer<typeof ZLinkTicketRequest>;

/** associate/bindAssociatedInfo: either kind's proof. */
export const ZBindAssociatedRequest = z.union([ZLinkOrderRequest, ZLinkTicketRequest]);
export type BindAssociatedRequest = z.infer<typeof ZBindAssociatedRequest>;

/** memberrelateorder/deleteByUserIdAndOrderNo and associate/queryAssociatedOrderByOrderNo. */
export const ZLinkedOrderNoRequest = z.object({ orderNo: z.string().trim().toUpperCase().min(1).max(32) });
export type LinkedOrderNoRequest = z.infer<typeof ZLinkedOrderNoRequest>;

/** associatedTicket/cancelAssociatedTicket. */
export const ZLinkedTicketNoRequest = z.object({ ticketNo: z.string().trim().min(1).max(20) });
export type LinkedTicketNoRequest = z.infer<typeof ZLinkedTicketNoRequest>;

/** associate/queryAssociatedInfoByAssociatedNo and cancelAssociatedInfo: an order number, or a 13-digit ticket number. */
export const ZAssociatedNoRequest = z.object({
  associatedNo: z.string().trim().toUpperCase().min(1).max(32),
});
export type AssociatedNoRequest = z.infer<typeof ZAssociatedNoRequest>;

/** The order's facts every link shows: its numbers, status, first local departure date and legs. */
const linkedOrderFacts = {
  orderNo: z.string(),
  pnr: z.string(),
  status: ZOrderStatus,
  /** Local departure date of the first leg, `YYYY-MM-DD`. */
  departureDate: z.string().nullable(),
  legs: z.array(ZOrderLeg),
};

/** An order linked by PNR + surname. */
export const ZLinkedOrder = z.object({
  kind: z.literal('order'),
  ...linkedOrderFacts,
  passengerCount: z.number().int(),
  /** The passenger whose surname proved the link, `SURNAME GIVEN-NAME`. */
  passengerName: z.string(),
  linkedAt: z.string(),
});
export type LinkedOrder = z.infer<typeof ZLinkedOrder>;

/** A ticket: linked (`linkedAt`), or found by number + name and not linked by the caller yet (`linkedAt` null). */
export const ZLinkedTicket = z.object({
  kind: z.literal('ticket'),
  ...linkedOrderFacts,
  ticketNo: z.string(),
  /** Ticket status (spec §3): issued 0, refunded 1, re_issued 2, canceled 3, refunding 4, issue error 5, change_in 6. */
  ticketStatus: z.number().int(),
  /** `SURNAME GIVEN-NAME`. */
  passengerName: z.string(),
  passengerType: z.number().int(),
  /** One coupon per leg, in leg order. */
  coupons: z.array(ZTicketCoupon),
  linkedAt: z.string().nullable(),
});
export type LinkedTicket = z.infer<typeof ZLinkedTicket>;

/** A link of either kind (associate/queryAssociatedInfoByAssociatedNo). */
export const ZLinkedItem = z.discriminatedUnion('kind', [ZLinkedOrder, ZLinkedTicket]);
export type LinkedItem = z.infer<typeof ZLinkedItem>;

/** memberrelateorder/getOrderList: the caller's linked orders, newest link first. */
export const ZLinkedOrderList = z.object({ orders: z.array(ZLinkedOrder), max: z.number().int() });
export type LinkedOrderList = z.infer<typeof ZLinkedOrderList>;

/** associatedTicket/queryAssociatedTicket: the caller's linked tickets, newest link first. */
export const ZLinkedTicketList = z.object({ tickets: z.array(ZLinkedTicket), max: z.number().int() });
export type LinkedTicketList = z.infer<typeof ZLinkedTicketList>;

/** associate/queryAssociatedList: both lists. */
export const ZLinkedList = z.object({
  orders: z.array(ZLinkedOrder),
  tickets: z.array(ZLinkedTicket),
  max: z.number().int(),
});
export type LinkedList = z.infer<typeof ZLinkedList>;

/**
 * associatedTicket/queryAssociatedTicketByTiktNoAndName: the tickets the number and name prove
 * (relevance-list), each with whether its order is the caller's own (nothing to link then).
 */
export const ZTicketMatch = ZLinkedTicket.extend({ ownOrder: z.boolean() });
export type TicketMatch = z.infer<typeof ZTicketMatch>;
export const ZTicketMatchList = z.object({ matches: z.array(ZTicketMatch) });
export type TicketMatchList = z.infer<typeof ZTicketMatchList>;

/** insert: the link; `created` false when the caller had linked it already (nothing changed). */
export const ZLinkOrderReply = z.object({ created: z.boolean(), link: ZLinkedOrder });
export type LinkOrderReply = z.infer<typeof ZLinkOrderReply>;
/** bindAssociatedTicket: as insert. */
export const ZLinkTicketReply = z.object({ created: z.boolean(), link: ZLinkedTicket });
export type LinkTicketReply = z.infer<typeof ZLinkTicketReply>;
/** bindAssociatedInfo: as insert, either kind. */
export const ZBindAssociatedReply = z.object({ created: z.boolean(), link: ZLinkedItem });
export type BindAssociatedReply = z.infer<typeof ZBindAssociatedReply>;

/** Every unlink: how many of the caller's links went (0 when there was none: unlinking twice is no error). */
export const ZUnlinkReply = z.object({ removed: z.number().int() });
export type UnlinkReply = z.infer<typeof ZUnlinkReply>;

/**
 * associate/queryAssociatedOrderByOrderNo: the caller's links to one order (ticket detail shows
 * them). An order they have not linked, or that does not exist, answers alike: nothing linked.
 */
export const ZOrderLinksReply = z.object({
  orderNo: z.string(),
  orderLinked: z.boolean(),
  /** The order's tickets the caller linked. */
  tickets: z.array(z.string()),
});
export type OrderLinksReply = z.infer<typeof ZOrderLinksReply>;
