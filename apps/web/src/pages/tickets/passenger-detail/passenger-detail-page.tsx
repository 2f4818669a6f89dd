import type { LanguageTag, OrderDetail } from '@wings/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { countryName } from '../../../features/account/countries';
import { useSessionStore } from '../../../features/account/session-store';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { couponUsageKey, ticketStatusKey, ticketStatusTone } from '../../../features/orders/labels';
import { useOrderView } from '../../../features/orders/use-order-view';
import { formatDate, formatPhone, localDateOf, localTimeOf } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="info-row">
      <span className="info-row-label">{label}</span>
      <span className="info-row-value" data-testid={testId}>
        {value === '' || value === null ? '-' : value}
      </span>
    </div>
  );
}

function PassengerCard({ order, seq, lang }: { order: OrderDetail; seq: number; lang: LanguageTag }) {
  const { t } = useTranslation();
  const p = order.passengers.find((x) => x.seq === seq);
  if (!p) return <StateView tone="error" title={t('order.passenger_missing')} testId="passenger-missing" />;
  const legBySeq = new Map(order.legs.map((leg) => [leg.seq, leg]));
  return (
    <div className="page-body">
      <section className="card" data-testid="pax-detail">
        <h2 className="card-title pax-detail-name" data-testid="pax-name">
          {p.surname} {p.middleName ? `${p.middleName} ` : ''}
          {p.givenName}
          <span className="order-pax-type">{t(`ptype.${p.passengerType}`)}</span>
        </h2>
        <Row label={t('person.title')} value={t(`title.${p.title}`)} />
        <Row label={t('person.gender')} value={t(`gender.${p.gender}`)} />
        <Row label={t('person.nationality')} value={countryName(p.nationality, lang) || p.nationality} />
        <Row label={t('person.birthday')} value={formatDate(p.birthday, lang)} testId="pax-birthday" />
        <Row label={t('person.doc_type')} value={t(`doc.${p.docType}`)} />
        <Row label={t('person.doc_number')} value={p.docNumber} testId="pax-doc" />
        <Row label={t('person.doc_expiry')} value={formatDate(p.docExpiry, lang)} testId="pax-doc-expiry" />
        <Row label={t('account.email')} value={p.email ?? ''} testId="pax-email" />
        <Row
          label={t('person.phone')}
          value={p.phone ? formatPhone(p.countryCode, p.phone) : ''}
          testId="pax-phone"
        />
      </section>

      <section className="card" data-testid="pax-ticket">
        <h2 className="card-title">{t('order.eticket')}</h2>
        {p.ticket ? (
          <>
            <Row label={t('order.ticket_no')} value={p.ticket.ticketNo} testId="pax-ticket-no" />
            <Row
              label={t('order.ticket_status')}
              value={
                <StatusBadge tone={ticketStatusTone(p.ticket.status)} testId="pax-ticket-status">
                  {t(ticketStatusKey(p.ticket.status))}
                </StatusBadge>
              }
            />
            <h3 className="order-subtitle">{t('order.coupons')}</h3>
            <ul className="order-coupons">
              {p.ticket.coupons.map((c) => {
                const leg = legBySeq.get(c.legSeq);
                return (
                  <li key={c.couponNo} className="order-coupon" data-testid={`coupon-${c.couponNo}`}>
                    <span>
                      <strong>{leg ? `${leg.depCode} → ${leg.arrCode}` : '-'}</strong>
                      <span className="muted small">
                        {leg
                          ? ` · ${leg.flightNo} · ${formatDate(localDateOf(leg.depTime), lang)} ${localTimeOf(leg.depTime)}`
                          : ''}
                      </span>
                    </span>
                    <StatusBadge tone={c.usage === 11 ? 'off' : 'ok'} testId={`coupon-usage-${c.couponNo}`}>
                      {t(couponUsageKey(c.usage))}
                    </StatusBadge>
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p className="muted small" data-testid="pax-no-ticket">
            {t(order.status === 1 ? 'order.ticketing' : 'order.ticket_after_pay')}
          </p>
        )}
      </section>
    </div>
  );
}

/** passenger-detail (after-sales §2): every field of one passenger, the e-ticket and its coupon per leg. */
export default function TicketPassengerDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const seq = Number(params.get('seq') ?? 'NaN');
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="order-page" data-testid="ticket-passenger-detail">
      <NavBar title={t('order.passenger_title')} back={orderHref(paths.ticketDetail, orderNo)} />
      <OrderGate view={view} orderNo={orderNo}>
        {(order) => <PassengerCard order={order} seq={seq} lang={lang} />}
      </OrderGate>
    </div>
  );
}
