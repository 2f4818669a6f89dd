import { useQueryClient } from '@tanstack/react-query';
import { ErrorCodes, type LanguageTag, type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useSessionStore } from '../../../features/account/session-store';
import { useBookingStore } from '../../../features/booking/booking-store';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { orderDetailQueryOptions } from '../../../features/orders/api/get-order-detail';
import { useGetPayUrl } from '../../../features/orders/api/get-pay-url';
import { jsPrepayOrder } from '../../../features/orders/api/wechat-pay';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { OrderLegs } from '../../../features/orders/components/order-legs';
import { useCountdown } from '../../../features/orders/countdown';
import { useOrderSession } from '../../../features/orders/order-session';
import { useOrderView } from '../../../features/orders/use-order-view';
import { money } from '../../../lib/format';
import { AddonPayForm } from './addon-pay-form';
import { ChangePayForm } from './change-pay-form';
import { PayMethodsCard, PaySubmitButton, PayTermsCard } from './pay-methods';
import { usePayFlow } from './use-pay-flow';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/booking/results.css';
import '../../../features/orders/orders.css';

export { PAY_REDIRECT_DELAY_MS } from './pay-methods';

function PayForm({ order, lang }: { order: OrderDetail; lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const airports = useAirportMap();
  const resetBooking = useBookingStore((s) => s.reset);
  const markPayStarted = useOrderSession((s) => s.markPayStarted);
  const clearPayStarted = useOrderSession((s) => s.clearPayStarted);
  const payUrl = useGetPayUrl();
  const countdown = useCountdown(order.payDeadline);
  const [expired, setExpired] = useState(false);
  const ticketHref = orderHref(paths.ticketDetail, order.orderNo);
  const { methods, method, setMethod, terms, setTerms, attempted, leaving, termsRef, pay } = usePayFlow({
    ticketHref,
    checkout: (method) => payUrl.mutateAsync({ orderNo: order.orderNo, method }),
    wechat: (openid) => jsPrepayOrder(order.orderNo, openid),
    markStarted: () => markPayStarted(order.orderNo),
    clearStarted: () => clearPayStarted(order.orderNo),
    async onRefused(error) {
      if (error.code === ErrorCodes.orderAlreadyPaid.code) {
        Toast.show({ content: error.message || t('order_already_paid'), duration: TOAST_DURATION_MS });
        await client.invalidateQueries({ queryKey: orderDetailQueryOptions(order.orderNo).queryKey });
        nav.replace(ticketHref);
      } else if (error.code === ErrorCodes.offerExpired.code) {
        setExpired(true);
      }
    },
  });

  // A paid order is never paid again: straight to its tickets.
  useEffect(() => {
    if (order.status === OrderPayStatus.paid) nav.replace(ticketHref);
  }, [order.status, nav, ticketHref]);

  if (
    expired ||
    order.status === OrderPayStatus.canceled ||
    (order.status === OrderPayStatus.un_paid && countdown.over)
  ) {
    return (
      <StateView
        tone="error"
        testId="pay-expired"
        title={t('order.invalid')}
        description={t('order.invalid_desc')}
        action={
          <Button
            color="primary"
            data-testid="pay-book-again"
            onClick={() => {
              resetBooking();
              nav.replace(paths.book);
            }}
          >
            {t('booking.book_again')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      <div className="page-body booking-body">
        <section className="card pay-amount-card" data-testid="pay-summary">
          <div className="pay-amount-row">
            <span className="muted">{t('pay.amount')}</span>
            <strong className="price pay-amount" data-testid="pay-amount">
              {money(order.total)}
            </strong>
          </div>
          {order.devPrice ? (
            // Spec §9: in development the gateway is asked for 0.01 (DEV_PAY_ONE_CENT); say so here.
            <p className="pay-note" data-testid="pay-dev-price">
              <span className="status-badge status-badge-wait">{t('pay.dev_price')}</span>{' '}
              <span className="muted small">{t('pay.dev_price_desc', { amount: money(order.total) })}</span>
            </p>
          ) : null}
          <div className="order-countdown-box">
            <span>{t('booking.pay_within')}</span>
            <span className="order-countdown" data-testid="pay-countdown" aria-live="off">
              {countdown.text}
            </span>
          </div>
          <div className="info-row">
            <span className="info-row-label">{t('booking.order_no')}</span>
            <strong data-testid="pay-order-no">{order.orderNo}</strong>
          </div>
          <div className="info-row">
            <span className="info-row-label">{t('booking.order_pnr')}</span>
            <strong className="order-pnr-small">{order.pnr}</strong>
          </div>
          <div className="info-row">
            <span className="info-row-label">{t('book.passengers')}</span>
            <span>{order.passengerCount}</span>
          </div>
        </section>

        <PayMethodsCard
          methods={methods}
          method={method}
          onChange={setMethod}
          wechatNote={t('pay.wechat_cny', { amount: money(order.total) })}
        />

        <PayTermsCard ref={termsRef} accepted={terms} onChange={setTerms} missing={attempted && !terms} />
        <section className="card">
          <h2 className="card-title">{t('booking.review_flights')}</h2>
          <OrderLegs legs={order.legs} airports={airports} lang={lang} />
        </section>
      </div>

      <footer className="booking-footer">
        <PaySubmitButton amount={order.total} leaving={leaving} onPay={() => void pay()} />
        <p className="summary-note">{t('pay.note')}</p>
      </footer>
    </>
  );
}

/**
 * pay-select (spec §2, §4): the unpaid order's amount in its currency, the countdown to its
 * deadline, the payment method (card, ABA Pay, KHQR; WeChat Pay inside WeChat), the terms; Pay
 * shows toPay_toast and leaves for the gateway, which sends the traveller back to ticket detail.
 * With `secOrderNo`, the same for an add-on order of the ticketed order (addon-pay-form.tsx);
 * with `changeNo`, for a confirmed change of date of the order (change-pay-form.tsx).
 */
export default function PaySelectPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  // An add-on bought after ticketing (issue 14): its own order, of the ticketed order `orderNo`.
  const secOrderNo = (params.get('secOrderNo') ?? '').trim().toUpperCase();
  // A confirmed change of date waiting for its payment (issue 16): its own payable, of `orderNo`.
  const changeNo = (params.get('changeNo') ?? '').trim().toUpperCase();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="booking-page pay-page" data-testid="pay-select">
      <NavBar title={t('pay.title')} theme="navy" back={orderHref(paths.ticketDetail, orderNo)} />
      <div className="booking-hero">{t('pay.hero')}</div>
      <OrderGate view={view} orderNo={orderNo}>
        {(order) =>
          changeNo ? (
            <ChangePayForm order={order} changeNo={changeNo} payFailed={params.get('payResult') === 'fail'} />
          ) : secOrderNo ? (
            <AddonPayForm
              order={order}
              secOrderNo={secOrderNo}
              payFailed={params.get('payResult') === 'fail'}
            />
          ) : (
            <PayForm order={order} lang={lang} />
          )
        }
      </OrderGate>
    </div>
  );
}
