import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { useLinkedTickets } from '../../../features/linked/api/get-linked-tickets';
import { LinkedTicketCard } from '../../../features/linked/components/linked-cards';
import { LinkedListView } from '../../../features/linked/components/linked-list-view';
import { ticketHref } from '../../../features/linked/ticket-form';

/**
 * associate-ticket list (after-sales §2): the tickets the traveller linked, each as it is now
 * (refunded, changed...), opening its detail; linking another, or finding one first.
 */
export default function AssociateTicketListPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const list = useLinkedTickets();

  return (
    <LinkedListView
      testId="associate-ticket-list"
      title={t('linked.tickets_title')}
      intro={t('linked.tickets_intro')}
      actions={[
        {
          testId: 'linked-ticket-add',
          label: t('linked.add_ticket'),
          to: paths.associateTicketAdd,
          look: 'primary',
        },
        {
          testId: 'linked-find-ticket',
          label: t('linked.find_ticket'),
          to: paths.relevanceQuery,
          look: 'outline',
        },
        {
          testId: 'linked-to-orders',
          label: t('linked.orders_title'),
          to: paths.associateOrderList,
          look: 'plain',
        },
      ]}
      list={list}
      items={list.data?.tickets ?? []}
      listTestId="linked-tickets"
      emptyTitle={t('linked.tickets_empty')}
      renderItem={(k, i, lang) => (
        <LinkedTicketCard
          key={k.ticketNo}
          ticket={k}
          testId={`linked-ticket-${i}`}
          lang={lang}
          onOpen={() => nav.push(ticketHref(paths.associateTicketDetail, k.ticketNo))}
        />
      )}
    />
  );
}
