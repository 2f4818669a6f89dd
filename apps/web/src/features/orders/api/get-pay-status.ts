import { useQuery } from '@tanstack/react-query';
import type { PayStatus } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { orderTokenHeaders } from '../order-session';

/** While confirming a payment the status is asked every 2 s. */
export const PAY_STATUS_POLL_MS = 2000;

/** GET travelsky/payment/status/{orderNo}: pay status, latest payment, tickets issued. Never toasts. */
export function getPayStatus(orderNo: string, signal?: AbortSignal): Promise<PayStatus> {
  return apiRequest<PayStatus>(`/travelsky/payment/status/${encodeURIComponent(orderNo)}`, {
    signal,
    headers: orderTokenHeaders(orderNo),
    silent: true,
  });
}

/** The pay status, asked every 2 s while `polling`. */
export function usePayStatus(orderNo: string, polling: boolean) {
  return useQuery({
    queryKey: ['orders', 'pay-status', orderNo],
    queryFn: ({ signal }) => getPayStatus(orderNo, signal),
    enabled: polling,
    refetchInterval: polling ? PAY_STATUS_POLL_MS : false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
