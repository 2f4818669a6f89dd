import type { LanguageTag } from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useLinkedTickets } from '../../../features/linked/api/get-linked-tickets';
import { LinkedTicketCard } from '../../../features/linked/components/linked-cards';
import { ticketHref } from '../../../features/linked/ticket-form';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/linked/components/linked.css';

/**
 * associate-ticket list (after-sales §2): the tickets the traveller linked, each as it is now
 * (refunded, changed...), opening its detail; linking another, or finding one first.
 */
export default function AssociateTicketListPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const list = useLinkedTickets();
  const tickets = list.data?.tickets ?? [];

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <div className="order-loading" role="status">
        <SpinLoading color="primary" />
      </div>
    );
  } else if (list.isError) {
    body = (
      <StateView
        tone="error"
        testId="linked-tickets-error"
        title={t('linked.load_failed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (tickets.length === 0) {
    body = <StateView tone="empty" testId="linked-tickets-empty" title={t('linked.tickets_empty')} />;
  } else {
    body = (
      <>
        <ul className="order-list" data-testid="linked-tickets">
          {tickets.map((k, i) => (
            <LinkedTicketCard
              key={k.ticketNo}
              ticket={k}
              testId={`linked-ticket-${i}`}
              lang={lang}
              onOpen={() => nav.push(ticketHref(paths.associateTicketDetail, k.ticketNo))}
            />
          ))}
        </ul>
        <p className="muted small orders-end">
          {t('linked.count', { n: tickets.length, max: list.data?.max })}
        </p>
      </>
    );
  }

  return (
    <div className="order-page" data-testid="associate-ticket-list">
      <NavBar title={t('linked.tickets_title')} back={paths.tickets} />
      <div className="page-body">
        <section className="card">
          <p className="muted small">{t('linked.tickets_intro')}</p>
          <div className="linked-actions">
            <Button
              block
              color="primary"
              data-testid="linked-ticket-add"
              onClick={() => nav.push(paths.associateTicketAdd)}
            >
              {t('linked.add_ticket')}
            </Button>
            <Button
              block
              color="primary"
              fill="outline"
              data-testid="linked-find-ticket"
              onClick={() => nav.push(paths.relevanceQuery)}
            >
              {t('linked.find_ticket')}
            </Button>
            <Button
              block
              fill="none"
              data-testid="linked-to-orders"
              onClick={() => nav.push(paths.associateOrderList)}
            >
              {t('linked.orders_title')}
            </Button>
          </div>
        </section>
        {body}
      </div>
    </div>
  );
}
