import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useLinkTicket } from '../../../features/linked/api/link-ticket';
import { LinkFormView } from '../../../features/linked/components/link-form-view';
import { TicketFields } from '../../../features/linked/components/ticket-fields';
import { ticketHref, ticketRequestOf } from '../../../features/linked/ticket-form';
import { useLinkSubmit, useOpenLinked, useTicketForm } from '../../../features/linked/use-link-form';

/**
 * associate-ticket add (after-sales §5): link a ticket by its number (13 digits starting with the
 * airline's code, checked as the API checks it) and its passenger's name. A refusal (format,
 * refunded or not found, one's own order) is said beside the form, with what was typed kept.
 */
export default function AssociateTicketAddPage() {
  const { t } = useTranslation();
  const form = useTicketForm();
  const link = useLinkTicket();
  const openLinked = useOpenLinked();
  const { refusal, submit } = useLinkSubmit(async () => {
    const { created, link: ticket } = await link.mutateAsync(ticketRequestOf(form.values));
    openLinked(created, 'linked.ticket_linked', ticketHref(paths.associateTicketDetail, ticket.ticketNo));
  }, form);

  return (
    <LinkFormView
      testId="associate-ticket-add"
      title={t('linked.add_ticket')}
      back={paths.associateTicketList}
      intro={t('linked.add_ticket_intro')}
      onSubmit={submit}
      refusal={refusal}
      pending={link.isPending}
      submitTestId="link-submit"
      submitLabel={t('linked.link_button')}
    >
      <TicketFields form={form} />
    </LinkFormView>
  );
}
