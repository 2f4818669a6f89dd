import type { LanguageTag, OrderLookupResponse } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { OrderLegs } from '../../../features/orders/components/order-legs';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { orderStatusKey, orderStatusTone } from '../../../features/orders/labels';
import { formatInstant, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';

/** search-ticket-result (after-sales §2): the order found, opening its detail with the look-up's grant. */
export default function SearchTicketResultPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const airports = useAirportMap();
  const found = (useLocation().state as { order?: OrderLookupResponse } | null)?.order;

  return (
    <div className="order-page" data-testid="search-ticket-result">
      <NavBar title={t('search.result_title')} back={paths.searchTicket} />
      {found ? (
        <div className="page-body">
          <section className="card" data-testid="search-result">
            <div className="order-head-top">
              <StatusBadge tone={orderStatusTone(found.status)} testId="search-result-status">
                {t(orderStatusKey(found.status))}
              </StatusBadge>
              <span className="muted small">
                {t('order.booked_at', {
                  time: formatInstant(
                    found.bookingTime,
                    lang,
                    airports.get(found.legs[0]?.depCode ?? '')?.timeZone,
                  ),
                })}
              </span>
            </div>
            <div className="order-ids">
              <div>
                <span className="muted small">{t('booking.order_no')}</span>
                <strong data-testid="search-result-order-no">{found.orderNo}</strong>
              </div>
              <div>
                <span className="muted small">{t('order.pnr')}</span>
                <strong className="order-pnr-small">{found.pnr}</strong>
              </div>
            </div>
            <div className="search-result-legs">
              <OrderLegs legs={found.legs} airports={airports} lang={lang} />
            </div>
            <div className="info-row">
              <span className="info-row-label">{t('book.passengers')}</span>
              <span>{found.passengerCount}</span>
            </div>
            <div className="info-row">
              <span className="info-row-label">{t('order.total')}</span>
              <strong className="price" data-testid="search-result-total">
                {money(found.total)}
              </strong>
            </div>
            <Button
              block
              color="primary"
              size="large"
              className="form-submit"
              data-testid="search-result-open"
              onClick={() => nav.push(orderHref(paths.ticketDetail, found.orderNo))}
            >
              {t('search.open_order')}
            </Button>
          </section>
        </div>
      ) : (
        <StateView
          tone="empty"
          testId="search-result-empty"
          title={t('search.result_missing')}
          action={
            <Button color="primary" onClick={() => nav.replace(paths.searchTicket)}>
              {t('search.again')}
            </Button>
          }
        />
      )}
    </div>
  );
}
