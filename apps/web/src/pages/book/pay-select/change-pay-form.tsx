import { useQueryClient } from '@tanstack/react-query';
import { type ChangeOrderView, ErrorCodes, type OrderDetail } from '@wings/contracts';
import { Button, SpinLoading, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { StateView } from '../../../components/state-view';
import { changeKeys, changePayUrl, useChangeOrderDetail } from '../../../features/changes/api/change-flow';
import { ChangeLegCard } from '../../../features/changes/components/change-leg-card';
import { useCountdown } from '../../../features/orders/countdown';
import { money } from '../../../lib/format';
import { PayMethodsCard, PaySubmitButton, PayTermsCard } from './pay-methods';
import { usePayFlow } from './use-pay-flow';
import '../../../features/changes/changes.css';

/** The change can no longer be paid: its time ran out (its seats went back) or it was withdrawn. */
function Closed({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <StateView
      tone="info"
      testId="change-pay-closed"
      title={t('changes.pay_closed')}
      description={t('changes.pay_closed_desc')}
      action={
        <Button
          color="primary"
          data-testid="change-pay-again"
          onClick={() => nav.replace(orderHref(paths.changeDateForm, orderNo))}
        >
          {t('changes.change_again')}
        </Button>
      }
    />
  );
}

function Payable({
  order,
  change,
  payFailed,
  onClosed,
}: {
  order: OrderDetail;
  change: ChangeOrderView;
  payFailed: boolean;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const countdown = useCountdown(change.payDeadline ?? new Date(0).toISOString());
  const { orderNo } = order;
  const { changeNo } = change;
  // The gateway returns to the original order's ticket detail (after-sales §7).
  const ticketHref = orderHref(paths.ticketDetail, orderNo);
  const { methods, method, setMethod, terms, setTerms, attempted, leaving, termsRef, pay } = usePayFlow({
    ticketHref,
    checkout: (m) => changePayUrl(orderNo, changeNo, m),
    // No JSAPI call of its own: inside WeChat the change is paid at WeChat Pay's H5 checkout.
    wechat: async () => ({ ...(await changePayUrl(orderNo, changeNo, 'wechat')), clientParams: null }),
    // Ticket detail confirms the order's own payments; a change's is told by its record.
    markStarted: () => undefined,
    clearStarted: () => undefined,
    async onRefused(error) {
      if (error.code === ErrorCodes.orderAlreadyPaid.code) {
        Toast.show({ content: error.message || t('order_already_paid'), duration: TOAST_DURATION_MS });
        await client.invalidateQueries({ queryKey: changeKeys.detail(changeNo) });
        nav.replace(orderHref(paths.rescheduledDetail, orderNo, { changeNo }));
      } else if (
        error.code === ErrorCodes.offerExpired.code ||
        error.code === ErrorCodes.changeQuoteExpired.code
      ) {
        onClosed();
      } else {
        Toast.show({ content: error.message || t('book.pay_fail'), duration: TOAST_DURATION_MS });
      }
    },
  });

  useEffect(() => {
    if (change.payDeadline && countdown.over) onClosed();
  }, [change.payDeadline, countdown.over, onClosed]);

  return (
    <>
      <div className="page-body booking-body">
        {payFailed ? (
          <div className="booking-alert booking-alert-error" role="alert" data-testid="change-pay-declined">
            <p>{t('changes.pay_failed')}</p>
          </div>
        ) : null}
        <section className="card pay-amount-card" data-testid="pay-summary">
          <div className="pay-amount-row">
            <span className="muted">{t('pay.amount')}</span>
            <strong className="price pay-amount" data-testid="pay-amount">
              {money(change.amount)}
            </strong>
          </div>
          {change.payDeadline ? (
            <div className="order-countdown-box">
              <span>{t('booking.pay_within')}</span>
              <span className="order-countdown" data-testid="pay-countdown" aria-live="off">
                {countdown.text}
              </span>
            </div>
          ) : null}
          <div className="info-row">
            <span className="info-row-label">{t('changes.change_no')}</span>
            <strong data-testid="pay-order-no">{changeNo}</strong>
          </div>
          <div className="info-row">
            <span className="info-row-label">{t('booking.order_no')}</span>
            <span>{orderNo}</span>
          </div>
          {change.from.map((from) => (
            <ChangeLegCard
              key={from.segmentSeq}
              from={from}
              to={change.to.find((l) => l.segmentSeq === from.segmentSeq)}
            />
          ))}
        </section>

        <PayMethodsCard
          methods={methods}
          method={method}
          onChange={setMethod}
          wechatNote={t('pay.wechat_cny', { amount: money(change.amount) })}
        />

        <PayTermsCard ref={termsRef} accepted={terms} onChange={setTerms} missing={attempted && !terms} />
      </div>

      <footer className="booking-footer">
        <PaySubmitButton amount={change.amount} leaving={leaving} onPay={() => void pay()} />
      </footer>
    </>
  );
}

/**
 * pay-select for a confirmed change of date (`?orderNo=W…&changeNo=C…`; issue 16, after-sales
 * §3, §7): its amount (fee and differences), the countdown to its deadline, the same methods and
 * checkout as an order, paid through changeTicket/getPayUrl/{changeNo}. Back from a declined
 * payment (`payResult=fail`) it says so; a change paid already goes to its record, one whose time
 * ran out is closed.
 */
export function ChangePayForm({
  order,
  changeNo,
  payFailed,
}: {
  order: OrderDetail;
  changeNo: string;
  payFailed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const nav = useAppNavigate();
  const detail = useChangeOrderDetail(changeNo, order.orderNo, i18n.language);
  const [closed, setClosed] = useState(false);
  const change = detail.data;
  const done = change?.status === 'succeeded';
  const recordHref = orderHref(paths.rescheduledDetail, order.orderNo, { changeNo });

  useEffect(() => {
    if (done) nav.replace(recordHref);
  }, [done, nav, recordHref]);

  if (closed) return <Closed orderNo={order.orderNo} />;
  if (detail.isPending) {
    return (
      <div className="order-loading" role="status" data-testid="order-loading">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (detail.isError || !change || change.orderNo.toUpperCase() !== order.orderNo.toUpperCase()) {
    return (
      <StateView
        tone="error"
        testId="change-pay-not-found"
        title={t('changes.pay_not_found')}
        action={
          <Button color="primary" onClick={() => nav.replace(orderHref(paths.ticketDetail, order.orderNo))}>
            {t('changes.back_to_order')}
          </Button>
        }
      />
    );
  }
  if (done) return null;
  if (change.status !== 'unpaid') return <Closed orderNo={order.orderNo} />;
  return <Payable order={order} change={change} payFailed={payFailed} onClosed={() => setClosed(true)} />;
}
