import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';
import { addonPaymentStarted, useAddonSession } from '../addon-session';
import { addonInfoKey, updateAddonStatus, useAddonInfo } from '../api/secondary-services';
import { AddonOrderList, addonPayHref } from './addon-orders';
import '../secondary-services.css';

/** How often, and how long, ticket detail asks about an add-on payment after the gateway. */
const CHECK_EVERY_MS = 2000;
export const ADDON_CONFIRM_WINDOW_MS = 60_000;

/**
 * Under a ticketed passenger on ticket detail (issue 14): the add-ons they bought after
 * ticketing, each with its EMD number, and "Add services" to buy more. The list is read once
 * for the whole order (infoList), only for a paid order with tickets.
 */
export function TicketPassengerAddons({
  order,
  seq,
  ticketed,
  testId,
}: {
  order: OrderDetail;
  seq: number;
  ticketed: boolean;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const nav = useAppNavigate();
  const paid = order.status === OrderPayStatus.paid;
  const anyTicket = order.passengers.some((p) => p.ticket !== null);
  const info = useAddonInfo(order.orderNo, i18n.language, paid && anyTicket);
  if (!paid || !ticketed) return null;
  const bought = info.data?.passengers
    .find((p) => p.seq === seq)
    ?.addonOrders.filter((o) => o.status === 'paid');
  return (
    <div className="sec-ticket-addons">
      {bought && bought.length > 0 ? (
        <AddonOrderList orders={bought} orderNo={order.orderNo} testId={`${testId}-paid`} compact />
      ) : null}
      <button
        type="button"
        className="order-pax-insurance"
        data-testid={`${testId}-add`}
        onClick={() => nav.push(orderHref(paths.secondaryServices, order.orderNo, { seq: String(seq) }))}
      >
        <span>{t('secondary.add_services')}</span>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

/**
 * Back on ticket detail from the gateway after paying an add-on (the gateway returns to the
 * ticketed order): a declined or cancelled payment goes to the add-on's pay-select, which
 * offers paying again or giving up; otherwise the payment is asked about every 2 s for a minute,
 * and once paid the order's add-ons (with their EMD numbers) are read again.
 */
export function AddonPayReturn({ orderNo, payFailed }: { orderNo: string; payFailed: boolean }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const secOrderNo = useAddonSession((s) => (s.payments[orderNo] ? addonPaymentStarted(orderNo) : null));
  const clearPayStarted = useAddonSession((s) => s.clearPayStarted);
  const closeOrder = useAddonSession((s) => s.closeOrder);

  useEffect(() => {
    if (secOrderNo && payFailed) nav.replace(addonPayHref(orderNo, secOrderNo, { payResult: 'fail' }));
  }, [secOrderNo, payFailed, orderNo, nav]);

  const check = useQuery({
    queryKey: ['secondary', 'check', secOrderNo],
    queryFn: () => updateAddonStatus(orderNo, secOrderNo ?? '', 'check'),
    enabled: secOrderNo !== null && !payFailed,
    refetchInterval: (q) => {
      const s = q.state.data;
      const settled =
        s && (s.status !== 'unpaid' || s.paymentStatus === 'failed' || s.paymentStatus === 'canceled');
      const started = useAddonSession.getState().payments[orderNo]?.at ?? 0;
      return settled || Date.now() - started > ADDON_CONFIRM_WINDOW_MS ? false : CHECK_EVERY_MS;
    },
    retry: false,
  });
  const state = check.data;
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!secOrderNo) return;
    const started = useAddonSession.getState().payments[orderNo]?.at ?? Date.now();
    const timer = setTimeout(
      () => setSlow(true),
      Math.max(0, started + ADDON_CONFIRM_WINDOW_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [secOrderNo, orderNo]);

  useEffect(() => {
    if (!state || !secOrderNo) return;
    if (state.status === 'paid') {
      closeOrder(secOrderNo);
      void client.invalidateQueries({ queryKey: addonInfoKey(orderNo) });
    }
  }, [state, secOrderNo, orderNo, client, closeOrder]);

  if (!secOrderNo || payFailed) return null;
  if (state?.status === 'paid') {
    return (
      <div className="booking-alert order-ok" role="status" data-testid="addon-paid">
        <p>{t('secondary.paid_note', { emd: state.emdNumbers.join(', ') })}</p>
        <Button size="small" fill="outline" color="primary" onClick={() => clearPayStarted(orderNo)}>
          {t('common.close')}
        </Button>
      </div>
    );
  }
  const declined = state && (state.paymentStatus === 'failed' || state.paymentStatus === 'canceled');
  if (declined || (state && state.status !== 'unpaid')) {
    return (
      <div className="booking-alert booking-alert-error" role="alert" data-testid="addon-pay-fail">
        <p>{t('secondary.pay_failed')}</p>
        <Button
          size="small"
          color="primary"
          data-testid="addon-pay-retry"
          onClick={() => nav.push(addonPayHref(orderNo, secOrderNo, { payResult: 'fail' }))}
        >
          {t('secondary.what_next')}
        </Button>
      </div>
    );
  }
  if (slow) {
    return (
      <div className="booking-alert" role="status" data-testid="addon-confirm-slow">
        <p>{t('secondary.confirm_slow')}</p>
        <Button size="small" color="primary" fill="outline" onClick={() => void check.refetch()}>
          {t('order.refresh')}
        </Button>
      </div>
    );
  }
  return (
    <div className="booking-alert order-confirming" role="status" data-testid="addon-confirming">
      <SpinLoading style={{ '--size': '18px' }} color="primary" />
      <span>{t('secondary.confirming')}</span>
    </div>
  );
}
