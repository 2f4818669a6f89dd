import { Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { FormCard, SubmitButton } from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useTicketAirlineCode } from '../../../features/booking/api/get-booking-settings';
import { useLinkTicket } from '../../../features/linked/api/link-ticket';
import { linkRefusal } from '../../../features/linked/api/linked-keys';
import { TicketFields } from '../../../features/linked/components/ticket-fields';
import {
  EMPTY_TICKET_FORM,
  type TicketForm,
  ticketFormRules,
  ticketHref,
  ticketRequestOf,
} from '../../../features/linked/ticket-form';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';

/**
 * associate-ticket add (after-sales §5): link a ticket by its number (13 digits starting with the
 * airline's code, checked as the API checks it) and its passenger's name. A refusal (format,
 * refunded or not found, one's own order) is said beside the form, with what was typed kept.
 */
export default function AssociateTicketAddPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const airlineCode = useTicketAirlineCode();
  const rules = useMemo(() => ticketFormRules(airlineCode), [airlineCode]);
  const form = useRuleForm<TicketForm>(EMPTY_TICKET_FORM, rules);
  const link = useLinkTicket();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit() {
    setRefusal(null);
    if (!form.validate()) return;
    try {
      const { created, link: ticket } = await link.mutateAsync(ticketRequestOf(form.values));
      Toast.show({
        content: t(created ? 'linked.ticket_linked' : 'linked.already_linked'),
        duration: TOAST_DURATION_MS,
      });
      nav.replace(ticketHref(paths.associateTicketDetail, ticket.ticketNo));
    } catch (error) {
      const message = linkRefusal(error);
      if (message) setRefusal(message);
      else form.applyServerError(error);
    }
  }

  return (
    <div className="account-page order-page" data-testid="associate-ticket-add">
      <NavBar title={t('linked.add_ticket')} back={paths.associateTicketList} />
      <div className="page-body">
        <p className="account-intro">{t('linked.add_ticket_intro')}</p>
        <FormCard onSubmit={submit}>
          <TicketFields form={form} />
          {refusal ? (
            <p className="booking-alert booking-alert-error" role="alert" data-testid="link-refused">
              {refusal}
            </p>
          ) : null}
          <SubmitButton loading={link.isPending} testId="link-submit">
            {t('linked.link_button')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
