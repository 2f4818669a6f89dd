import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AddonCreateOrderReply,
  type AddonCreateOrderRequest,
  type AddonInfoListReply,
  type AddonOrderState,
  ErrorCodes,
  type InsuranceGradeResponse,
  type InsurancePriceResponse,
  type JsPrepayOrderResponse,
  type PayMethod,
  type PayUrlResponse,
  type SeatMap,
} from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../../orders/order-session';

/**
 * The add-on calls after ticketing (issue 14, secondaryIncrService; docs/api.md "Add-ons (issue
 * 14): after ticketing"). Every call is POST and names the ticketed order, so a guest's grant for
 * that order rides along in the `orderToken` header, exactly as ticket detail reads the order.
 */
const BASE = '/ca/caweb/backend/secondaryIncrService';

/** Codes the add-on pages explain in place (with the server's message), not with a toast. */
export const ADDON_PAGE_CODES: readonly string[] = [
  ErrorCodes.invalidRequest.code,
  ErrorCodes.addonCutoff.code,
  ErrorCodes.addonBlocked.code,
  ErrorCodes.addonPending.code,
  ErrorCodes.seatTaken.code,
  ErrorCodes.insuranceAbnormal.code,
  ErrorCodes.orderAlreadyPaid.code,
  ErrorCodes.offerExpired.code,
  ErrorCodes.orderNotFound.code,
];

/** A read (`silent`: the page shows its own retry, ticket detail just leaves the list out) or a purchase step. */
function post<T>(path: string, orderNo: string, body: unknown, signal?: AbortSignal, silent = false) {
  return apiRequest<T>(`${BASE}/${path}`, {
    method: 'POST',
    body,
    signal,
    headers: orderTokenHeaders(orderNo),
    ...(silent ? { silent: true } : { quietCodes: ADDON_PAGE_CODES }),
  });
}

/** infoList: for every passenger of the order, what they have, what they can buy now and why not. */
export function addonInfoOptions(orderNo: string, language: string) {
  return queryOptions({
    queryKey: ['secondary', 'infoList', orderNo, language],
    queryFn: ({ signal }) => post<AddonInfoListReply>('infoList', orderNo, { orderNo }, signal, true),
    // Bars run on the clock (24 hours, 15 minutes): a list is fresh for half a minute.
    staleTime: 30_000,
    retry: false,
  });
}

export function useAddonInfo(orderNo: string, language: string, enabled = true) {
  return useQuery({ ...addonInfoOptions(orderNo, language), enabled: enabled && orderNo !== '' });
}

/** The key prefix of every infoList of an order, to read them again after a purchase or payment. */
export const addonInfoKey = (orderNo: string) => ['secondary', 'infoList', orderNo];

/** seatDetailsInfo: a leg's map read for this passenger (the seats barred to them carry the reason). */
export function useAddonSeatMap(
  request: { orderNo: string; seq: number; leg: number } | null,
  language: string,
) {
  return useQuery({
    queryKey: ['secondary', 'seatDetails', request, language],
    queryFn: ({ signal }) =>
      post<SeatMap>('seatDetailsInfo', request?.orderNo ?? '', request ?? {}, signal, true),
    enabled: request !== null,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** createOrder: the add-on order (priced by the server), to be paid on pay-select. */
export function createAddonOrder(body: AddonCreateOrderRequest): Promise<AddonCreateOrderReply> {
  return post<AddonCreateOrderReply>('createOrder', body.orderNo, body);
}

/** payUrl: a payment of the add-on order and where to complete it (as getPayUrl). */
export function addonPayUrl(orderNo: string, secOrderNo: string, method: PayMethod): Promise<PayUrlResponse> {
  return post<PayUrlResponse>('payUrl', orderNo, { secOrderNo, method });
}

/** updateOrderStatus/weChat: WeChat Pay's parameters for the add-on order (JSAPI with openid, else H5). */
export function addonWechatPay(
  orderNo: string,
  secOrderNo: string,
  openid: string | null,
): Promise<JsPrepayOrderResponse> {
  return post<JsPrepayOrderResponse>('updateOrderStatus/weChat', orderNo, {
    secOrderNo,
    ...(openid ? { openid } : {}),
  });
}

/** updateOrderStatus: give the payment up (`abandoned`) or ask how it stands (`check`). */
export function updateAddonStatus(
  orderNo: string,
  secOrderNo: string,
  status: 'abandoned' | 'check',
): Promise<AddonOrderState> {
  // Asked in the background while the traveller waits: a failure is retried, never toasted.
  return apiRequest<AddonOrderState>(`${BASE}/updateOrderStatus`, {
    method: 'POST',
    body: { secOrderNo, status },
    headers: orderTokenHeaders(orderNo),
    ...(status === 'check' ? { silent: true } : { quietCodes: ADDON_PAGE_CODES }),
  });
}

/** getInsurancePrice: a plan's price for the rest of this passenger's trip. */
export function useAddonInsurancePrice(orderNo: string, seq: number, insuranceType: string | null) {
  return useQuery({
    queryKey: ['secondary', 'insurancePrice', orderNo, seq, insuranceType],
    queryFn: ({ signal }) =>
      post<InsurancePriceResponse>('getInsurancePrice', orderNo, { orderNo, seq, insuranceType }, signal),
    enabled: insuranceType !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The insurer's plans for the rest of the trip (insurance/getInsuranceGrade with its local
 * dates, for one insured, in the order's currency): names, cover and the per-insured price.
 */
export function useInsurancePlans(
  trip: { startDate: string; endDate: string; currency: 'USD' | 'CNY' } | null,
) {
  return useQuery({
    queryKey: ['secondary', 'insuranceGrades', trip],
    queryFn: ({ signal }) =>
      apiRequest<InsuranceGradeResponse>('/travelsky/insurance/getInsuranceGrade', {
        method: 'POST',
        body: { ...trip, insuredCount: 1 },
        signal,
        quietCodes: [ErrorCodes.invalidRequest.code, ErrorCodes.insuranceAbnormal.code],
      }),
    enabled: trip !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
