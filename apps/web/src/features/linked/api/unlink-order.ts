import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnlinkReply } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { linkedKeys } from './linked-keys';

/** POST travelsky/user/memberrelateorder/deleteByUserIdAndOrderNo: unlinks an order (none linked: `removed` 0). */
export function unlinkOrder(orderNo: string): Promise<UnlinkReply> {
  return apiRequest<UnlinkReply>('/travelsky/user/memberrelateorder/deleteByUserIdAndOrderNo', {
    method: 'POST',
    body: { orderNo },
  });
}

export function useUnlinkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlinkOrder,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: linkedKeys.all });
      void client.invalidateQueries({ queryKey: ['orders', 'member'] });
    },
  });
}
