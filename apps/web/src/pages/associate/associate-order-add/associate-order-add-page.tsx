import { useTranslation } from 'react-i18next';
import { orderHref, paths } from '../../../app/paths';
import { FormField, TextInput } from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useLinkOrder } from '../../../features/linked/api/link-order';
import { LinkFormView } from '../../../features/linked/components/link-form-view';
import { useLinkSubmit, useOpenLinked } from '../../../features/linked/use-link-form';
import { pnrLookupIssues } from '../../tickets/search-ticket/search-ticket-page';

interface ByPnr extends Record<string, unknown> {
  pnr: string;
  surname: string;
}

/**
 * associate-order add (after-sales §5): link an order by its PNR and a passenger's surname, both
 * required and checked as the order look-up checks them. A refusal (no order matches, one's own
 * order) is said beside the form, with what was typed kept.
 */
export default function AssociateOrderAddPage() {
  const { t } = useTranslation();
  const form = useRuleForm<ByPnr>({ pnr: '', surname: '' }, pnrLookupIssues);
  const link = useLinkOrder();
  const openLinked = useOpenLinked();
  const { refusal, submit } = useLinkSubmit(async () => {
    const { created, link: order } = await link.mutateAsync({
      pnr: form.values.pnr.trim().toUpperCase(),
      surname: form.values.surname.trim(),
    });
    openLinked(created, 'linked.order_linked', orderHref(paths.associateOrderDetail, order.orderNo));
  }, form);

  return (
    <LinkFormView
      testId="associate-order-add"
      title={t('linked.add_order')}
      back={paths.associateOrderList}
      intro={t('linked.add_order_intro')}
      onSubmit={submit}
      refusal={refusal}
      pending={link.isPending}
      submitTestId="link-submit"
      submitLabel={t('linked.link_button')}
    >
      <FormField label={t('order.pnr')} field="pnr" error={form.error('pnr')} hint={t('search.pnr_hint')}>
        <TextInput
          field="pnr"
          testId="link-pnr"
          value={form.values.pnr}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={6}
          invalid={!!form.error('pnr')}
          onChange={(v) => form.set('pnr', v)}
          onBlur={() => form.blur('pnr')}
        />
      </FormField>
      <FormField
        label={t('search.surname')}
        field="surname"
        error={form.error('surname')}
        hint={t('person.name_hint')}
      >
        <TextInput
          field="surname"
          testId="link-surname"
          value={form.values.surname}
          autoComplete="off"
          maxLength={40}
          invalid={!!form.error('surname')}
          onChange={(v) => form.set('surname', v)}
          onBlur={() => form.blur('surname')}
        />
      </FormField>
    </LinkFormView>
  );
}
