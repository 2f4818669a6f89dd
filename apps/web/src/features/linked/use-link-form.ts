import { Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '../../components/toast';
import { useAppNavigate } from '../../lib/navigation';
import type { FormValues, RuleForm } from '../account/components/use-rule-form';
import { useRuleForm } from '../account/components/use-rule-form';
import { useTicketAirlineCode } from '../booking/api/get-booking-settings';
import { linkRefusal } from './api/linked-keys';
import { EMPTY_TICKET_FORM, type TicketForm, ticketFormRules } from './ticket-form';

/** What a linking form's submit needs of its form: the shared rules, and field errors of the server. */
type CheckedForm = Pick<RuleForm<FormValues>, 'validate' | 'applyServerError'>;

/**
 * The submit of a linking or look-up (associate-order add, associate-ticket add, relevance-query,
 * relevance-detail's link): the form checked first (when there is one), then `send`. A refusal
 * the form explains itself (690-695) is kept for beside the form, what was typed staying; other
 * field errors of the server go on their fields.
 */
export function useLinkSubmit(send: () => Promise<void>, form?: CheckedForm) {
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit() {
    setRefusal(null);
    if (form && !form.validate()) return;
    try {
      await send();
    } catch (error) {
      const message = linkRefusal(error);
      if (message) setRefusal(message);
      else form?.applyServerError(error);
    }
  }

  return { refusal, submit };
}

/**
 * After a link is made: says so (`createdKey`), or that it was linked already, and opens the
 * link's detail in place of the form.
 */
export function useOpenLinked() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (created: boolean, createdKey: string, href: string) => {
    Toast.show({ content: t(created ? createdKey : 'linked.already_linked'), duration: TOAST_DURATION_MS });
    nav.replace(href);
  };
}

/** The ticket number and passenger name form, checked with the airline's code once it is known. */
export function useTicketForm(): RuleForm<TicketForm> {
  const airlineCode = useTicketAirlineCode();
  const rules = useMemo(() => ticketFormRules(airlineCode), [airlineCode]);
  return useRuleForm<TicketForm>(EMPTY_TICKET_FORM, rules);
}
