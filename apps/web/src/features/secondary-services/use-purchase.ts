import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import type { AddonCreateOrderRequest } from '@wings/contracts';
import { ErrorCodes } from '@wings/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/toast';
import { useAppNavigate } from '../../lib/navigation';
import { orderHref, paths } from '../../lib/paths';
import { useAddonSession } from './addon-session';
import { addonInfoKey, createAddonOrder } from './api/secondary-services';
import { addonPayHref } from './components/addon-orders';

export type PurchaseRequest = Omit<AddonCreateOrderRequest, 'idempotencyKey'>;

/** Why a purchase was refused, as the page shows it: the server's words, and a pending order to pay. */
export interface PurchaseProblem {
  message: string;
  /** 662: the add-on order of this service waiting for payment. */
  secOrderNo: string | null;
  /** The refusal belongs to a field (400), for a form to place. */
  error: unknown;
}

/**
 * Buying an add-on: createOrder with this purchase's key (the same purchase sent twice, by a
 * double tap or a retry after a lost answer, makes one add-on order), then pay-select for the
 * add-on order, or, when there is nothing to pay, straight back to the ticket where it shows. A refusal (within 24 hours, the 15-minute block, an order already waiting, a
 * seat just taken, a bad field) is kept for the page to show, and the offers are read again.
 */
export function usePurchase() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const keyFor = useAddonSession((s) => s.keyFor);
  const bindKey = useAddonSession((s) => s.bindKey);
  const closeOrder = useAddonSession((s) => s.closeOrder);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PurchaseProblem | null>(null);

  async function buy(request: PurchaseRequest): Promise<PurchaseProblem | null> {
    if (busy) return null;
    setBusy(true);
    setProblem(null);
    const purchase = JSON.stringify(request);
    try {
      const reply = await createAddonOrder({ ...request, idempotencyKey: keyFor(purchase) });
      bindKey(purchase, reply.secOrderNo);
      void client.invalidateQueries({ queryKey: addonInfoKey(request.orderNo) });
      if (reply.totalAmt.amount === 0) {
        // Nothing to pay (a seat filed at 0): the server confirmed it at once; it shows on the ticket.
        closeOrder(reply.secOrderNo);
        void showToast(t('secondary.free_done'));
        nav.replace(orderHref(paths.ticketDetail, request.orderNo));
        return null;
      }
      nav.push(addonPayHref(request.orderNo, reply.secOrderNo));
      return null;
    } catch (error) {
      let refused: PurchaseProblem = { message: t('secondary.buy_failed'), secOrderNo: null, error };
      if (isApiError(error)) {
        const data = (error.data ?? {}) as { secOrderNo?: unknown };
        const pending = error.code === ErrorCodes.addonPending.code && typeof data.secOrderNo === 'string';
        refused = {
          message: error.fields[0]?.message || error.message || t('secondary.buy_failed'),
          secOrderNo: pending ? (data.secOrderNo as string) : null,
          error,
        };
        if (error.code !== ErrorCodes.invalidRequest.code) {
          void client.invalidateQueries({ queryKey: addonInfoKey(request.orderNo) });
        }
      }
      setProblem(refused);
      return refused;
    } finally {
      setBusy(false);
    }
  }

  return { buy, busy, problem, clearProblem: () => setProblem(null) };
}
