import type { LanguageTag } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { LinkedTicketCard } from '../../../features/linked/components/linked-cards';
import { MatchesMissing } from '../../../features/linked/components/matches-missing';
import type { RelevanceState } from '../../../features/linked/ticket-form';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/linked/components/linked.css';

/**
 * relevance-list (after-sales §2): the tickets the number and name matched (relevance-query),
 * each opening relevance-detail to link it. Opened without a search, it offers one.
 */
export default function RelevanceListPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const state = useLocation().state as RelevanceState | null;
  const matches = state?.matches ?? [];

  return (
    <div className="order-page" data-testid="relevance-list">
      <NavBar title={t('linked.matches_title')} back={paths.relevanceQuery} />
      <div className="page-body">
        {state && matches.length > 0 ? (
          <ul className="order-list" data-testid="relevance-matches">
            {matches.map((m, i) => (
              <LinkedTicketCard
                key={m.ticketNo}
                ticket={m}
                testId={`relevance-match-${i}`}
                lang={lang}
                onOpen={() =>
                  nav.push(paths.relevanceDetail, {
                    state: { query: state.query, matches: [m] } satisfies RelevanceState,
                  })
                }
              />
            ))}
          </ul>
        ) : (
          <MatchesMissing />
        )}
      </div>
    </div>
  );
}
