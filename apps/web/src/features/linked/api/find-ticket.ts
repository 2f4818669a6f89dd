import { useMutation } from '@tanstack/react-query';
import type { LinkTicketRequest, TicketMatchList } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { LINK_FORM_CODES } from './linked-keys';

/**
 * POST associatedTicket/queryAssociatedTicketByTiktNoAndName: the ticket a number and name prove,
 * without linking it (relevance-query). 690 and 691 are shown beside the form.
 */
export function findTicket(body: LinkTicketRequest): Promise<TicketMatchList> {
  return apiRequest<TicketMatchList>(
    '/ca/caweb/backend/associatedTicket/queryAssociatedTicketByTiktNoAndName',
    {
      method: 'POST',
      body,
      quietCodes: LINK_FORM_CODES,
    },
  );
}

export function useFindTicket() {
  return useMutation({ mutationFn: findTicket });
}
