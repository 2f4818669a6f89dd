import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { FormCard, SubmitButton } from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useTicketAirlineCode } from '../../../features/booking/api/get-booking-settings';
import { useFindTicket } from '../../../features/linked/api/find-ticket';
import { linkRefusal } from '../../../features/linked/api/linked-keys';
import { TicketFields } from '../../../features/linked/components/ticket-fields';
import {
  EMPTY_TICKET_FORM,
  type RelevanceState,
  type TicketForm,
  ticketFormRules,
  ticketRequestOf,
} from '../../../features/linked/ticket-form';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';

/**
 * relevance-query (after-sales §2): find a ticket by its number and passenger name before
 * linking it; what matched opens in relevance-list. Nothing is linked here.
 */
export default function RelevanceQueryPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const airlineCode = useTicketAirlineCode();
  const rules = useMemo(() => ticketFormRules(airlineCode), [airlineCode]);
  const form = useRuleForm<TicketForm>(EMPTY_TICKET_FORM, rules);
  const find = useFindTicket();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit() {
    setRefusal(null);
    if (!form.validate()) return;
    const query = ticketRequestOf(form.values);
    try {
      const { matches } = await find.mutateAsync(query);
      const state: RelevanceState = { query, matches };
      nav.push(paths.relevanceList, { state });
    } catch (error) {
      const message = linkRefusal(error);
      if (message) setRefusal(message);
      else form.applyServerError(error);
    }
  }

  return (
    <div className="account-page order-page" data-testid="relevance-query">
      <NavBar title={t('linked.find_ticket')} back={paths.associateTicketList} />
      <div className="page-body">
        <p className="account-intro">{t('linked.find_ticket_intro')}</p>
        <FormCard onSubmit={submit}>
          <TicketFields form={form} />
          {refusal ? (
            <p className="booking-alert booking-alert-error" role="alert" data-testid="link-refused">
              {refusal}
            </p>
          ) : null}
          <SubmitButton loading={find.isPending} testId="find-submit">
            {t('linked.find_button')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
