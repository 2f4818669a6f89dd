import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelCheckInRequest, CheckInState } from '@wings/contracts';
import { forgetBoardingPasses } from '../boarding-pass-store';
import { checkInKey, checkInPost } from './check-in-request';

/** cancelCheckIn: undoes check-ins before check-in closes (a seat given at check-in is freed). */
export function useCancelCheckIn(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: CancelCheckInRequest['items']) =>
      checkInPost<CheckInState>('cancelCheckIn', orderNo, { orderNo, items }),
    onSuccess: (state) => {
      // The passes kept on the phone no longer hold: they are read again when next opened.
      forgetBoardingPasses(orderNo);
      client.setQueryData([...checkInKey(orderNo), 'state'], state);
      void client.invalidateQueries({ queryKey: checkInKey(orderNo) });
    },
  });
}
