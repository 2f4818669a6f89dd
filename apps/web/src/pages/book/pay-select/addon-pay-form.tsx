import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import { type AddonOrderView, ErrorCodes, type OrderDetail } from '@wings/contracts';
import { Button, Dialog, SpinLoading, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { StateView } from '../../../components/state-view';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { useCountdown } from '../../../features/orders/countdown';
import { useAddonSession } from '../../../features/secondary-services/addon-session';
import {
  addonInfoKey,
  addonPayUrl,
  addonWechatPay,
  updateAddonStatus,
  useAddonInfo,
} from '../../../features/secondary-services/api/secondary-services';
import { clockAt, hubZone, lineText, SERVICE_KEYS } from '../../../features/secondary-services/labels';
import { money } from '../../../lib/format';
import { PayMethodsCard, PaySubmitButton, PayTermsCard } from './pay-methods';
import { usePayFlow } from './use-pay-flow';
import '../../../features/secondary-services/secondary-services.css';

/** Why the add-on order can no longer be paid here, and when its purchase opens again (UTC). */
interface Closed {
  reason: 'abandoned' | 'expired';
  opensAt: string | null;
}

function ClosedState({ closed, order }: { closed: Closed; order: OrderDetail }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const airports = useAirportMap();
  return (
    <StateView
      tone="info"
      testId="addon-closed"
      title={t(closed.reason === 'abandoned' ? 'secondary.abandoned' : 'secondary.expired')}
      description={
        closed.opensAt ? (
          <span data-testid="addon-opens-at">
            {t('secondary.opens_at', { time: clockAt(closed.opensAt, hubZone(airports)) })}
          </span>
        ) : undefined
      }
      action={
        <Button
          color="primary"
          data-testid="addon-back-ticket"
          onClick={() => nav.replace(orderHref(paths.ticketDetail, order.orderNo))}
        >
          {t('secondary.back_to_ticket')}
        </Button>
      }
    />
  );
}

function Payable({
  order,
  addon,
  payFailed,
  onClosed,
}: {
  order: OrderDetail;
  addon: AddonOrderView;
  payFailed: boolean;
  onClosed: (closed: Closed) => void;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const markPayStarted = useAddonSession((s) => s.markPayStarted);
  const clearPayStarted = useAddonSession((s) => s.clearPayStarted);
  const closeOrder = useAddonSession((s) => s.closeOrder);
  const countdown = useCountdown(addon.payDeadline);
  const [giving, setGiving] = useState(false);
  const ticketHref = orderHref(paths.ticketDetail, order.orderNo);
  const { orderNo } = order;
  const { secOrderNo } = addon;
  const { methods, method, setMethod, terms, setTerms, attempted, leaving, termsRef, pay } = usePayFlow({
    ticketHref,
    checkout: (method) => addonPayUrl(orderNo, secOrderNo, method),
    wechat: (openid) => addonWechatPay(orderNo, secOrderNo, openid),
    markStarted: () => markPayStarted(orderNo, secOrderNo),
    clearStarted: () => clearPayStarted(orderNo),
    async onRefused(error) {
      if (error.code === ErrorCodes.orderAlreadyPaid.code) {
        Toast.show({ content: error.message || t('order_already_paid'), duration: TOAST_DURATION_MS });
        closeOrder(secOrderNo);
        await client.invalidateQueries({ queryKey: addonInfoKey(orderNo) });
        nav.replace(ticketHref);
      } else if (error.code === ErrorCodes.offerExpired.code) {
        onClosed({ reason: 'expired', opensAt: null });
      } else {
        Toast.show({ content: error.message || t('book.pay_fail'), duration: TOAST_DURATION_MS });
      }
    },
  });

  useEffect(() => {
    if (countdown.over) onClosed({ reason: 'expired', opensAt: null });
  }, [countdown.over, onClosed]);

  /** Spec §4: giving the payment up cancels the add-on order; the same purchase waits 15 minutes. */
  async function giveUp() {
    const yes = await Dialog.confirm({
      content: t('secondary.abandon_confirm'),
      confirmText: t('secondary.abandon'),
      cancelText: t('secondary.keep_paying'),
    });
    if (!yes) return;
    setGiving(true);
    try {
      const state = await updateAddonStatus(orderNo, secOrderNo, 'abandoned');
      clearPayStarted(orderNo);
      closeOrder(secOrderNo);
      void client.invalidateQueries({ queryKey: addonInfoKey(orderNo) });
      if (state.status === 'paid') {
        // The payment got through after all: the add-on is the traveller's.
        nav.replace(ticketHref);
        return;
      }
      onClosed({ reason: 'abandoned', opensAt: state.opensAt });
    } catch (error) {
      if (isApiError(error)) Toast.show({ content: error.message, duration: TOAST_DURATION_MS });
    } finally {
      setGiving(false);
    }
  }

  return (
    <>
      <div className="page-body booking-body">
        {payFailed ? (
          <div className="booking-alert booking-alert-error" role="alert" data-testid="addon-pay-declined">
            <p>{t('secondary.pay_failed')}</p>
          </div>
        ) : null}
        <section className="card pay-amount-card" data-testid="pay-summary">
          <div className="pay-amount-row">
            <span className="muted">{t('pay.amount')}</span>
            <strong className="price pay-amount" data-testid="pay-amount">
              {money(addon.totalAmt)}
            </strong>
          </div>
          <div className="order-countdown-box">
            <span>{t('booking.pay_within')}</span>
            <span className="order-countdown" data-testid="pay-countdown" aria-live="off">
              {countdown.text}
            </span>
          </div>
          <div className="info-row">
            <span className="info-row-label">{t('secondary.addon_order_no')}</span>
            <strong data-testid="pay-order-no">{secOrderNo}</strong>
          </div>
          <div className="info-row">
            <span className="info-row-label">{t('booking.order_no')}</span>
            <span>{orderNo}</span>
          </div>
          <div className="info-row">
            <span className="info-row-label">{t('booking.passenger')}</span>
            <span>{addon.passengerName}</span>
          </div>
          <h2 className="order-subtitle">{t(SERVICE_KEYS[addon.serviceCode])}</h2>
          <ul className="sec-order-lines" data-testid="addon-lines">
            {addon.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change order
              <li key={i} className="sec-order-line">
                <span>
                  {line.flightNo ? <span className="muted">{line.flightNo} </span> : null}
                  {lineText(addon.serviceCode, line, t)}
                </span>
                <span className="price small">{money(line.amount)}</span>
              </li>
            ))}
          </ul>
        </section>

        <PayMethodsCard
          methods={methods}
          method={method}
          onChange={setMethod}
          wechatNote={t('pay.wechat_cny', { amount: money(addon.totalAmt) })}
        />

        <PayTermsCard ref={termsRef} accepted={terms} onChange={setTerms} missing={attempted && !terms} />
      </div>

      <footer className="booking-footer">
        <PaySubmitButton amount={addon.totalAmt} leaving={leaving} onPay={() => void pay()} />
        <Button
          block
          fill="none"
          className="sec-give-up"
          loading={giving}
          disabled={leaving}
          data-testid="addon-give-up"
          onClick={() => void giveUp()}
        >
          {t('secondary.abandon')}
        </Button>
      </footer>
    </>
  );
}

