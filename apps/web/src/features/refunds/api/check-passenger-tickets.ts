import { useMutation } from '@tanstack/react-query';
import type { PassengerTicketCheckRequest, PassengerTicketCheckResponse } from '@wings/contracts';
import { refundCall } from './refund-call';

/**
 * pasngerTicketCheck: the server's word on the chosen passengers (at least one, each refundable,
 * minors keeping their adults). Its refusals are shown beside the list, not as a toast.
 */
export function useCheckPassengerTickets() {
  return useMutation({
    mutationFn: (req: PassengerTicketCheckRequest) =>
      refundCall<PassengerTicketCheckResponse>('pasngerTicketCheck', req.orderNo, req, { quiet: true }),
  });
}
