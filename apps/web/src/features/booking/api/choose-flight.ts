import { useMutation } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import { ErrorCodes, type Offer, type ZChooseFlightRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export type ChooseFlightRequest = Infer<typeof ZChooseFlightRequest>;

/** Codes after which the traveller goes back to the results to choose again (the page says why). */
export const CHOOSE_AGAIN_CODES: readonly string[] = [
  ErrorCodes.flightScheduleChanged.code,
  ErrorCodes.flightSelectLimit.code,
  ErrorCodes.seatsSoldOut.code,
  ErrorCodes.offerExpired.code,
];

/** POST travelsky/ibe/chooseFlight: re-checks the chosen flights and classes; a priced offer for 20 minutes. */
export function chooseFlight(body: ChooseFlightRequest): Promise<Offer> {
  return apiRequest<Offer>('/travelsky/ibe/chooseFlight', {
    method: 'POST',
    body,
    quietCodes: CHOOSE_AGAIN_CODES,
  });
}

export function useChooseFlight() {
  return useMutation({ mutationFn: chooseFlight });
}
