import {
  type LanguageTag,
  type MemberOrderSummary,
  OrderPayStatus,
  type OrderStatus,
} from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useLaterTexts } from '../../../app/i18n/use-later-texts';
import { useAppNavigate } from '../../../app/navigation';
import { loginHref, orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { ServiceHours } from '../../../components/service-hours';
import { StateView } from '../../../components/state-view';
import { useSessionStore } from '../../../features/account/session-store';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { useMemberOrders } from '../../../features/orders/api/get-member-orders';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { orderStatusKey, orderStatusTone } from '../../../features/orders/labels';
import { useCustomerService } from '../../../features/settings/api/get-customer-service';
import { cityName, formatDate, localTimeOf, money } from '../../../lib/format';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/linked/components/linked.css';

type Filter = 'all' | OrderStatus;
const FILTERS: { key: Filter; label: string }[] = [
  { key: 'all', label: 'orders.filter_all' },
  { key: OrderPayStatus.un_paid, label: orderStatusKey(OrderPayStatus.un_paid) },
  { key: OrderPayStatus.paid, label: orderStatusKey(OrderPayStatus.paid) },
  { key: OrderPayStatus.canceled, label: orderStatusKey(OrderPayStatus.canceled) },
];

function OrderCard({
  order,
  index,
  lang,
  linkedTexts,
}: {
  order: MemberOrderSummary;
  index: number;
  lang: LanguageTag;
  /** The linked pages' texts are here: a linked order (issue 15) says so. */
  linkedTexts: boolean;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const airports = useAirportMap();
  const first = order.legs[0];
  const last = order.legs[order.legs.length - 1];
  const city = (code: string | undefined) => (code ? cityName(airports.get(code), lang) || code : '-');
  return (
    <li>
      <button
        type="button"
        className="card order-card"
        data-testid={`order-item-${index}`}
        onClick={() => nav.push(orderHref(paths.ticketDetail, order.orderNo))}
      >
        <span className="order-card-top">
          <span className="order-card-route">
            {city(first?.depCode)}
            <span aria-hidden="true">{order.legs.length > 1 ? ' ⇄ ' : ' → '}</span>
            {city(order.legs.length > 1 ? first?.arrCode : last?.arrCode)}
          </span>
          <span className="order-card-badges">
            {order.linked && linkedTexts ? (
              <StatusBadge tone="off" testId={`order-item-linked-${index}`}>
                {t('linked.badge')}
              </StatusBadge>
            ) : null}
            <StatusBadge tone={orderStatusTone(order.status)} testId={`order-item-status-${index}`}>
              {t(orderStatusKey(order.status))}
            </StatusBadge>
          </span>
        </span>
        <span className="muted small order-card-when">
          {order.departureDate ? formatDate(order.departureDate, lang) : '-'}
          {first ? ` · ${localTimeOf(first.depTime)} · ${order.legs.map((l) => l.flightNo).join(' / ')}` : ''}
        </span>
        <span className="order-card-bottom">
          <span className="muted small">
            {t('booking.order_no')} {order.orderNo}
          </span>
          <strong className="price">{money(order.total)}</strong>
        </span>
      </button>
    </li>
  );
}

/** The logged-in user's orders, filtered by status, ten at a time. */
function MyOrders({ lang }: { lang: LanguageTag }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const orders = useMemberOrders(filter === 'all' ? undefined : filter, true);
  const linkedTexts = useLaterTexts();
  const list = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;

  let body: React.ReactNode;
  if (orders.isPending) {
    body = (
      <div className="order-loading" role="status">
        <SpinLoading color="primary" />
      </div>
    );
  } else if (orders.isError) {
    body = (
      <StateView
        tone="error"
        title={t('orders.load_failed')}
        action={
          <Button size="small" onClick={() => void orders.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (list.length === 0) {
    body = (
      <StateView
        tone="empty"
        testId="orders-empty"
        title={t(filter === 'all' ? 'orders.empty' : 'orders.empty_filtered')}
        action={
          filter === 'all' ? (
            <Button color="primary" size="small" onClick={() => nav.replace(paths.book)}>
              {t('home.book_cta')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="order-list" data-testid="orders-list">
          {list.map((o, i) => (
            <OrderCard key={o.orderNo} order={o} index={i} lang={lang} linkedTexts={linkedTexts} />
          ))}
        </ul>
        {orders.hasNextPage ? (
          <Button
            block
            color="primary"
            fill="outline"
            className="orders-more"
            loading={orders.isFetchingNextPage}
            data-testid="orders-load-more"
            onClick={() => void orders.fetchNextPage()}
          >
            {t('orders.load_more', { shown: list.length, total })}
          </Button>
        ) : (
          <p className="muted small orders-end">{t('orders.all_shown', { n: total })}</p>
        )}
      </>
    );
  }

  return (
    <section data-testid="my-orders">
      <div className="section-head">
        <h2 className="booking-section-title">{t('orders.title')}</h2>
        <button
          type="button"
          className="order-link-btn"
          data-testid="tickets-search-other"
          onClick={() => nav.push(paths.searchTicket)}
        >
          {t('orders.find_other')}
        </button>
      </div>
      <div className="order-filters" role="tablist" aria-label={t('orders.title')}>
        {FILTERS.map((f) => (
          <button
            key={String(f.key)}
            type="button"
            role="tab"
            aria-selected={filter === f.key}
            className={`order-filter${filter === f.key ? ' order-filter-active' : ''}`}
            data-testid={`orders-filter-${f.key === 'all' ? 'all' : ['unpaid', 'paid', 'canceled'][f.key]}`}
            onClick={() => setFilter(f.key)}
          >
            {t(f.label)}
          </button>
        ))}
      </div>
      {body}
      {linkedTexts ? (
        <button
          type="button"
          className="order-link-btn tickets-linked-entry"
          data-testid="tickets-linked"
          onClick={() => nav.push(paths.associateOrderList)}
        >
          {t('linked.entry')}
        </button>
      ) : null}
    </section>
  );
}

/** Guests find an order by its number and a document, or by PNR and surname. */
function FindOrderCard() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <section className="card find-order-card" data-testid="tickets-guest">
      <h2 className="card-title">{t('orders.find_title')}</h2>
      <p className="muted small">{t('orders.find_desc')}</p>
      <div className="find-order-actions">
        <Button
          block
          color="primary"
          data-testid="tickets-search"
          onClick={() => nav.push(paths.searchTicket)}
        >
          {t('orders.find_button')}
        </Button>
        <Button
          block
          color="primary"
          fill="outline"
          data-testid="tickets-login"
          onClick={() => nav.push(loginHref(paths.tickets))}
        >
          {t('orders.login_for_orders')}
        </Button>
      </div>
    </section>
  );
}

/**
 * Tickets & Services tab (spec §2): the logged-in user's orders with a status filter, or for a
 * guest the order look-up; then booking, airport facts and customer service.
 */
export default function TicketsPage() {
  const { t, i18n } = useTranslation();
  // The admin's customer-service contact; the bundled hours show until it is known.
  const contact = useCustomerService();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  return (
    <div className="order-page">
      <NavBar title={t('tab.tickets')} />
      <div className="page-body">
        {loggedIn ? <MyOrders lang={lang} /> : <FindOrderCard />}

        <h2 className="booking-section-title">{t('tickets.services_title')}</h2>
        <section className="card">
          <h2 className="card-title">{t('tickets.book_title')}</h2>
          <p className="muted small">{t('tickets.book_desc')}</p>
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() => nav.replace(paths.book)}
            data-testid="tickets-book"
          >
            {t('home.book_cta')}
          </Button>
        </section>
        <section className="card">
          <h2 className="card-title">{t('tickets.checkin_title')}</h2>
          <p className="muted small">{t('tickets.checkin_desc')}</p>
        </section>
        <section className="card">
          <h2 className="card-title">{t('tickets.baggage_title')}</h2>
          <p className="muted small">{t('tickets.baggage_desc')}</p>
        </section>
        <section className="card">
          <h2 className="card-title">{t('service.title')}</h2>
          <p className="muted small">{t('service.desc')}</p>
          <ServiceHours contact={contact} />
        </section>
      </div>
    </div>
  );
}
