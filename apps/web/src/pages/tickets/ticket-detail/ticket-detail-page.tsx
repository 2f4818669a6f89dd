import { isApiError } from '@wings/api-client';
import { type LanguageTag, type OrderDetail, OrderPayStatus } from '@wings/contracts';
import { Button, SpinLoading, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { EmailText } from '../../../components/email-text';
import { NavBar } from '../../../components/nav-bar';
import { useSessionStore } from '../../../features/account/session-store';
import { useBookingStore } from '../../../features/booking/booking-store';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { DisruptionBanners } from '../../../features/changes/components/disruption-banner';
import { RescheduledEntry } from '../../../features/changes/components/rescheduled-entry';
import { CouponCheckIns } from '../../../features/check-in/components/coupon-check-ins';
import { TicketCheckIn } from '../../../features/check-in/components/ticket-check-in';
import { usePayStatus } from '../../../features/orders/api/get-pay-status';
import { itineraryErrorKey, useSendItinerary } from '../../../features/orders/api/send-itinerary';
import { PassengerAddons } from '../../../features/orders/components/order-addons';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { OrderLegs } from '../../../features/orders/components/order-legs';
import { PassengerTypeChip } from '../../../features/orders/components/passenger-type-chip';
import { PayNow } from '../../../features/orders/components/pay-now';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { useCountdown } from '../../../features/orders/countdown';
import {
  orderStatusKey,
  orderStatusTone,
  ticketStatusKey,
  ticketStatusTone,
} from '../../../features/orders/labels';
import { paymentStartedRecently, useOrderSession } from '../../../features/orders/order-session';
import { useOrderView } from '../../../features/orders/use-order-view';
import { RefundEntry } from '../../../features/refunds/components/refund-entry';
import {
  AddonPayReturn,
  TicketPassengerAddons,
} from '../../../features/secondary-services/components/ticket-addons';
import { formatInstant, formatPhone, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/insurance/insurance.css';

/** How long the page keeps asking for the payment's outcome after the gateway sent the traveller back. */
export const CONFIRM_WINDOW_MS = 60_000;

/** The payment's states as ticket detail shows them. */
type Confirming = 'no' | 'polling' | 'timed-out';

/**
 * Back from the gateway with the order still unpaid, or paid with tickets still being issued:
 * asks the pay status every 2 s for up to a minute and reloads the order when it changes.
 */
function usePaymentConfirmation(order: OrderDetail, refetch: () => Promise<unknown>, payFailed: boolean) {
  const [returned] = useState(() => paymentStartedRecently(order.orderNo));
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const clearPayStarted = useOrderSession((s) => s.clearPayStarted);
  const issued = order.passengers.filter((p) => p.ticket !== null).length;
  const awaitingPayment = returned && !payFailed && order.status === OrderPayStatus.un_paid;
  const awaitingTickets = order.status === OrderPayStatus.paid && issued < order.passengers.length;
  const waiting = awaitingPayment || awaitingTickets;
  const status = usePayStatus(order.orderNo, waiting && !timedOut);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round restarts the window.
  useEffect(() => {
    setTimedOut(false);
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [round]);

  const reported = status.data;
  useEffect(() => {
    if (!reported) return;
    if (reported.status !== order.status || reported.ticketsIssued > issued) void refetch();
  }, [reported, order.status, issued, refetch]);

  // Paid, canceled or declined: the payment is no longer "just started".
  useEffect(() => {
    if (order.status !== OrderPayStatus.un_paid || payFailed) clearPayStarted(order.orderNo);
  }, [order.status, order.orderNo, payFailed, clearPayStarted]);

  const declined =
    order.status === OrderPayStatus.un_paid &&
    (reported?.paymentStatus === 'failed' || reported?.paymentStatus === 'canceled');
  const confirming: Confirming = !waiting || declined ? 'no' : timedOut ? 'timed-out' : 'polling';
  return { confirming, declined, awaitingPayment, restart: () => setRound((r) => r + 1) };
}

function UnpaidBox({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const resetBooking = useBookingStore((s) => s.reset);
  const countdown = useCountdown(order.payDeadline);
  if (countdown.over) {
    return (
      <div
        className="booking-alert booking-alert-error order-expired"
        role="alert"
        data-testid="order-invalid"
      >
        <p>{t('order.invalid')}</p>
        <Button
          color="primary"
          size="small"
          data-testid="order-book-again"
          onClick={() => {
            resetBooking();
            nav.replace(paths.book);
          }}
        >
          {t('booking.book_again')}
        </Button>
      </div>
    );
  }
  return (
    <PayNow
      orderNo={order.orderNo}
      amount={order.total}
      countdown={countdown.text}
      countdownTestId="ticket-countdown"
      buttonTestId="ticket-pay"
    />
  );
}

function ItineraryCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const send = useSendItinerary();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSend() {
    setProblem(null);
    try {
      const reply = await send.mutateAsync(order.orderNo);
      setSentTo(reply.sentTo);
    } catch (error) {
      if (!isApiError(error)) return;
      const key = itineraryErrorKey(error.code);
      const message = key ? t(key) : error.message;
      if (key) Toast.show({ content: message, duration: TOAST_DURATION_MS });
      setProblem(message);
    }
  }

  return (
    <section className="card" data-testid="itinerary-card">
      <h2 className="card-title">{t('order.itinerary_title')}</h2>
      <p className="muted small">{t('order.itinerary_desc', { email: order.contact.email || '-' })}</p>
      {sentTo ? (
        <p className="booking-alert order-ok" role="status" data-testid="itinerary-sent">
          {t('order.itinerary_sent', { email: sentTo })}
        </p>
      ) : null}
      {problem ? (
        <p className="field-error" role="alert" data-testid="itinerary-error">
          {problem}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        fill="outline"
        className="order-itinerary-btn"
        loading={send.isPending}
        data-testid="send-itinerary"
        onClick={() => void onSend()}
      >
        {sentTo ? t('order.itinerary_again') : t('order.itinerary_send')}
      </Button>
    </section>
  );
}

function TicketDetail({
  order,
  refetch,
  payFailed,
  lang,
}: {
  order: OrderDetail;
  refetch: () => Promise<unknown>;
  payFailed: boolean;
  lang: LanguageTag;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const airports = useAirportMap();
  const { confirming, declined, restart } = usePaymentConfirmation(order, refetch, payFailed);
  const showPayFail = order.status === OrderPayStatus.un_paid && (payFailed || declined);
  const zone = airports.get(order.legs[0]?.depCode ?? '')?.timeZone;

  return (
    <div className="page-body">
      <DisruptionBanners order={order} lang={lang} />

      <section className="card order-head" data-testid="order-head">
        <div className="order-head-top">
          <StatusBadge tone={orderStatusTone(order.status)} testId="order-status">
            {t(orderStatusKey(order.status))}
          </StatusBadge>
          <span className="muted small">
            {t('order.booked_at', { time: formatInstant(order.bookingTime, lang, zone) })}
          </span>
        </div>
        <div className="order-ids">
          <div>
            <span className="muted small">{t('booking.order_no')}</span>
            <strong data-testid="order-no">{order.orderNo}</strong>
          </div>
          <div>
            <span className="muted small">{t('order.pnr')}</span>
            <strong className="order-pnr-small" data-testid="order-pnr">
              {order.pnr}
            </strong>
          </div>
        </div>

        {confirming === 'polling' ? (
          <div className="booking-alert order-confirming" role="status" data-testid="pay-confirming">
            <SpinLoading style={{ '--size': '18px' }} color="primary" />
            <span>
              {t(
                order.status === OrderPayStatus.un_paid
                  ? 'order.confirming_payment'
                  : 'order.issuing_tickets',
              )}
            </span>
          </div>
        ) : null}
        {confirming === 'timed-out' ? (
          <div className="booking-alert" role="status" data-testid="pay-confirm-slow">
            <p>{t(order.status === OrderPayStatus.un_paid ? 'order.confirm_slow' : 'order.issue_slow')}</p>
            <Button
              size="small"
              color="primary"
              fill="outline"
              data-testid="pay-confirm-refresh"
              onClick={restart}
            >
              {t('order.refresh')}
            </Button>
          </div>
        ) : null}
        {showPayFail && confirming === 'no' ? (
          <div className="booking-alert booking-alert-error" role="alert" data-testid="pay-fail">
            <p>{t('book.pay_fail')}</p>
            <Button
              size="small"
              color="primary"
              data-testid="pay-retry"
              onClick={() => nav.push(orderHref(paths.paySelect, order.orderNo))}
            >
              {t('order.pay_retry')}
            </Button>
          </div>
        ) : null}
        {order.status === OrderPayStatus.un_paid && confirming !== 'polling' && !showPayFail ? (
          <UnpaidBox order={order} />
        ) : null}
        {order.status === OrderPayStatus.canceled ? (
          <p className="muted small order-canceled" data-testid="order-canceled">
            {t('order.canceled_desc')}
          </p>
        ) : null}
        {order.refunds.map((r, i) => (
          <div
            // Refunds are never removed or reordered: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            className={`booking-alert order-refund${r.status === 'failed' ? ' booking-alert-error' : ''}`}
            role="status"
            data-testid={`order-refund-${i}`}
            data-status={r.status}
          >
            <p>
              {t(`order.refund_${r.status}`, {
                amount: money(r.amount),
                date: r.refundedAt ? formatInstant(r.refundedAt, lang, zone) : '',
              })}
            </p>
            <p className="small">
              {t(
                r.reason === 'duplicate_payment'
                  ? 'order.refund_reason_duplicate'
                  : 'order.refund_reason_seats',
              )}
            </p>
          </div>
        ))}
      </section>

      <AddonPayReturn orderNo={order.orderNo} payFailed={payFailed} />

      <section className="card">
        <h2 className="card-title">{t('booking.review_flights')}</h2>
        <OrderLegs legs={order.legs} airports={airports} lang={lang} />
      </section>

      <section className="card" data-testid="order-passengers">
        <h2 className="card-title">{t('booking.passengers_section')}</h2>
        <ul className="order-pax-list">
          {order.passengers.map((p, i) => (
            <li key={p.seq}>
              <button
                type="button"
                className="order-pax"
                data-testid={`passenger-${i}`}
                onClick={() =>
                  nav.push(orderHref(paths.ticketPassengerDetail, order.orderNo, { seq: String(p.seq) }))
                }
              >
                <span className="order-pax-main">
                  <span className="order-pax-name">
                    {p.surname} {p.middleName ? `${p.middleName} ` : ''}
                    {p.givenName}
                    <PassengerTypeChip type={p.passengerType} lang={lang} />
                  </span>
                  {p.ticket ? (
                    <span className="order-pax-ticket">
                      <span className="muted small">{t('order.ticket_no')}</span>
                      <strong className="order-ticket-no" data-testid={`ticket-no-${i}`}>
                        {p.ticket.ticketNo}
                      </strong>
                      <StatusBadge tone={ticketStatusTone(p.ticket.status)} testId={`ticket-status-${i}`}>
                        {t(ticketStatusKey(p.ticket.status))}
                      </StatusBadge>
                      <CouponCheckIns ticket={p.ticket} legs={order.legs} testId={`ticket-check-in-${i}`} />
                    </span>
                  ) : (
                    <span className="muted small" data-testid={`ticket-pending-${i}`}>
                      {t(order.status === OrderPayStatus.paid ? 'order.ticketing' : 'order.ticket_after_pay')}
                    </span>
                  )}
                  <PassengerAddons order={order} seq={p.seq} testId={`passenger-addons-${i}`} />
                </span>
                <span className="order-chevron" aria-hidden="true">
                  ›
                </span>
              </button>
              {order.insurance?.some((policy) => policy.passengerSeq === p.seq) ? (
                <button
                  type="button"
                  className="order-pax-insurance"
                  data-testid={`passenger-insurance-${i}`}
                  onClick={() =>
                    nav.push(orderHref(paths.insuranceDetail, order.orderNo, { seq: String(p.seq) }))
                  }
                >
                  <span>{t('insurance.detail.row')}</span>
                  <span aria-hidden="true">›</span>
                </button>
              ) : null}
              <TicketPassengerAddons
                order={order}
                seq={p.seq}
                ticketed={p.ticket !== null}
                testId={`passenger-secondary-${i}`}
              />
            </li>
          ))}
        </ul>
      </section>

      <TicketCheckIn order={order} lang={lang} />

      {order.status === OrderPayStatus.paid ? <ItineraryCard order={order} /> : null}

      <RefundEntry order={order} />

      <RescheduledEntry order={order} />

      <section className="card" data-testid="order-price">
        <button
          type="button"
          className="order-total-row"
          data-testid="amount-detail-link"
          onClick={() => nav.push(orderHref(paths.amountDetail, order.orderNo))}
        >
          <span>{t('order.total')}</span>
          <span className="order-total-right">
            <strong className="price" data-testid="order-total">
              {money(order.total)}
            </strong>
            <span className="order-link">{t('order.amount_detail')} ›</span>
          </span>
        </button>
      </section>

      <section className="card" data-testid="order-contact">
        <h2 className="card-title">{t('booking.contact_section')}</h2>
        <div className="info-row">
          <span className="info-row-label">{t('booking.contact_name')}</span>
          <span className="info-row-value">{order.contact.name || '-'}</span>
        </div>
        <div className="info-row">
          <span className="info-row-label">{t('account.email')}</span>
          <span className="info-row-value">
            {order.contact.email ? <EmailText value={order.contact.email} /> : '-'}
          </span>
        </div>
        {/* The limited view (found by PNR + surname) has no phone. */}
        {order.view === 'full' ? (
          <div className="info-row">
            <span className="info-row-label">{t('person.phone')}</span>
            <span className="info-row-value" data-testid="contact-phone">
              {formatPhone(order.contact.countryCode, order.contact.phone)}
            </span>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/**
 * ticket-detail (spec §2; after-sales §2): the order with its legs at local times, passengers
 * with their e-tickets, PNR, status and total. Unpaid: the countdown and Pay. Back from the
 * gateway: the payment is confirmed by polling; a declined payment says book.pay_fail with a
 * retry. Paid: the e-itinerary can be sent. A guest without a grant is offered the look-up.
 */
export default function TicketDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const payFailed = params.get('payResult') === 'fail';
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="order-page" data-testid="ticket-detail">
      <NavBar title={t('order.detail_title')} back={paths.tickets} />
      <OrderGate view={view} orderNo={orderNo}>
        {(order) =>
          view.state === 'ready' ? (
            <TicketDetail order={order} refetch={view.refetch} payFailed={payFailed} lang={lang} />
          ) : null
        }
      </OrderGate>
    </div>
  );
}
