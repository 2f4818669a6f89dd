import { z } from 'zod';
import { ZMoney } from './common';

/**
 * Paying an order (booking-and-account.md §4, §7; issue 5):
 *   payment/getPayUrl/{orderNo}   start a payment: a hosted checkout URL, or in-app parameters;
 *   payment/status/{orderNo}      the order's pay status after returning from the gateway;
 *   ibe/sendEItineraryByOrder     mail the e-itinerary (PDF) of a paid order.
 */

/** How the traveller pays: card, ABA Pay and KHQR at the hosted checkout; WeChat Pay in WeChat. */
export const ZPayMethod = z.enum(['card', 'abapay', 'khqr', 'wechat']);
export type PayMethod = z.infer<typeof ZPayMethod>;

export const ZPayUrlRequest = z.object({ method: ZPayMethod });
export type PayUrlRequest = z.infer<typeof ZPayUrlRequest>;

export const ZPayUrlResponse = z.object({
  paymentId: z.string(),
  /** sandbox | aba | wechat */
  gateway: z.string(),
  /** The page the browser is sent to; null when the payment happens inside the app (WeChat JSAPI). */
  checkoutUrl: z.string().nullable(),
  /** Form fields to POST to checkoutUrl (ABA PayWay's purchase form); null for a plain redirect. */
  form: z.record(z.string(), z.string()).nullable(),
  /** The amount asked of the traveller, in the gateway's currency. */
  amount: ZMoney,
});
export type PayUrlResponse = z.infer<typeof ZPayUrlResponse>;

/** Order pay status 0/1/2, the latest payment's status and how many e-tickets are issued. */
export const ZPayStatus = z.object({
  status: z.number().int(),
  paymentStatus: z.string().nullable(),
  ticketsIssued: z.number().int(),
});
export type PayStatus = z.infer<typeof ZPayStatus>;

/** POST ibe/sendEItineraryByOrder: to the order's contact e-mail, or to another address given. */
export const ZSendItineraryRequest = z.object({
  orderNo: z.string().trim().toUpperCase().min(1).max(32),
  email: z.email().max(120).optional(),
});
export type SendItineraryRequest = z.infer<typeof ZSendItineraryRequest>;

export const ZSendItineraryResponse = z.object({
  /** The address the itinerary went to, masked (t***@example.com). */
  sentTo: z.string(),
});
export type SendItineraryResponse = z.infer<typeof ZSendItineraryResponse>;
