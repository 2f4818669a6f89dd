import { useMutation } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import type { ZCheckFlightScheduleRequest, ZCheckFlightScheduleResponse } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export type FlightScheduleCheck = Infer<typeof ZCheckFlightScheduleResponse>;
export type FlightScheduleCheckRequest = Infer<typeof ZCheckFlightScheduleRequest>;

/**
 * POST ca/caweb/backend/checkFlightSchedule: has a chosen flight been retimed since search?
 * With `seen` (each flight's `depTime` as search showed it) a flight counts as changed when
 * it now leaves at another time than the one shown.
 */
export function checkFlightSchedule(body: FlightScheduleCheckRequest): Promise<FlightScheduleCheck> {
  return apiRequest<FlightScheduleCheck>('/ca/caweb/backend/checkFlightSchedule', {
    method: 'POST',
    body,
  });
}

export function useCheckFlightSchedule() {
  return useMutation({ mutationFn: checkFlightSchedule });
}
