import { useQuery } from '@tanstack/react-query';
import type { LinkedTicketList } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { linkedKeys } from './linked-keys';

/** POST associatedTicket/queryAssociatedTicket: the tickets the traveller linked, each as it is now. */
export function getLinkedTickets(signal?: AbortSignal): Promise<LinkedTicketList> {
  return apiRequest<LinkedTicketList>('/ca/caweb/backend/associatedTicket/queryAssociatedTicket', {
    method: 'POST',
    body: {},
    signal,
    silent: true,
  });
}

export function useLinkedTickets() {
  return useQuery({ queryKey: linkedKeys.tickets, queryFn: ({ signal }) => getLinkedTickets(signal) });
}
