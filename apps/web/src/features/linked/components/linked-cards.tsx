import type { LanguageTag, LinkedOrder, LinkedTicket, OrderLeg } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { cityName, formatDate, localTimeOf } from '../../../lib/format';
import { useAirportMap } from '../../booking/use-airport-map';
import { OrderLegs } from '../../orders/components/order-legs';
import { StatusBadge } from '../../orders/components/status-badge';
import {
  couponUsageKey,
  orderStatusKey,
  orderStatusTone,
  ticketStatusKey,
  ticketStatusTone,
} from '../../orders/labels';

/** The trip of a linked order or ticket in one line: from, to (⇄ for a return), date and flights. */
function Trip({
  legs,
  departureDate,
  lang,
}: {
  legs: OrderLeg[];
  departureDate: string | null;
  lang: LanguageTag;
}) {
  const airports = useAirportMap();
  const first = legs[0];
  const last = legs[legs.length - 1];
  const city = (code: string | undefined) => (code ? cityName(airports.get(code), lang) || code : '-');
  return (
    <>
      <span className="order-card-route">
        {city(first?.depCode)}
        <span aria-hidden="true">{legs.length > 1 ? ' ⇄ ' : ' → '}</span>
        {city(legs.length > 1 ? first?.arrCode : last?.arrCode)}
      </span>
      <span className="muted small order-card-when">
        {departureDate ? formatDate(departureDate, lang) : '-'}
        {first ? ` · ${localTimeOf(first.depTime)} · ${legs.map((l) => l.flightNo).join(' / ')}` : ''}
      </span>
    </>
  );
}

/** A linked order in a list: its trip, status, PNR and the passenger whose surname linked it. */
export function LinkedOrderCard({
  order,
  index,
  lang,
  onOpen,
}: {
  order: LinkedOrder;
  index: number;
  lang: LanguageTag;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className="card order-card"
        data-testid={`linked-order-${index}`}
        onClick={onOpen}
      >
        <span className="order-card-top">
          <span className="linked-card-trip">
            <Trip legs={order.legs} departureDate={order.departureDate} lang={lang} />
          </span>
          <StatusBadge tone={orderStatusTone(order.status)}>{t(orderStatusKey(order.status))}</StatusBadge>
        </span>
        <span className="order-card-bottom">
          <span className="muted small">
            {t('order.pnr')} {order.pnr}
          </span>
          <span className="muted small linked-card-name">{order.passengerName}</span>
        </span>
      </button>
    </li>
  );
}

/** A ticket in a list: its trip, its status now, number and passenger. */
export function LinkedTicketCard({
  ticket,
  testId,
  lang,
  onOpen,
}: {
  ticket: LinkedTicket;
  testId: string;
  lang: LanguageTag;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className="card order-card" data-testid={testId} onClick={onOpen}>
        <span className="order-card-top">
          <span className="linked-card-trip">
            <Trip legs={ticket.legs} departureDate={ticket.departureDate} lang={lang} />
          </span>
          <StatusBadge tone={ticketStatusTone(ticket.ticketStatus)}>
            {t(ticketStatusKey(ticket.ticketStatus))}
          </StatusBadge>
        </span>
        <span className="order-card-bottom">
          <span className="muted small linked-ticket-no">{ticket.ticketNo}</span>
          <span className="muted small linked-card-name">{ticket.passengerName}</span>
        </span>
      </button>
    </li>
  );
}

/** A ticket in full: number, status, passenger and type, its order, and each leg with its coupon's use. */
export function LinkedTicketSection({
  ticket,
  lang,
  children,
}: {
  ticket: LinkedTicket;
  lang: LanguageTag;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const airports = useAirportMap();
  return (
    <section className="card" data-testid="linked-ticket">
      <div className="linked-head">
        <strong className="linked-ticket-no" data-testid="linked-ticket-no">
          {ticket.ticketNo}
        </strong>
        <StatusBadge tone={ticketStatusTone(ticket.ticketStatus)} testId="linked-ticket-status">
          {t(ticketStatusKey(ticket.ticketStatus))}
        </StatusBadge>
      </div>
      <div className="info-row">
        <span className="info-row-label">{t('linked.passenger')}</span>
        <span data-testid="linked-ticket-passenger">
          {ticket.passengerName} · {t(`ptype.${ticket.passengerType}`)}
        </span>
      </div>
      <div className="info-row">
        <span className="info-row-label">{t('order.pnr')}</span>
        <span>{ticket.pnr}</span>
      </div>
      <OrderLegs legs={ticket.legs} airports={airports} lang={lang} />
      <ul className="linked-coupons">
        {ticket.coupons.map((c) => {
          const leg = ticket.legs.find((l) => l.seq === c.legSeq);
          return (
            <li key={c.couponNo} className="info-row" data-testid={`linked-coupon-${c.couponNo}`}>
              <span className="info-row-label">
                {leg ? `${leg.flightNo} ${leg.depCode}-${leg.arrCode}` : c.couponNo}
              </span>
              <span>{t(couponUsageKey(c.usage))}</span>
            </li>
          );
        })}
      </ul>
      {children}
    </section>
  );
}
