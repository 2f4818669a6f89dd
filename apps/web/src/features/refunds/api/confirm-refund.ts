import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundOrderView } from '@wings/contracts';
import { refundCall, refundKeys } from './refund-call';

/** confirmRefund: submits the draft to audit with exactly its quote; the order's reads are asked again. */
export function useConfirmRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ refundNo, orderNo }: { refundNo: string; orderNo: string }) =>
      refundCall<RefundOrderView>('confirmRefund', orderNo, { refundNo }, { quiet: true }),
    onSuccess: async (view) => {
      client.setQueryData(refundKeys.detail(view.refundNo), view);
      await Promise.all([
        client.invalidateQueries({ queryKey: refundKeys.order(view.orderNo) }),
        client.invalidateQueries({ queryKey: refundKeys.list() }),
        client.invalidateQueries({ queryKey: ['orders', 'detail', view.orderNo] }),
      ]);
    },
  });
}
