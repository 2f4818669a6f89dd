import { z } from 'zod';
import { ZPayUrlResponse } from './payments';

/**
 * WeChat calls (booking-and-account.md §4 mini-program payment flow, §7 Payment (WeChat)):
 *   pay/payment/wechat/exchangeRate           the rate in force between two currencies;
 *   pay/payment/wechat/convertAmount          an amount converted at it (the member flow's convertAmount);
 *   pay/payment/wechat/jsPrepayOrder/{no}     the pay parameters of an order (getPayParams);
 *   pay/payment/wechat/getSign                the JS-SDK config signature of a page;
 *   pay/payment/wechat/queryOrder?orderNo=    the order's WeChat payment, asked of WeChat Pay;
 *   travelsky/thirdoauth/wechat/getOpenid/{c} the payer's openid from an OAuth code.
 */

/** Currencies an exchange rate can be asked between (KHR is shown, never charged). */
export const ZRateCurrency = z.enum(['USD', 'CNY', 'KHR']);
export type RateCurrency = z.infer<typeof ZRateCurrency>;

/**
 * Digits of each currency's minor unit, as ISO 4217 lists them: amounts on the wire are whole
 * minor units (cents, fen). ISO 4217 gives the riel 2 digits too, though no coin of a
 * hundredth of a riel circulates.
 */
export const CURRENCY_MINOR_DIGITS: Record<RateCurrency, number> = { USD: 2, CNY: 2, KHR: 2 };

const pair = {
  originCurrency: ZRateCurrency.default('USD'),
  destinationCurrency: ZRateCurrency.default('CNY'),
};

/** Whole minor units of the origin currency (cents): what convertAmount and exchangeRate convert. */
const ZMinorAmount = z.number().int().nonnegative().max(1_000_000_000_000);

export const ZExchangeRateRequest = z.object({
  /** Optional: with it the reply also gives amountResult, as convertAmount does (spec §7). */
  amount: ZMinorAmount.optional(),
  ...pair,
});
export type ExchangeRateRequest = z.infer<typeof ZExchangeRateRequest>;

export const ZExchangeRate = z.object({
  originCurrency: ZRateCurrency,
  destinationCurrency: ZRateCurrency,
  /** Units of the destination currency per unit of the origin, for display (7.1 CNY per USD). */
  exchangeRate: z.number(),
  /** The same, exactly: times 1,000,000, as an integer. */
  rateMicros: z.number().int(),
  /** Since when the rate is in force (ISO instant). */
  effectiveAt: z.string(),
});
export type ExchangeRate = z.infer<typeof ZExchangeRate>;

export const ZConvertAmountRequest = z.object({
  /** Whole minor units of the origin currency (cents). */
  amount: ZMinorAmount,
  ...pair,
});
export type ConvertAmountRequest = z.infer<typeof ZConvertAmountRequest>;

export const ZConvertAmountResponse = ZExchangeRate.extend({
  amount: z.number().int(),
  /** Whole minor units of the destination currency (fen), rounded half up. */
  amountResult: z.number().int(),
});
export type ConvertAmountResponse = z.infer<typeof ZConvertAmountResponse>;

/** exchangeRate's reply: the rate, and with an amount asked, that amount converted (as convertAmount). */
export const ZExchangeRateResponse = ZExchangeRate.extend({
  amount: z.number().int().optional(),
  /** Whole minor units of the destination currency, rounded half up; only when amount was given. */
  amountResult: z.number().int().optional(),
});
export type ExchangeRateResponse = z.infer<typeof ZExchangeRateResponse>;

export const ZJsPrepayOrderRequest = z.object({
  /** The payer's openid for the pay app id (from getOpenid); without it an H5 checkout URL is answered. */
  openid: z.string().trim().min(1).max(128).optional(),
});
export type JsPrepayOrderRequest = z.infer<typeof ZJsPrepayOrderRequest>;

/** What wx.requestPayment / WeixinJSBridge getBrandWCPayRequest take, signed by the merchant. */
export const ZWechatPayParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.string(),
  paySign: z.string(),
});
export type WechatPayParams = z.infer<typeof ZWechatPayParams>;

export const ZJsPrepayOrderResponse = ZPayUrlResponse.extend({
  /** JSAPI parameters; null when the payment goes to the H5 checkoutUrl instead. */
  clientParams: ZWechatPayParams.nullable(),
});
export type JsPrepayOrderResponse = z.infer<typeof ZJsPrepayOrderResponse>;

export const ZGetSignRequest = z.object({
  /** The page URL as the browser has it (the part after # is dropped before signing). */
  url: z.url().max(2048),
});
export type GetSignRequest = z.infer<typeof ZGetSignRequest>;

/** The fields of wx.config (WeChat JS-SDK). */
export const ZGetSignResponse = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type GetSignResponse = z.infer<typeof ZGetSignResponse>;

export const ZQueryWechatOrderQuery = z.object({ orderNo: z.string().trim().toUpperCase().min(1).max(40) });
export type QueryWechatOrderQuery = z.infer<typeof ZQueryWechatOrderQuery>;

export const ZOpenidResponse = z.object({ openid: z.string() });
export type OpenidResponse = z.infer<typeof ZOpenidResponse>;
