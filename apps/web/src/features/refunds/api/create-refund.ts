import { useMutation } from '@tanstack/react-query';
import type { CreateRefundRequest, RefundOrderView } from '@wings/contracts';
import { refundCall } from './refund-call';

/**
 * createRefund: a draft refund order with the quote priced again on the server. The request's
 * idempotency key (kept in the refund session) makes a double tap or a retry the same draft.
 */
export function useCreateRefund() {
  return useMutation({
    mutationFn: (req: CreateRefundRequest) =>
      refundCall<RefundOrderView>('createRefund', req.orderNo, req, { quiet: true }),
  });
}
