import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { useLinkedOrders } from '../../../features/linked/api/get-linked-orders';
import { LinkedOrderCard } from '../../../features/linked/components/linked-cards';
import { LinkedListView } from '../../../features/linked/components/linked-list-view';

/**
 * associate-order list (after-sales §2): the orders the traveller linked by PNR + surname, each
 * opening its link's detail; linking another, and the linked tickets.
 */
export default function AssociateOrderListPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const list = useLinkedOrders();

  return (
    <LinkedListView
      testId="associate-order-list"
      title={t('linked.orders_title')}
      intro={t('linked.orders_intro')}
      actions={[
        {
          testId: 'linked-order-add',
          label: t('linked.add_order'),
          to: paths.associateOrderAdd,
          look: 'primary',
        },
        {
          testId: 'linked-to-tickets',
          label: t('linked.tickets_title'),
          to: paths.associateTicketList,
          look: 'outline',
        },
      ]}
      list={list}
      items={list.data?.orders ?? []}
      listTestId="linked-orders"
      emptyTitle={t('linked.orders_empty')}
      renderItem={(o, i, lang) => (
        <LinkedOrderCard
          key={o.orderNo}
          order={o}
          index={i}
          lang={lang}
          onOpen={() => nav.push(orderHref(paths.associateOrderDetail, o.orderNo))}
        />
      )}
    />
  );
}
