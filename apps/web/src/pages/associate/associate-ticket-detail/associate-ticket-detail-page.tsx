import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useUnlinkTicket } from '../../../features/linked/api/unlink-ticket';
import { LinkedTicketSection } from '../../../features/linked/components/linked-cards';
import { LinkedDetailView } from '../../../features/linked/components/linked-detail-view';
import { formatInstant } from '../../../lib/format';

/**
 * associate-ticket detail (`?ticketNo=`): one linked ticket as it is now, opening its order
 * (ticket detail), and unlinking it, which takes its order off the traveller's list and changes
 * nothing else.
 */
export default function AssociateTicketDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ticketNo = (params.get('ticketNo') ?? '').trim();
  const unlink = useUnlinkTicket();

  return (
    <LinkedDetailView
      testId="associate-ticket-detail"
      title={t('linked.ticket_detail_title')}
      kind="ticket"
      associatedNo={ticketNo}
      listPath={paths.associateTicketList}
      listTitle={t('linked.tickets_title')}
      unlink={unlink}
      confirm={{
        title: t('linked.unlink_ticket_title'),
        content: t('linked.unlink_ticket_confirm', { ticketNo }),
      }}
    >
      {(ticket, actions, lang) => (
        <LinkedTicketSection ticket={ticket} lang={lang}>
          {ticket.linkedAt ? (
            <p className="muted small linked-note">
              {t('linked.linked_at', { time: formatInstant(ticket.linkedAt, lang) })}
            </p>
          ) : null}
          {actions}
        </LinkedTicketSection>
      )}
    </LinkedDetailView>
  );
}
