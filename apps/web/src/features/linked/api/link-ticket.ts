import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkTicketReply, LinkTicketRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { LINK_FORM_CODES, linkedKeys } from './linked-keys';

/** POST associatedTicket/bindAssociatedTicket: links a ticket by its number + passenger name. */
export function linkTicket(body: LinkTicketRequest): Promise<LinkTicketReply> {
  return apiRequest<LinkTicketReply>('/ca/caweb/backend/associatedTicket/bindAssociatedTicket', {
    method: 'POST',
    body,
    quietCodes: LINK_FORM_CODES,
  });
}

/** Linking changes the linked lists and the member's order list. */
export function useLinkTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: linkTicket,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: linkedKeys.all });
      void client.invalidateQueries({ queryKey: ['orders', 'member'] });
    },
  });
}