/**
 * pay-select for an add-on order (`?secOrderNo=S…&orderNo=W…`; issue 14, spec §4): its amount
 * (`totalAmt`), the countdown to its deadline, the same methods and checkout as an order, paid
 * through secondaryIncrService/payUrl (WeChat Pay inside WeChat through updateOrderStatus/weChat).
 * Back from a declined payment (`payResult=fail`) it says so; giving up asks first, then calls
 * updateOrderStatus `abandoned` and says when the same purchase can be made again.
 */
export function AddonPayForm({
  order,
  secOrderNo,
  payFailed,
}: {
  order: OrderDetail;
  secOrderNo: string;
  payFailed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const nav = useAppNavigate();
  const info = useAddonInfo(order.orderNo, i18n.language);
  const [closed, setClosed] = useState<Closed | null>(null);
  const addon = info.data?.passengers.flatMap((p) => p.addonOrders).find((o) => o.secOrderNo === secOrderNo);
  const paid = addon?.status === 'paid';
  const ticketHref = orderHref(paths.ticketDetail, order.orderNo);

  useEffect(() => {
    if (paid && !closed) nav.replace(ticketHref);
  }, [paid, closed, nav, ticketHref]);

  if (closed) return <ClosedState closed={closed} order={order} />;
  if (info.isPending) {
    return (
      <div className="order-loading" role="status" data-testid="order-loading">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (info.isError || !addon) {
    return (
      <StateView
        tone="error"
        testId="addon-not-found"
        title={t('secondary.addon_not_found')}
        action={
          <Button color="primary" onClick={() => nav.replace(ticketHref)}>
            {t('secondary.back_to_ticket')}
          </Button>
        }
      />
    );
  }
  if (addon.status !== 'unpaid') {
    if (paid) return null;
    const blocked = info.data?.passengers
      .find((p) => p.seq === addon.passengerSeq)
      ?.serviceBars.find((b) => b.serviceCode === addon.serviceCode && b.bar.reason === 'blocked');
    return (
      <ClosedState
        closed={{
          reason: addon.status === 'canceled' ? 'abandoned' : 'expired',
          opensAt: blocked?.bar.opensAt ?? null,
        }}
        order={order}
      />
    );
  }
  return <Payable order={order} addon={addon} payFailed={payFailed} onClosed={setClosed} />;
}
