import type { AdminPromo, Currency } from '@wings/contracts';
import { checkPromotion, type PromotionTerms, toLocalIso, zonedTimeToUtc } from '@wings/rules';
import { App, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../api/admin-client';
import { FormModal } from '../../components/form-modal';
import { HUB_ZONE } from '../../lib/format';
import { ruleMessage } from '../../lib/rule-message';
import { showServerErrors, toMajor, toMinor, usePricingOptions } from './fares-shared';

/** What the promo form holds: amounts in dollars or yuan, times as the hub's wall clock. */
export interface PromoForm {
  code: string;
  titleZh: string;
  titleEn: string;
  titleKm: string;
  kind: 'percent' | 'amount';
  value: number | null;
  /** '' for any currency (a percentage without a threshold). */
  currency: Currency | '';
  minSpend: number | null;
  /** `YYYY-MM-DDTHH:MM` in Phnom Penh. */
  validFrom: string;
  validTo: string;
  routes: string[];
  usageLimit: number | null;
  listed: boolean;
  reason?: string;
}

const FORM_FIELDS = [
  'code',
  'titleZh',
  'titleEn',
  'titleKm',
  'kind',
  'value',
  'currency',
  'minSpend',
  'validFrom',
  'validTo',
  'routes',
  'usageLimit',
  'listed',
  'reason',
];
const RENAME = { 'title.zh': 'titleZh', 'title.en': 'titleEn', 'title.km': 'titleKm' };

/** An instant as the hub's wall clock for a `datetime-local` field. */
export function toHubLocal(iso: string): string {
  return toLocalIso(new Date(iso), HUB_ZONE).slice(0, 16);
}

/** The hub's wall clock `YYYY-MM-DDTHH:MM` as an ISO instant, or the text as typed when it is not one. */
export function fromHubLocal(local: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  return match ? zonedTimeToUtc(match[1]!, match[2]!, HUB_ZONE).toISOString() : local;
}

/** The terms the API takes, from what the form holds. */
export function termsOf(v: PromoForm) {
  const currency = v.currency === '' ? null : v.currency;
  return {
    title: { zh: v.titleZh, en: v.titleEn, km: v.titleKm },
    kind: v.kind,
    value: v.value === null ? 0 : v.kind === 'amount' ? toMinor(v.value) : v.value,
    currency,
    minSpend: v.minSpend === null || v.minSpend === undefined ? null : toMinor(v.minSpend),
    validFrom: fromHubLocal(v.validFrom),
    validTo: fromHubLocal(v.validTo),
    routes: v.routes.length === 0 ? null : v.routes,
    usageLimit: v.usageLimit ?? null,
    listed: v.listed,
    ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
  };
}

function initialOf(promo: AdminPromo | 'new'): PromoForm {
  if (promo === 'new') {
    return {
      code: '',
      titleZh: '',
      titleEn: '',
      titleKm: '',
      kind: 'percent',
      value: null,
      currency: '',
      minSpend: null,
      validFrom: '',
      validTo: '',
      routes: [],
      usageLimit: null,
      listed: true,
    };
  }
  return {
    code: promo.code,
    titleZh: promo.title.zh,
    titleEn: promo.title.en,
    titleKm: promo.title.km,
    kind: promo.kind,
    value: promo.kind === 'amount' ? toMajor(promo.value) : promo.value,
    currency: promo.currency ?? '',
    minSpend: promo.minSpend === null ? null : toMajor(promo.minSpend),
    validFrom: toHubLocal(promo.validFrom),
    validTo: toHubLocal(promo.validTo),
    routes: promo.routes ?? [],
    usageLimit: promo.usageLimit,
    listed: promo.listed,
  };
}

/**
 * Create or edit a promo code. Before sending, the form checks the terms with `checkPromotion`
 * (@wings/rules), the same rules the API applies; the API's refusals land on their fields too.
 */
export function PromoModal({ promo, onClose }: { promo: AdminPromo | 'new'; onClose: () => void }) {
  const { t } = useTranslation('fares');
  const { message } = App.useApp();
  const [form] = Form.useForm<PromoForm>();
  const options = usePricingOptions();
  const isNew = promo === 'new';
  const used = isNew ? 0 : promo.usedCount;
  const kind = Form.useWatch('kind', form) ?? initialOf(promo).kind;
  const currency = Form.useWatch('currency', form);
  const onError = (error: Parameters<typeof showServerErrors>[1]) =>
    showServerErrors(form, error, FORM_FIELDS, 'value', RENAME);
  const onSuccess = () => {
    void message.success(t('promos.saved'));
    onClose();
  };
  const create = useAdminMutation<PromoForm, AdminPromo>('/pricing/promos', {
    invalidates: ['/pricing/promos', '/audit'],
    toBody: (v) => ({ code: v.code.trim().toUpperCase(), ...termsOf(v) }),
    onSuccess,
    onError,
  });
  const update = useAdminMutation<PromoForm, AdminPromo>(
    (v) => `/pricing/promos/${encodeURIComponent(v.code)}`,
    {
      method: 'PUT',
      invalidates: ['/pricing/promos', '/audit'],
      toBody: termsOf,
      onSuccess,
      onError,
    },
  );

  const submit = (values: PromoForm) => {
    const full = { ...values, code: isNew ? values.code : (promo as AdminPromo).code };
    const terms = termsOf(full);
    const issues = checkPromotion(terms as PromotionTerms, used);
    if (issues.length > 0) {
      form.setFields(issues.map((i) => ({ name: i.field as keyof PromoForm, errors: [ruleMessage(i)] })));
      return;
    }
    if (isNew) create.mutate(full);
    else update.mutate(full);
  };
  const required = { required: true, whitespace: true, message: t('shell:common.required') };
  const moneyPrefix = currency || undefined;

  return (
    <FormModal
      width={640}
      title={isNew ? t('promos.createTitle') : t('promos.editTitle', { code: promo.code })}
      form={form}
      onClose={onClose}
      saving={create.isPending || update.isPending}
    >
      <Form<PromoForm> form={form} layout="vertical" onFinish={submit} initialValues={initialOf(promo)}>
        {isNew && (
          <Form.Item name="code" label={t('promos.form.code')} rules={[required]}>
            <Input maxLength={20} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        )}
        <Form.Item name="titleZh" label={t('promos.form.titleZh')} rules={[required]}>
          <Input maxLength={80} lang="zh" />
        </Form.Item>
        <Form.Item name="titleEn" label={t('promos.form.titleEn')} rules={[required]}>
          <Input maxLength={80} lang="en" />
        </Form.Item>
        <Form.Item name="titleKm" label={t('promos.form.titleKm')} rules={[required]}>
          <Input maxLength={80} lang="km" />
        </Form.Item>
        <Form.Item name="kind" label={t('promos.form.kind')}>
          <Radio.Group
            options={[
              { value: 'percent', label: t('promos.form.percent') },
              { value: 'amount', label: t('promos.form.amount') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={kind === 'amount' ? t('promos.form.amountValue') : t('promos.form.percentValue')}
          rules={[{ required: true, message: t('shell:common.required') }]}
        >
          {kind === 'amount' ? (
            <InputNumber min={0} precision={2} prefix={moneyPrefix} style={{ width: '100%' }} />
          ) : (
            <InputNumber min={0} precision={0} suffix="%" style={{ width: '100%' }} />
          )}
        </Form.Item>
        <Form.Item name="currency" label={t('promos.form.currency')}>
          <Select
            options={[
              { value: '', label: t('promos.form.anyCurrency') },
              { value: 'USD', label: 'USD' },
              { value: 'CNY', label: 'CNY' },
            ]}
          />
        </Form.Item>
        <Form.Item name="minSpend" label={t('promos.form.minSpend')} extra={t('promos.form.minSpendHelp')}>
          <InputNumber min={0} precision={2} prefix={moneyPrefix} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="validFrom" label={t('promos.form.validFrom')} rules={[required]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="validTo" label={t('promos.form.validTo')} rules={[required]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="routes" label={t('promos.form.routes')} extra={t('promos.form.routesHelp')}>
          <Select
            mode="multiple"
            allowClear
            options={(options.data?.routes ?? []).map((r) => ({ value: r.code, label: r.code }))}
          />
        </Form.Item>
        <Form.Item
          name="usageLimit"
          label={t('promos.form.usageLimit')}
          extra={t('promos.form.usageLimitHelp', { used })}
        >
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="listed" label={t('promos.form.listed')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="reason" label={t('reason')} extra={t('reasonHelp')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
