import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useLinkOrder } from '../../../features/linked/api/link-order';
import { linkRefusal } from '../../../features/linked/api/linked-keys';
import { pnrLookupIssues } from '../../tickets/search-ticket/search-ticket-page';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';

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
  const nav = useAppNavigate();
  const form = useRuleForm<ByPnr>({ pnr: '', surname: '' }, pnrLookupIssues);
  const link = useLinkOrder();
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit() {
    setRefusal(null);
    if (!form.validate()) return;
    try {
      const { created, link: order } = await link.mutateAsync({
        pnr: form.values.pnr.trim().toUpperCase(),
        surname: form.values.surname.trim(),
      });
      Toast.show({
        content: t(created ? 'linked.order_linked' : 'linked.already_linked'),
        duration: TOAST_DURATION_MS,
      });
      nav.replace(orderHref(paths.associateOrderDetail, order.orderNo));
    } catch (error) {
      const message = linkRefusal(error);
      if (message) setRefusal(message);
      else form.applyServerError(error);
    }
  }

  return (
    <div className="account-page order-page" data-testid="associate-order-add">
      <NavBar title={t('linked.add_order')} back={paths.associateOrderList} />
      <div className="page-body">
        <p className="account-intro">{t('linked.add_order_intro')}</p>
        <FormCard onSubmit={submit}>
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
