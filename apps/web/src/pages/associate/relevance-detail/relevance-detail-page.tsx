import type { LanguageTag } from '@wings/contracts';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useLinkTicket } from '../../../features/linked/api/link-ticket';
import { linkRefusal } from '../../../features/linked/api/linked-keys';
import { LinkedTicketSection } from '../../../features/linked/components/linked-cards';
import { type RelevanceState, ticketHref } from '../../../features/linked/ticket-form';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/linked/components/linked.css';

/**
 * relevance-detail (after-sales §2): a ticket found by number and name, and linking it with the
 * same number and name. A ticket of the traveller's own order has nothing to link (it is in
 * their list); one linked already opens its linked detail.
 */
export default function RelevanceDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const state = useLocation().state as RelevanceState | null;
  const match = state?.matches[0];
  const link = useLinkTicket();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function bind() {
    if (!state) return;
    setRefusal(null);
    try {
      const { created, link: ticket } = await link.mutateAsync(state.query);
      Toast.show({
        content: t(created ? 'linked.ticket_linked' : 'linked.already_linked'),
        duration: TOAST_DURATION_MS,
      });
      nav.replace(ticketHref(paths.associateTicketDetail, ticket.ticketNo));
    } catch (error) {
      setRefusal(linkRefusal(error));
    }
  }

  let action: React.ReactNode;
  if (!match) action = null;
  else if (match.ownOrder) {
    action = (
      <>
        <p className="muted small linked-note" data-testid="relevance-own">
          {t('linked.own_order_note')}
        </p>
        <Button block color="primary" onClick={() => nav.push(orderHref(paths.ticketDetail, match.orderNo))}>
          {t('search.open_order')}
        </Button>
      </>
    );
  } else if (match.linkedAt) {
    action = (
      <>
        <p className="muted small linked-note" data-testid="relevance-linked">
          {t('linked.already_linked')}
        </p>
        <Button
          block
          color="primary"
          onClick={() => nav.replace(ticketHref(paths.associateTicketDetail, match.ticketNo))}
        >
          {t('linked.ticket_detail_title')}
        </Button>
      </>
    );
  } else {
    action = (
      <Button
        block
        color="primary"
        size="large"
        loading={link.isPending}
        data-testid="relevance-bind"
        onClick={() => void bind()}
      >
        {t('linked.link_button')}
      </Button>
    );
  }

  return (
    <div className="order-page" data-testid="relevance-detail">
      <NavBar title={t('linked.match_title')} back={paths.relevanceList} />
      <div className="page-body">
        {match ? (
          <LinkedTicketSection ticket={match} lang={lang}>
            {refusal ? (
              <p className="booking-alert booking-alert-error" role="alert" data-testid="link-refused">
                {refusal}
              </p>
            ) : null}
            <div className="linked-actions">{action}</div>
          </LinkedTicketSection>
        ) : (
          <StateView
            tone="empty"
            testId="relevance-empty"
            title={t('linked.matches_missing')}
            action={
              <Button color="primary" onClick={() => nav.replace(paths.relevanceQuery)}>
                {t('linked.find_ticket')}
              </Button>
            }
          />
        )}
      </div>
    </div>
  );
}
