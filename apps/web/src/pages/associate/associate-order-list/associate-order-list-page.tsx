import type { LanguageTag } from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useLinkedOrders } from '../../../features/linked/api/get-linked-orders';
import { LinkedOrderCard } from '../../../features/linked/components/linked-cards';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/linked/components/linked.css';

/**
 * associate-order list (after-sales §2): the orders the traveller linked by PNR + surname, each
 * opening its link's detail; linking another, and the linked tickets.
 */
export default function AssociateOrderListPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const list = useLinkedOrders();
  const orders = list.data?.orders ?? [];

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
        testId="linked-orders-error"
        title={t('linked.load_failed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (orders.length === 0) {
    body = <StateView tone="empty" testId="linked-orders-empty" title={t('linked.orders_empty')} />;
  } else {
    body = (
      <>
        <ul className="order-list" data-testid="linked-orders">
          {orders.map((o, i) => (
            <LinkedOrderCard
              key={o.orderNo}
              order={o}
              index={i}
              lang={lang}
              onOpen={() => nav.push(orderHref(paths.associateOrderDetail, o.orderNo))}
            />
          ))}
        </ul>
        <p className="muted small orders-end">
          {t('linked.count', { n: orders.length, max: list.data?.max })}
        </p>
      </>
    );
  }

  return (
    <div className="order-page" data-testid="associate-order-list">
      <NavBar title={t('linked.orders_title')} back={paths.tickets} />
      <div className="page-body">
        <section className="card">
          <p className="muted small">{t('linked.orders_intro')}</p>
          <div className="linked-actions">
            <Button
              block
              color="primary"
              data-testid="linked-order-add"
              onClick={() => nav.push(paths.associateOrderAdd)}
            >
              {t('linked.add_order')}
            </Button>
            <Button
              block
              color="primary"
              fill="outline"
              data-testid="linked-to-tickets"
              onClick={() => nav.push(paths.associateTicketList)}
            >
              {t('linked.tickets_title')}
            </Button>
          </div>
        </section>
        {body}
      </div>
    </div>
  );
}
