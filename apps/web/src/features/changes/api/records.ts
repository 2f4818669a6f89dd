import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeOrderListResponse, ChooseDisruptionRequest, DisruptionResponse } from '@wings/contracts';
import { changeCall } from './change-flow';

/**
 * The change records and the airline's disruptions (issue 16; after-sales §2 rescheduled-record
 * and rescheduled-detail, §7 "Change date"; contracts changes.ts), POST under ca/caweb/backend.
 * A call that names an order carries a guest's grant for it in the `orderToken` header
 * (change-flow.ts's changeCall).
 */
/** How many change orders a page of the records asks for (the server's default page). */
export const CHANGE_RECORDS_PAGE_SIZE = 20;

/**
 * Query keys. The disruptions sit under the change flow's order key (['changes', 'order', no]),
 * so confirming a move there asks for them again.
 */
export const recordKeys = {
  list: (orderNo: string, language: string) => ['changes', 'records', orderNo, language] as const,
  disruptions: (orderNo: string) => ['changes', 'order', orderNo.toUpperCase(), 'disruptions'] as const,
};

/** queryChangeOrderList: the caller's change orders, newest first, a page at a time; `orderNo` narrows them to one order. */
export function useChangeOrderList(orderNo: string, language: string) {
  return useInfiniteQuery({
    queryKey: recordKeys.list(orderNo, language),
    queryFn: ({ pageParam, signal }) =>
      changeCall<ChangeOrderListResponse>(
        'changeTicketInfo/queryChangeOrderList',
        orderNo,
        { ...(orderNo ? { orderNo } : {}), pageNum: pageParam, pageSize: CHANGE_RECORDS_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
    staleTime: 10_000,
    retry: false,
  });
}

/** One change order: the change flow's call and its cache (api/change-flow.ts). */
export { useChangeOrderDetail } from './change-flow';

/**
 * queryDisruption: the order's flights the airline retimed or canceled and what the traveller
 * chose. Asked only for a paid order; a failure only hides the banner (no toast).
 */
export function useDisruptions(orderNo: string, language: string, enabled: boolean) {
  return useQuery({
    queryKey: [...recordKeys.disruptions(orderNo), language],
    queryFn: ({ signal }) =>
      changeCall<DisruptionResponse>(
        'changeTicket/queryDisruption',
        orderNo,
        { orderNo },
        { signal, silent: true },
      ),
    enabled: enabled && orderNo !== '',
    staleTime: 30_000,
    retry: false,
  });
}

/** chooseDisruption: the traveller keeps the retimed flight; the banner is asked for again. */
export function useAcceptDisruption(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (flightId: string) => {
      const body: ChooseDisruptionRequest = { orderNo, flightId, choice: 'accepted' };
      return changeCall<unknown>('changeTicket/chooseDisruption', orderNo, body);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: recordKeys.disruptions(orderNo) }),
  });
}
