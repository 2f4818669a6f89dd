import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnlinkReply } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { linkedKeys } from './linked-keys';

/** POST associatedTicket/cancelAssociatedTicket: unlinks a ticket (none linked: `removed` 0). */
export function unlinkTicket(ticketNo: string): Promise<UnlinkReply> {
  return apiRequest<UnlinkReply>('/ca/caweb/backend/associatedTicket/cancelAssociatedTicket', {
    method: 'POST',
    body: { ticketNo },
  });
}

export function useUnlinkTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlinkTicket,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: linkedKeys.all });
      void client.invalidateQueries({ queryKey: ['orders', 'member'] });
    },
  });
}
