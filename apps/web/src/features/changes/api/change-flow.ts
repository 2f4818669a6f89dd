import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type ChangeFlightsRequest,
  type ChangeFlightsResponse,
  type ChangeOrderView,
  type CheckChangeOrderRequest,
  type CheckChangeResponse,
  ErrorCodes,
  type PayMethod,
  type PayUrlResponse,
  type SaveChangeOrderRequest,
} from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../../orders/order-session';

/**
 * The calls of a change of date (issue 16; after-sales §7 "Change date"; contracts changes.ts),
 * all POST under ca/caweb/backend. Every call names its order, so a guest's grant for that order
 * rides along in the `orderToken` header, exactly as ticket detail reads the order.
 */
export const CHANGE_BASE = '/ca/caweb/backend';

/**
 * The refusals the change pages explain in place, next to what they are about, with the
 * server's message (after-sales §8): no toast for them.
 */
export const CHANGE_PAGE_CODES: readonly string[] = [
  ErrorCodes.changeInProgress.code,
  ErrorCodes.changeOutboundAfterReturn.code,
  ErrorCodes.changeReturnBeforeDeparture.code,
  ErrorCodes.changeReasonRequired.code,
  ErrorCodes.changeFlightTimeChanged.code,
  ErrorCodes.changeNoFlights.code,
  ErrorCodes.changeSoldOut.code,
  ErrorCodes.changeNotFound.code,
  ErrorCodes.changeQuoteExpired.code,
  ErrorCodes.changeKeyReused.code,
  ErrorCodes.changeInsuranceAbnormal.code,
  ErrorCodes.changeInsuranceTerms.code,
  ErrorCodes.changeSameFlight.code,
  ErrorCodes.changeNotDisrupted.code,
];

/**
 * POST `<base>/<path>` about `orderNo` (its grant, if this device holds one). `quiet`: the change
 * pages' refusals are shown in place (or the codes given); `silent`: no toast at all.
 */
export function changeCall<T>(
  path: string,
  orderNo: string,
  body: unknown,
  options: { signal?: AbortSignal; quiet?: boolean | readonly string[]; silent?: boolean } = {},
): Promise<T> {
  const quietCodes = options.quiet === true ? CHANGE_PAGE_CODES : options.quiet || null;
  return apiRequest<T>(`${CHANGE_BASE}/${path}`, {
    method: 'POST',
    body,
    signal: options.signal,
    headers: orderNo ? orderTokenHeaders(orderNo) : {},
    ...(quietCodes ? { quietCodes } : {}),
    ...(options.silent ? { silent: true } : {}),
  });
}

/** A change order as a call answered it, into every language's cached copy of its detail. */
function cacheChange(client: QueryClient, view: ChangeOrderView): void {
  client.setQueriesData({ queryKey: changeKeys.detail(view.changeNo) }, view);
}

/** The query keys of the change flow (asked again once a change is confirmed). */
export const changeKeys = {
  order: (orderNo: string) => ['changes', 'order', orderNo.toUpperCase()] as const,
  flights: (req: ChangeFlightsRequest) =>
    ['changes', 'order', req.orderNo.toUpperCase(), 'flights', req.segmentSeq, req.date, req.kind] as const,
  detail: (changeNo: string) => ['changes', 'detail', changeNo.toUpperCase()] as const,
};

/** checkChange: may the order be changed, its legs, passengers, fee and §5's date limits. */
export function useCheckChange(orderNo: string, language: string, enabled = true) {
  return useQuery({
    queryKey: [...changeKeys.order(orderNo), 'checkChange', language],
    queryFn: ({ signal }) =>
      changeCall<CheckChangeResponse>('changeTicket/checkChange', orderNo, { orderNo }, { signal }),
    enabled: enabled && orderNo !== '',
    // The 4-hour cutoff runs on the clock: asked again each time a page opens.
    staleTime: 0,
    retry: false,
  });
}

/** queryChangeFlights: a leg's flights on a new date with what moving to each costs (725: none). */
export function useChangeFlights(req: ChangeFlightsRequest | null, language: string) {
  return useQuery({
    queryKey: req ? [...changeKeys.flights(req), language] : ['changes', 'flights', 'none'],
    queryFn: ({ signal }) =>
      changeCall<ChangeFlightsResponse>('changeTicket/queryChangeFlights', req?.orderNo ?? '', req, {
        signal,
        quiet: true,
      }),
    enabled: req !== null,
    // Seats and fares move: a list is good while the traveller compares, then asked again.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * checkChangeOrder: the chosen flights and reason become a quote that holds its seats and price
 * for a while. The session's idempotency key makes a retry or a double tap the same quote.
 */
export function useCheckChangeOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (req: CheckChangeOrderRequest) =>
      changeCall<ChangeOrderView>('changeTicket/checkChangeOrder', req.orderNo, req, { quiet: true }),
    onSuccess: (view) => cacheChange(client, view),
  });
}

/** queryChangeOrderDetail/{changeNo}: one change order (a quote, an unpaid change, a record). */
export function useChangeOrderDetail(changeNo: string, orderNo: string, language: string) {
  return useQuery({
    queryKey: [...changeKeys.detail(changeNo), language],
    queryFn: ({ signal }) =>
      changeCall<ChangeOrderView>(
        `changeTicketInfo/queryChangeOrderDetail/${encodeURIComponent(changeNo)}`,
        orderNo,
        {},
        // The record pages explain "not yours" in place too (no-access view).
        { signal, quiet: [...CHANGE_PAGE_CODES, ErrorCodes.changeNotOwner.code] },
      ),
    enabled: changeNo !== '',
    staleTime: 10_000,
    retry: false,
  });
}

/** saveChangeOrder: confirms the quote; nothing to pay completes it, else it waits for payment. */
export function useSaveChangeOrder(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (req: SaveChangeOrderRequest) =>
      changeCall<ChangeOrderView>('changeTicket/saveChangeOrder', orderNo, req, { quiet: true }),
    onSuccess: async (view) => {
      cacheChange(client, view);
      await client.invalidateQueries({ queryKey: changeKeys.order(orderNo) });
    },
  });
}

/** getPayUrl/{changeNo}: a payment of the confirmed change and where to complete it (as getPayUrl). */
export function changePayUrl(orderNo: string, changeNo: string, method: PayMethod): Promise<PayUrlResponse> {
  return changeCall<PayUrlResponse>(`changeTicket/getPayUrl/${encodeURIComponent(changeNo)}`, orderNo, {
    method,
  });
}
