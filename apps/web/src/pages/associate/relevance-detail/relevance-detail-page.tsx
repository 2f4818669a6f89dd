import type { LanguageTag } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useLinkTicket } from '../../../features/linked/api/link-ticket';
import { LinkRefusal } from '../../../features/linked/components/link-form-view';
import { LinkedTicketSection } from '../../../features/linked/components/linked-cards';
import { MatchesMissing } from '../../../features/linked/components/matches-missing';
import { type RelevanceState, ticketHref } from '../../../features/linked/ticket-form';
import { useLinkSubmit, useOpenLinked } from '../../../features/linked/use-link-form';
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
  const openLinked = useOpenLinked();
  const { refusal, submit: bind } = useLinkSubmit(async () => {
    if (!state) return;
    const { created, link: ticket } = await link.mutateAsync(state.query);
    openLinked(created, 'linked.ticket_linked', ticketHref(paths.associateTicketDetail, ticket.ticketNo));
  });

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
            <LinkRefusal refusal={refusal} />
            <div className="linked-actions">{action}</div>
          </LinkedTicketSection>
        ) : (
          <MatchesMissing />
        )}
      </div>
    </div>
  );
}
