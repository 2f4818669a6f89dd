import { useMutation } from '@tanstack/react-query';
import type { ZCheckFlightScheduleResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import type { Infer } from '../../../api/types';

export type FlightScheduleCheck = Infer<typeof ZCheckFlightScheduleResponse>;

/** POST ca/caweb/backend/checkFlightSchedule: has a chosen flight been retimed since search? */
export function checkFlightSchedule(flightIds: string[]): Promise<FlightScheduleCheck> {
  return apiRequest<FlightScheduleCheck>('/ca/caweb/backend/checkFlightSchedule', {
    method: 'POST',
    body: { flightIds },
  });
}

export function useCheckFlightSchedule() {
  return useMutation({ mutationFn: checkFlightSchedule });
}
