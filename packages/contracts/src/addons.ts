import { z } from 'zod';
import { ZMoney } from './common';

/**
 * The add-on price lists a traveller reads while booking (issue 14; booking-and-account.md §3,
 * §7): what can be bought on each leg of a priced offer, with prices from the airline's add-on
 * catalogue in the journey's currency. Served at `/api/travelsky/ibe/getBaggageService`,
 * `ibe/getPriorityBoardService`, `ibe/getSeatTypeItems` and `ibe/backService/{offerId}`
 * (docs/api.md, "Add-ons (issue 14): catalogue"). Every price is for ONE passenger on ONE leg;
 * an option with no price filed is not sold and is left out (or null).
 */

const ZCabin = z.enum(['C', 'Y']);
const ZAddonSeatType = z.enum(['PFST', 'UPST', 'SEAT']);

/** `?offerId=`: the offer chooseFlight priced (unknown or past its 20 minutes: 301). */
export const ZAddonOfferQuery = z.object({ offerId: z.string().trim().min(1).max(64) });
export type AddonOfferQuery = z.infer<typeof ZAddonOfferQuery>;

/** `ibe/backService/{id}`: the offer's id. */
export const ZAddonOfferParams = z.object({ id: z.string().trim().min(1).max(64) });

/** Free baggage on every fare (after-sales §9). */
export const ZBaggageAllowance = z.object({ carryOnKg: z.number().int(), checkedKg: z.number().int() });

/** One leg of the offer, as the add-on lists name it (0 outbound, 1 return: the spec's L and R). */
export const ZAddonLeg = z.object({
  segment: z.number().int(),
  flightId: z.string(),
  flightNo: z.string(),
  /** `ORIGIN-DESTINATION`. */
  route: z.string(),
  /** Local departure date at the origin (the catalogue's prices are filed for departure dates). */
  depDate: z.string(),
  cabin: ZCabin,
});
export type AddonLeg = z.infer<typeof ZAddonLeg>;

/** One extra-baggage step: kilograms on top of the free checked allowance, and its price. */
export const ZBaggageOption = z.object({
  weightKg: z.number().int(),
  /** The checked allowance with this step, e.g. 20 + 10 = 30 kg. */
  totalCheckedKg: z.number().int(),
  price: ZMoney,
});
export type BaggageOption = z.infer<typeof ZBaggageOption>;

/** A seat type and its price on the leg (a standard SEAT may be free: amount 0). */
export const ZSeatTypeItem = z.object({ seatType: ZAddonSeatType, price: ZMoney });
export type SeatTypeItem = z.infer<typeof ZSeatTypeItem>;

/** The Enhanced Refundable Ticket upgrade on a leg: its share of the fare and the price per passenger type. */
export const ZRefundUpgrade = z.object({
  percent: z.number().int(),
  /** Per passenger type (1 adult, 2 child, 3 infant) of the party: `percent` of that type's fare on the leg. */
  prices: z.array(z.object({ passengerType: z.number().int(), price: ZMoney })),
});
export type RefundUpgrade = z.infer<typeof ZRefundUpgrade>;

const offerReply = {
  offerId: z.string(),
  /** The journey's currency: every price below is in it. */
  currency: z.enum(['USD', 'CNY']),
};

/** GET ibe/getBaggageService?offerId=: extra-baggage steps per leg (service code 13). */
export const ZBaggageServiceReply = z.object({
  ...offerReply,
  serviceCode: z.literal(13),
  allowance: ZBaggageAllowance,
  legs: z.array(ZAddonLeg.extend({ options: z.array(ZBaggageOption) })),
});
export type BaggageServiceReply = z.infer<typeof ZBaggageServiceReply>;

/** GET ibe/getPriorityBoardService?offerId=: priority boarding per leg (service code 11); null: not sold. */
export const ZPriorityBoardReply = z.object({
  ...offerReply,
  serviceCode: z.literal(11),
  legs: z.array(ZAddonLeg.extend({ price: ZMoney.nullable() })),
});
export type PriorityBoardReply = z.infer<typeof ZPriorityBoardReply>;

/** GET ibe/getSeatTypeItems?offerId=: seat types with their prices per leg (service code 12). */
export const ZSeatTypeItemsReply = z.object({
  ...offerReply,
  serviceCode: z.literal(12),
  legs: z.array(ZAddonLeg.extend({ seatTypes: z.array(ZSeatTypeItem) })),
});
export type SeatTypeItemsReply = z.infer<typeof ZSeatTypeItemsReply>;

/**
 * GET ibe/backService/{offerId}: the whole add-on menu of an offer in one reply, per leg:
 * baggage steps, priority boarding, seat types and the Enhanced Refundable Ticket upgrade
 * (which has no list of its own).
 */
export const ZAddonMenuReply = z.object({
  ...offerReply,
  allowance: ZBaggageAllowance,
  legs: z.array(
    ZAddonLeg.extend({
      baggage: z.array(ZBaggageOption),
      priority: ZMoney.nullable(),
      seatTypes: z.array(ZSeatTypeItem),
      refundUpgrade: ZRefundUpgrade.nullable(),
    }),
  ),
});
export type AddonMenuReply = z.infer<typeof ZAddonMenuReply>;
