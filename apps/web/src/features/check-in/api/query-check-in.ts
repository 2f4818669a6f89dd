import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckInState } from '@wings/contracts';
import { checkInKey, checkInPost } from './check-in-request';

/** queryCheckIn: each passenger on each leg, with the check-in state, its window and seat. */
export function checkInStateOptions(orderNo: string) {
  return queryOptions({
    queryKey: [...checkInKey(orderNo), 'state'],
    queryFn: ({ signal }) => checkInPost<CheckInState>('queryCheckIn', orderNo, { orderNo }, signal, true),
    // The window runs on the clock: a state is fresh for half a minute.
    staleTime: 30_000,
    retry: false,
  });
}

export function useCheckInState(orderNo: string, enabled = true) {
  return useQuery({ ...checkInStateOptions(orderNo), enabled: enabled && orderNo !== '' });
}
