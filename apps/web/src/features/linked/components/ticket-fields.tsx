import { useTranslation } from 'react-i18next';
import { FormField, TextInput } from '../../account/components/form-field';
import type { RuleForm } from '../../account/components/use-rule-form';
import type { TicketForm } from '../ticket-form';

/** The ticket number and passenger name fields (associate-ticket add, relevance-query). */
export function TicketFields({ form }: { form: RuleForm<TicketForm> }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={t('order.ticket_no')}
        field="ticketNo"
        error={form.error('ticketNo')}
        hint={t('linked.ticket_no_hint')}
      >
        <TextInput
          field="ticketNo"
          testId="link-ticket-no"
          value={form.values.ticketNo}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          invalid={!!form.error('ticketNo')}
          onChange={(v) => form.set('ticketNo', v)}
          onBlur={() => form.blur('ticketNo')}
        />
      </FormField>
      <FormField
        label={t('linked.passenger_name')}
        field="passengerName"
        error={form.error('passengerName')}
        hint={t('linked.passenger_name_hint')}
      >
        <TextInput
          field="passengerName"
          testId="link-passenger-name"
          value={form.values.passengerName}
          autoComplete="off"
          maxLength={60}
          invalid={!!form.error('passengerName')}
          onChange={(v) => form.set('passengerName', v)}
          onBlur={() => form.blur('passengerName')}
        />
      </FormField>
    </>
  );
}
