import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { useFindTicket } from '../../../features/linked/api/find-ticket';
import { LinkFormView } from '../../../features/linked/components/link-form-view';
import { TicketFields } from '../../../features/linked/components/ticket-fields';
import { type RelevanceState, ticketRequestOf } from '../../../features/linked/ticket-form';
import { useLinkSubmit, useTicketForm } from '../../../features/linked/use-link-form';

/**
 * relevance-query (after-sales §2): find a ticket by its number and passenger name before
 * linking it; what matched opens in relevance-list. Nothing is linked here.
 */
export default function RelevanceQueryPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const form = useTicketForm();
  const find = useFindTicket();
  const { refusal, submit } = useLinkSubmit(async () => {
    const query = ticketRequestOf(form.values);
    const { matches } = await find.mutateAsync(query);
    const state: RelevanceState = { query, matches };
    nav.push(paths.relevanceList, { state });
  }, form);

  return (
    <LinkFormView
      testId="relevance-query"
      title={t('linked.find_ticket')}
      back={paths.associateTicketList}
      intro={t('linked.find_ticket_intro')}
      onSubmit={submit}
      refusal={refusal}
      pending={find.isPending}
      submitTestId="find-submit"
      submitLabel={t('linked.find_button')}
    >
      <TicketFields form={form} />
    </LinkFormView>
  );
}
