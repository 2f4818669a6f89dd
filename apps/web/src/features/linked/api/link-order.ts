import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkOrderReply, LinkOrderRequest } from '@wings/contracts';
import { apiRequest } from '../../../api/http-client';
import { LINK_FORM_CODES, linkedKeys } from './linked-keys';

/** POST travelsky/user/memberrelateorder/insert: links an order by PNR + surname (again: `created` false). */
export function linkOrder(body: LinkOrderRequest): Promise<LinkOrderReply> {
  return apiRequest<LinkOrderReply>('/travelsky/user/memberrelateorder/insert', {
    method: 'POST',
    body,
    quietCodes: LINK_FORM_CODES,
  });
}

/** Linking changes the linked lists and the member's order list. */
export function useLinkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: linkOrder,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: linkedKeys.all });
      void client.invalidateQueries({ queryKey: ['orders', 'member'] });
    },
  });
}
