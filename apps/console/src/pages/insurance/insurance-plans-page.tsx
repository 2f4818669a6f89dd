import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApiError } from '@wings/api-client';
import {
  type AdminInsurancePlan,
  type AdminInsurancePlanList,
  type Currency,
  INSURANCE_COVER_ITEMS,
  type InsuranceCoverItem,
  type LanguageTag,
  type StaffMe,
} from '@wings/contracts';
import { formatMoney } from '@wings/rules';
import {
  Alert,
  App,
  Button,
  Form,
  type FormInstance,
  type FormListFieldData,
  Input,
  InputNumber,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { useMe } from '../../app/session';
import { FilterSelect } from '../../components/filter-select';
import { FormModal } from '../../components/form-modal';
import { ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { Readable } from '../../components/readable';
import { ruleMessage } from '../../lib/rule-message';

/** Both plan currencies have two minor digits (cents, fen). */
const toMinor = (major: number) => Math.round(major * 100);
const toMajor = (minor: number) => minor / 100;

interface PlanForm {
  code?: string;
  currency?: Currency;
  grade: number;
  nameZh: string;
  nameEn: string;
  nameKm: string;
  coverage: { item?: InsuranceCoverItem; limit?: number | null }[];
  bands: { upToDays?: number | null; amount?: number | null }[];
  reason?: string;
}

/** The form's fields (the first two only when filing a new plan). */
const PLAN_FIELDS = [
  'code',
  'currency',
  'grade',
  'nameZh',
  'nameEn',
  'nameKm',
  'coverage',
  'bands',
  'reason',
];

/** The API's field names as the form's (`name.zh` → `nameZh`, `priceBands.1.amount` → `bands.1.amount`). */
function formField(field: string): (string | number)[] {
  const name = /^name\.(zh|en|km)$/.exec(field);
  if (name) return [`name${name[1]![0]!.toUpperCase()}${name[1]![1]}`];
  const path = field.replace(/^priceBands\b/, 'bands').split('.');
  return path.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Shows a refused change's messages next to their fields; the rest on `code` (or `reason`). */
function showErrors(form: FormInstance, error: ApiError, fields: readonly string[], fallback: string): void {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of error.fields) {
    const name = formField(issue.field);
    const text = issue.message || ruleMessage(issue);
    const target = fields.includes(String(name[0])) ? name : [fallback];
    const key = target.join('.');
    byField.set(key, { name: target, errors: [...(byField.get(key)?.errors ?? []), text] });
  }
  if (byField.size === 0) byField.set(fallback, { name: [fallback], errors: [error.message] });
  form.setFields([...byField.values()].map(({ name, errors }) => ({ name: name as never, errors })));
}

function useCanChange(): boolean {
  const me = useMe().data as StaffMe | undefined;
  return me?.roles.includes('admin') ?? false;
}

function PlanModal({ plan, onClose }: { plan: AdminInsurancePlan | 'new'; onClose: () => void }) {
  const { t } = useTranslation('insurance');
  const { message } = App.useApp();
  const [form] = Form.useForm<PlanForm>();
  const isNew = plan === 'new';
  const currency = Form.useWatch('currency', form) ?? (isNew ? 'USD' : plan.currency);
  const onError = (error: ApiError) =>
    showErrors(form, error, isNew ? PLAN_FIELDS : PLAN_FIELDS.slice(2), isNew ? 'code' : 'grade');
  const onSuccess = () => {
    void message.success(t('saved'));
    onClose();
  };
  const body = (v: PlanForm) => ({
    grade: v.grade,
    name: { zh: v.nameZh, en: v.nameEn, km: v.nameKm },
    coverage: v.coverage.map((c) => ({ item: c.item, limit: c.limit == null ? null : toMinor(c.limit) })),
    priceBands: v.bands.map((b) => ({
      upToDays: b.upToDays,
      amount: b.amount == null ? null : toMinor(b.amount),
    })),
    ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
  });
  const create = useAdminMutation<PlanForm, AdminInsurancePlan>('/insurance/plans', {
    invalidates: ['/insurance/plans', '/audit'],
    toBody: (v) => ({ code: v.code?.trim().toUpperCase(), currency: v.currency, ...body(v) }),
    onSuccess,
    onError,
  });
  const update = useAdminMutation<PlanForm & { id: number }, AdminInsurancePlan>(
    (v) => `/insurance/plans/${v.id}`,
    { method: 'PUT', invalidates: ['/insurance/plans', '/audit'], toBody: body, onSuccess, onError },
  );
  const required = { required: true, message: t('shell:common.required') };

  return (
    <FormModal
      title={
        isNew ? t('form.createTitle') : t('form.editTitle', { code: plan.code, currency: plan.currency })
      }
      form={form}
      onClose={onClose}
      saving={create.isPending || update.isPending}
      width={640}
    >
      <Form<PlanForm>
        form={form}
        layout="vertical"
        onFinish={(v) => (isNew ? create.mutate(v) : update.mutate({ ...v, id: plan.id }))}
        initialValues={
          isNew
            ? {
                currency: 'USD',
                grade: 1,
                nameZh: '',
                nameEn: '',
                nameKm: '',
                coverage: [{ item: 'medical', limit: null }],
                bands: [{ upToDays: 90, amount: null }],
              }
            : {
                grade: plan.grade,
                nameZh: plan.name.zh,
                nameEn: plan.name.en,
                nameKm: plan.name.km,
                coverage: plan.coverage.map((c) => ({ item: c.item, limit: toMajor(c.limit) })),
                bands: plan.priceBands.map((b) => ({ upToDays: b.upToDays, amount: toMajor(b.amount) })),
              }
        }
      >
        {isNew && (
          <Space wrap>
            <Form.Item name="code" label={t('form.code')} rules={[required]}>
              <Input maxLength={20} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
            <Form.Item name="currency" label={t('form.currency')} rules={[required]}>
              <Select style={{ width: 120 }} options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="grade" label={t('form.grade')} rules={[required]}>
          <InputNumber min={1} max={9} precision={0} />
        </Form.Item>
        <Form.Item name="nameZh" label={t('form.nameZh')} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('form.nameEn')} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="nameKm" label={t('form.nameKm')} rules={[{ ...required, whitespace: true }]}>
          <Input maxLength={80} />
        </Form.Item>
        <Typography.Text strong>{t('form.coverage')}</Typography.Text>
        <RowList name="coverage" addLabel={t('form.addCover')} blank={{ item: undefined, limit: null }}>
          {(field, i) => (
            <>
              <Form.Item name={[field.name, 'item']} rules={[required]}>
                <Select
                  aria-label={`${t('form.item')} ${i + 1}`}
                  style={{ width: 180 }}
                  options={INSURANCE_COVER_ITEMS.map((item) => ({
                    value: item,
                    label: t(`cover.${item}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'limit']} rules={[required]}>
                <InputNumber
                  aria-label={`${t('form.limit')} ${i + 1}`}
                  min={0.01}
                  step={1}
                  precision={2}
                  prefix={currency}
                  style={{ width: 200 }}
                />
              </Form.Item>
            </>
          )}
        </RowList>
        <Typography.Text strong>{t('form.bands')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('form.bandsHelp')}</Typography.Paragraph>
        <RowList name="bands" addLabel={t('form.addBand')} blank={{ upToDays: null, amount: null }}>
          {(field, i) => (
            <>
              <Form.Item name={[field.name, 'upToDays']} rules={[required]}>
                <InputNumber aria-label={`${t('form.upToDays')} ${i + 1}`} min={1} max={90} precision={0} />
              </Form.Item>
              <Form.Item name={[field.name, 'amount']} rules={[required]}>
                <InputNumber
                  aria-label={`${t('form.amount')} ${i + 1}`}
                  min={0.01}
                  step={1}
                  precision={2}
                  prefix={currency}
                  style={{ width: 200 }}
                />
              </Form.Item>
            </>
          )}
        </RowList>
        <Form.Item name="reason" label={t('form.reason')} extra={t('form.reasonHelp')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function DisableModal({ plan, onClose }: { plan: AdminInsurancePlan; onClose: () => void }) {
  const { t } = useTranslation('insurance');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const disable = useAdminMutation<{ reason: string }, AdminInsurancePlan>(
    `/insurance/plans/${plan.id}/disable`,
    {
      invalidates: ['/insurance/plans', '/audit'],
      onSuccess: () => {
        void message.success(t('disabled'));
        onClose();
      },
      onError: (error) => showErrors(form, error, ['reason'], 'reason'),
    },
  );
  return (
    <FormModal
      title={t('disableTitle', { code: plan.code, currency: plan.currency })}
      form={form}
      onClose={onClose}
      saving={disable.isPending}
      okText={t('disable')}
      okButtonProps={{ danger: true }}
    >
      <Alert type="warning" showIcon title={t('disableNote')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(v) => disable.mutate({ reason: v.reason.trim() })}>
        <Form.Item
          name="reason"
          label={t('form.reason')}
          extra={t('form.reasonHelp')}
          rules={[{ required: true, whitespace: true, message: t('shell:common.required') }]}
        >
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Insurance plans by currency and grade; admins file, edit and disable them. */
export default function InsurancePlansPage() {
  return (
    <Readable>
      <PlansContent />
    </Readable>
  );
}

function PlansContent() {
  const { t, i18n } = useTranslation('insurance');
  const lang = (['zh', 'en', 'km'].includes(i18n.language) ? i18n.language : 'en') as LanguageTag;
  const canChange = useCanChange();
  const [currency, setCurrency] = useState<Currency | undefined>();
  const list = useAdminQuery<AdminInsurancePlanList>('/insurance/plans', { currency });
  const [editing, setEditing] = useState<AdminInsurancePlan | 'new' | null>(null);
  const [disabling, setDisabling] = useState<AdminInsurancePlan | null>(null);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader
        title={t('title')}
        action={
          canChange && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('create')}
            </Button>
          )
        }
      />
      {canChange ? (
        <Alert type="info" showIcon title={t('liveNote')} />
      ) : (
        <Alert type="info" showIcon title={t('readOnly')} />
      )}
      <FilterSelect
        label={t('filters.currency')}
        value={currency}
        onChange={setCurrency}
        options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))}
      />
      <ListTable<AdminInsurancePlan>
        query={list}
        rowKey="id"
        columns={[
          { title: t('columns.code'), dataIndex: 'code' },
          { title: t('columns.currency'), dataIndex: 'currency' },
          { title: t('columns.grade'), dataIndex: 'grade' },
          { title: t('columns.name'), key: 'name', render: (_, p) => p.name[lang] },
          {
            title: t('columns.coverage'),
            key: 'coverage',
            render: (_, p) => (
              <Space orientation="vertical" size={0}>
                {p.coverage.map((c) => (
                  <span key={c.item}>
                    {t(`cover.${c.item}`)}: {formatMoney({ amount: c.limit, currency: p.currency })}
                  </span>
                ))}
              </Space>
            ),
          },
          {
            title: t('columns.bands'),
            key: 'bands',
            render: (_, p) => (
              <Space orientation="vertical" size={0}>
                {p.priceBands.map((b) => (
                  <span key={b.upToDays}>
                    {t('upToDays', { days: b.upToDays })}:{' '}
                    {formatMoney({ amount: b.amount, currency: p.currency })}
                  </span>
                ))}
              </Space>
            ),
          },
          {
            title: t('columns.status'),
            key: 'status',
            render: (_, p) =>
              p.active ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.disabled')}</Tag>,
          },
          ...(canChange
            ? [
                {
                  title: t('shell:common.actions'),
                  key: 'actions',
                  render: (_: unknown, p: AdminInsurancePlan) => (
                    <Space>
                      <Button
                        type="link"
                        aria-label={`${t('edit')} ${p.code} ${p.currency}`}
                        onClick={() => setEditing(p)}
                      >
                        {t('edit')}
                      </Button>
                      {p.active && (
                        <Button
                          type="link"
                          danger
                          aria-label={`${t('disable')} ${p.code} ${p.currency}`}
                          onClick={() => setDisabling(p)}
                        >
                          {t('disable')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <PlanModal plan={editing} onClose={() => setEditing(null)} />}
      {disabling && <DisableModal plan={disabling} onClose={() => setDisabling(null)} />}
    </Space>
  );
}

/**
 * Rows of a plan the staff member adds and removes (its cover items, its price bands): each row's
 * fields side by side, a remove button while more than one row is left, and an add button.
 */
function RowList({
  name,
  addLabel,
  blank,
  children,
}: {
  name: string;
  addLabel: string;
  /** A new row's values. */
  blank: Record<string, unknown>;
  children: (field: FormListFieldData, index: number) => ReactNode;
}) {
  const { t } = useTranslation('insurance');
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, i) => (
            <Space key={field.key} align="baseline" wrap>
              {children(field, i)}
              {fields.length > 1 && (
                <MinusCircleOutlined aria-label={t('form.remove')} onClick={() => remove(field.name)} />
              )}
            </Space>
          ))}
          <Form.Item>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(blank)}>
              {addLabel}
            </Button>
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}
