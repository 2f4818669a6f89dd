import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInRequest, CheckInState } from '@wings/contracts';
import { checkInKey, checkInPost } from './check-in-request';

/** checkIn: checks the chosen passengers in for the chosen legs (all or none; a repeat changes nothing). */
export function useCheckInPassengers(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: CheckInRequest['items']) =>
      checkInPost<CheckInState>('checkIn', orderNo, { orderNo, items }),
    onSuccess: (state) => {
      client.setQueryData([...checkInKey(orderNo), 'state'], state);
      void client.invalidateQueries({ queryKey: checkInKey(orderNo) });
    },
  });
}
