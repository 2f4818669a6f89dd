import { isApiError } from '@wings/api-client';
import { ErrorCodes, type LanguageTag } from '@wings/contracts';
import { Button, Dialog, SpinLoading, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useLinkedItem } from '../../../features/linked/api/get-linked-item';
import { useUnlinkTicket } from '../../../features/linked/api/unlink-ticket';
import { LinkedTicketSection } from '../../../features/linked/components/linked-cards';
import { formatInstant } from '../../../lib/format';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/linked/components/linked.css';

/**
 * associate-ticket detail (`?ticketNo=`): one linked ticket as it is now, opening its order
 * (ticket detail), and unlinking it, which takes its order off the traveller's list and changes
 * nothing else.
 */
export default function AssociateTicketDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const [params] = useSearchParams();
  const ticketNo = (params.get('ticketNo') ?? '').trim();
  const item = useLinkedItem(ticketNo);
  const unlink = useUnlinkTicket();
  const ticket = item.data?.kind === 'ticket' ? item.data : null;

  async function confirmUnlink() {
    const yes = await Dialog.confirm({
      title: t('linked.unlink_ticket_title'),
      content: t('linked.unlink_ticket_confirm', { ticketNo }),
      confirmText: t('linked.unlink'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    await unlink.mutateAsync(ticketNo);
    Toast.show({ content: t('linked.unlinked'), duration: TOAST_DURATION_MS });
    nav.replace(paths.associateTicketList);
  }

  let body: React.ReactNode;
  if (
    ticketNo === '' ||
    (item.isError && isApiError(item.error) && item.error.code === ErrorCodes.linkNotFound.code)
  ) {
    body = (
      <StateView
        tone="empty"
        testId="linked-not-found"
        title={t('linked.not_linked_title')}
        action={
          <Button color="primary" onClick={() => nav.replace(paths.associateTicketList)}>
            {t('linked.tickets_title')}
          </Button>
        }
      />
    );
  } else if (item.isError) {
    body = (
      <StateView
        tone="error"
        title={t('linked.load_failed')}
        action={
          <Button size="small" onClick={() => void item.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!ticket) {
    body = (
      <div className="order-loading" role="status">
        <SpinLoading color="primary" />
      </div>
    );
  } else {
    body = (
      <LinkedTicketSection ticket={ticket} lang={lang}>
        {ticket.linkedAt ? (
          <p className="muted small linked-note">
            {t('linked.linked_at', { time: formatInstant(ticket.linkedAt, lang) })}
          </p>
        ) : null}
        <p className="muted small linked-note">{t('linked.order_rights')}</p>
        <div className="linked-actions">
          <Button
            block
            color="primary"
            data-testid="linked-open-order"
            onClick={() => nav.push(orderHref(paths.ticketDetail, ticket.orderNo))}
          >
            {t('search.open_order')}
          </Button>
          <Button
            block
            color="danger"
            fill="outline"
            loading={unlink.isPending}
            data-testid="linked-unlink"
            onClick={() => void confirmUnlink()}
          >
            {t('linked.unlink')}
          </Button>
        </div>
      </LinkedTicketSection>
    );
  }

  return (
    <div className="order-page" data-testid="associate-ticket-detail">
      <NavBar title={t('linked.ticket_detail_title')} back={paths.associateTicketList} />
      <div className="page-body">{body}</div>
    </div>
  );
}
