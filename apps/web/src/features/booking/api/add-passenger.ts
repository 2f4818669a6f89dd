import { useMutation } from '@tanstack/react-query';
import type { Infer } from '@wings/api-client';
import { ErrorCodes, type ZAddPassengerRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';

export type AddPassengerRequest = Infer<typeof ZAddPassengerRequest>;

/** POST travelsky/ibe/addPassenger: checks passengers and contact for the offer; a 400 names each field. */
export function addPassenger(body: AddPassengerRequest): Promise<{ valid: true }> {
  return apiRequest<{ valid: true }>('/travelsky/ibe/addPassenger', {
    method: 'POST',
    body,
    // Field problems go on their fields; an expired offer is explained by the page.
    quietCodes: [
      ErrorCodes.invalidRequest.code,
      ErrorCodes.offerExpired.code,
      ErrorCodes.passengerLimit.code,
    ],
  });
}

export function useAddPassenger() {
  return useMutation({ mutationFn: addPassenger });
}
