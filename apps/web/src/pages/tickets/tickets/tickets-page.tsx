import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { ServiceHours } from '../../../components/service-hours';

/** Tickets & Services tab: booking entry, airport facts and customer service (order look-up comes later). */
export default function TicketsPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <div>
      <NavBar title={t('tab.tickets')} />
      <div className="page-body">
        <p className="muted">{t('tickets.intro')}</p>
        <section className="card">
          <h2 className="card-title">{t('tickets.book_title')}</h2>
          <p className="muted small">{t('tickets.book_desc')}</p>
          <Button block color="primary" onClick={() => nav.replace(paths.book)} data-testid="tickets-book">
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
          <ServiceHours />
        </section>
      </div>
    </div>
  );
}
