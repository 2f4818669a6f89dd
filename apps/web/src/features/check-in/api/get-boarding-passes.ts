import { useQuery } from '@tanstack/react-query';
import type { BoardingPassBundle } from '@wings/contracts';
import { saveBoardingPasses } from '../boarding-pass-store';
import { checkInKey, checkInPost } from './check-in-request';

/**
 * getBoardingPasses: every checked-in passenger's pass of the order in one bundle, kept on the
 * phone as soon as it arrives so the boarding pass page opens without a connection.
 */
export function useBoardingPasses(orderNo: string, enabled = true) {
  return useQuery({
    queryKey: [...checkInKey(orderNo), 'passes'],
    queryFn: async ({ signal }) => {
      const bundle = await checkInPost<BoardingPassBundle>(
        'getBoardingPasses',
        orderNo,
        { orderNo },
        signal,
        true,
      );
      saveBoardingPasses(bundle);
      return bundle;
    },
    enabled: enabled && orderNo !== '',
    retry: false,
    staleTime: 60_000,
  });
}
