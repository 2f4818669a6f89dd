import { PlusOutlined } from '@ant-design/icons';
import type { ApiError } from '@wings/api-client';
import type {
  AddonKindCode,
  AdminAddonOptions,
  AdminAddonPage,
  AdminAddonPrice,
  Currency,
  StaffMe,
} from '@wings/contracts';
import { checkAddonPrice, formatMoney } from '@wings/rules';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { useMe } from '../../app/session';
import { FilterSelect } from '../../components/filter-select';
import { FormModal } from '../../components/form-modal';
import { ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { Readable } from '../../components/readable';
import { ruleMessage } from '../../lib/rule-message';

type Cabin = 'C' | 'Y';
type SeatType = 'PFST' | 'UPST' | 'SEAT';

interface Filters {
  route?: string;
  cabin?: Cabin;
  kind?: AddonKindCode;
  currency?: Currency;
}

/** What the price dialog holds: amounts in dollars or yuan (two decimals), dates as typed. */
interface AddonForm {
  routeCode?: string;
  cabin?: Cabin;
  kind?: AddonKindCode;
  weightKg?: number | null;
  seatType?: SeatType | null;
  currency?: Currency;
  amount?: number | null;
  percent?: number | null;
  validFrom: string;
  validTo?: string;
  reason?: string;
}

const FORM_FIELDS = [
  'routeCode',
  'cabin',
  'kind',
  'weightKg',
  'seatType',
  'currency',
  'amount',
  'percent',
  'validFrom',
  'validTo',
  'reason',
];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Both currencies have two minor digits (cents, fen). */
const toMinor = (major: number) => Math.round(major * 100);
const toMajor = (minor: number) => minor / 100;
const STATE_COLOUR = { active: 'green', scheduled: 'blue', ended: 'default', disabled: 'red' } as const;

function useCanChange(): boolean {
  const me = useMe().data as StaffMe | undefined;
  return me?.roles.includes('admin') ?? false;
}

function useOptions() {
  return useAdminQuery<AdminAddonOptions>('/addons/options', undefined, { staleTime: 60_000 });
}

/** The server's refusal next to its fields (or on `amount` when it names none the form has). */
function showServerErrors(form: ReturnType<typeof Form.useForm<AddonForm>>[0], error: ApiError) {
  const byField = new Map<string, string[]>();
  for (const issue of error.fields) {
    const target = FORM_FIELDS.includes(issue.field) ? issue.field : 'amount';
    byField.set(target, [...(byField.get(target) ?? []), issue.message || ruleMessage(issue)]);
  }
  if (byField.size === 0) byField.set('amount', [error.message]);
  form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof AddonForm, errors })));
}

/** The row's terms as the API and `checkAddonPrice` take them. */
function termsOf(v: AddonForm, kind: AddonKindCode) {
  return {
    kind,
    weightKg: kind === 'baggage' ? (v.weightKg ?? null) : null,
    seatType: kind === 'seat' ? (v.seatType ?? null) : null,
    amount: kind === 'refund_upgrade' ? null : v.amount == null ? null : toMinor(v.amount),
    percent: kind === 'refund_upgrade' ? (v.percent ?? null) : null,
    validFrom: v.validFrom,
    validTo: v.validTo || null,
  };
}

/**
 * File a new price (route, cabin, add-on, option, currency) or change one's price and dates.
 * Before sending, the form applies `checkAddonPrice` (@wings/rules), the rules the API applies.
 */
function AddonModal({ row, onClose }: { row: AdminAddonPrice | 'new'; onClose: () => void }) {
  const { t } = useTranslation('addons');
  const { message } = App.useApp();
  const [form] = Form.useForm<AddonForm>();
  const options = useOptions();
  const isNew = row === 'new';
  const kind: AddonKindCode = (Form.useWatch('kind', form) ??
    (isNew ? 'baggage' : row.kind)) as AddonKindCode;
  const routeCode = Form.useWatch('routeCode', form) ?? (isNew ? undefined : row.routeCode);
  const currency = Form.useWatch('currency', form) ?? (isNew ? 'USD' : row.currency);
  const route = options.data?.routes.find((r) => r.code === routeCode);
  const onSuccess = () => {
    void message.success(t('saved'));
    onClose();
  };
  const onError = (error: ApiError) => showServerErrors(form, error);
  const reasonOf = (v: AddonForm) => (v.reason?.trim() ? { reason: v.reason.trim() } : {});
  const create = useAdminMutation<AddonForm, AdminAddonPrice>('/addons/prices', {
    invalidates: ['/addons/prices', '/audit'],
    toBody: (v) => ({
      routeCode: v.routeCode,
      cabin: v.cabin,
      currency: v.currency,
      ...termsOf(v, v.kind ?? 'baggage'),
      ...reasonOf(v),
    }),
    onSuccess,
    onError,
  });
  const update = useAdminMutation<AddonForm & { id: number; rowKind: AddonKindCode }, AdminAddonPrice>(
    (v) => `/addons/prices/${v.id}`,
    {
      method: 'PUT',
      invalidates: ['/addons/prices', '/audit'],
      toBody: (v) => {
        const { amount, percent, validFrom, validTo } = termsOf(v, v.rowKind);
        return { amount, percent, validFrom, validTo, ...reasonOf(v) };
      },
      onSuccess,
      onError,
    },
  );
  const submit = (values: AddonForm) => {
    const k = isNew ? (values.kind ?? 'baggage') : row.kind;
    const terms = isNew
      ? termsOf(values, k)
      : { ...termsOf(values, k), weightKg: row.weightKg, seatType: row.seatType };
    const issues = checkAddonPrice(terms);
    if (issues.length > 0) {
      form.setFields(issues.map((i) => ({ name: i.field as keyof AddonForm, errors: [ruleMessage(i)] })));
      return;
    }
    if (isNew) create.mutate(values);
    else update.mutate({ ...values, id: row.id, rowKind: row.kind });
  };
  const required = { required: true, message: t('shell:common.required') };
  const dateRule = { pattern: DATE, message: 'YYYY-MM-DD' };

  return (
    <FormModal
      width={560}
      title={
        isNew
          ? t('form.createTitle')
          : t('form.editTitle', {
              route: row.routeCode,
              cabin: row.cabin,
              kind: t(`kinds.${row.kind}`),
              currency: row.currency,
            })
      }
      form={form}
      onClose={onClose}
      saving={create.isPending || update.isPending}
    >
      <Form<AddonForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          isNew
            ? { kind: 'baggage', cabin: 'Y', currency: 'USD', validFrom: '', validTo: '' }
            : {
                amount: row.price === null ? null : toMajor(row.price.amount),
                percent: row.percent,
                validFrom: row.validFrom,
                validTo: row.validTo ?? '',
              }
        }
      >
        {isNew && (
          <>
            <Form.Item name="routeCode" label={t('form.routeCode')} rules={[required]}>
              <Select
                showSearch
                options={(options.data?.routes ?? []).map((r) => ({ value: r.code, label: r.code }))}
                onChange={(code: string) => {
                  const picked = options.data?.routes.find((r) => r.code === code);
                  if (picked && !picked.currencies.includes(form.getFieldValue('currency'))) {
                    form.setFieldValue('currency', picked.currency);
                  }
                }}
              />
            </Form.Item>
            <Form.Item name="cabin" label={t('form.cabin')} rules={[required]}>
              <Select options={(['C', 'Y'] as const).map((c) => ({ value: c, label: t(`cabins.${c}`) }))} />
            </Form.Item>
            <Form.Item name="kind" label={t('form.kind')} rules={[required]}>
              <Select
                options={(options.data?.kinds ?? []).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              />
            </Form.Item>
            {kind === 'baggage' && (
              <Form.Item
                name="weightKg"
                preserve={false}
                label={t('form.weightKg')}
                extra={t('form.weightHelp', {
                  checked: options.data?.allowance.checkedKg ?? 20,
                  carryOn: options.data?.allowance.carryOnKg ?? 7,
                })}
              >
                <Select
                  options={(options.data?.baggageSteps ?? []).map((kg) => ({
                    value: kg,
                    label: `+${kg} kg`,
                  }))}
                />
              </Form.Item>
            )}
            {kind === 'seat' && (
              <Form.Item name="seatType" preserve={false} label={t('form.seatType')}>
                <Select
                  options={(options.data?.seatTypes ?? []).map((s) => ({
                    value: s,
                    label: t(`seatTypes.${s}`),
                  }))}
                />
              </Form.Item>
            )}
            <Form.Item name="currency" label={t('form.currency')} rules={[required]}>
              <Select options={(route?.currencies ?? ['USD']).map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </>
        )}
        {kind === 'refund_upgrade' ? (
          <Form.Item
            name="percent"
            preserve={false}
            label={t('form.percent')}
            extra={t('form.percentHelp', {
              min: options.data?.percent.min ?? 1,
              max: options.data?.percent.max ?? 100,
            })}
            rules={[required]}
          >
            <InputNumber step={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="amount"
            preserve={false}
            label={t('form.amount')}
            extra={kind === 'seat' ? t('form.seatFreeHelp') : undefined}
            rules={[required]}
          >
            <InputNumber step={1} precision={2} prefix={currency} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="validFrom" label={t('form.validFrom')} rules={[required, dateRule]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="validTo" label={t('form.validTo')} extra={t('form.validToHelp')} rules={[dateRule]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="reason" label={t('form.reason')} extra={t('form.reasonHelp')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Ends a price now, with the reason the audit log keeps. */
function DisableModal({ row, onClose }: { row: AdminAddonPrice; onClose: () => void }) {
  const { t } = useTranslation('addons');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const disable = useAdminMutation<{ reason: string }, AdminAddonPrice>(`/addons/prices/${row.id}/disable`, {
    invalidates: ['/addons/prices', '/audit'],
    toBody: (v) => ({ reason: v.reason.trim() }),
    onSuccess: () => {
      void message.success(t('disabledDone'));
      onClose();
    },
  });
  return (
    <FormModal
      title={t('disableForm.title', { route: row.routeCode, kind: t(`kinds.${row.kind}`) })}
      form={form}
      onClose={onClose}
      saving={disable.isPending}
      okText={t('disableForm.ok')}
      okButtonProps={{ danger: true }}
    >
      <Typography.Paragraph type="secondary">{t('disableForm.note')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => disable.mutate(v)}>
        <Form.Item
          name="reason"
          label={t('disableForm.reason')}
          rules={[{ required: true, whitespace: true, message: t('shell:common.required') }, { max: 500 }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The add-on catalogue per route and cabin: filtered; admins file, edit and disable prices. */
export default function AddonsPage() {
  return (
    <Readable>
      <AddonsPageContent />
    </Readable>
  );
}

function AddonsPageContent() {
  const { t } = useTranslation('addons');
  const canChange = useCanChange();
  const options = useOptions();
  const [filters, setFilters] = useState<Filters>({});
  const [showDisabled, setShowDisabled] = useState(false);
  const [page, setPage] = useState(1);
  const list = useAdminQuery<AdminAddonPage>('/addons/prices', {
    ...filters,
    disabled: showDisabled ? '1' : '0',
    page,
    pageSize: 100,
  });
  const [editing, setEditing] = useState<AdminAddonPrice | 'new' | null>(null);
  const [disabling, setDisabling] = useState<AdminAddonPrice | null>(null);
  const set = (key: keyof Filters) => (value: string | undefined) => {
    setPage(1);
    setFilters((f) => ({ ...f, [key]: value }));
  };

  const optionText = (r: AdminAddonPrice) => {
    if (r.kind === 'baggage' && r.weightKg !== null) {
      return t('baggageOption', {
        kg: r.weightKg,
        total: (options.data?.allowance.checkedKg ?? 20) + r.weightKg,
      });
    }
    if (r.kind === 'seat' && r.seatType !== null) return t(`seatTypes.${r.seatType}`);
    return '—';
  };
  const priceText = (r: AdminAddonPrice) => {
    if (r.percent !== null) return t('percentOfFare', { percent: r.percent });
    if (r.price === null) return '—';
    return r.price.amount === 0 ? `${t('free')} (${formatMoney(r.price)})` : formatMoney(r.price);
  };

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
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      {!canChange && <Alert type="info" showIcon title={t('readOnly')} />}
      <Space wrap>
        <FilterSelect
          label={t('filters.route')}
          showSearch
          value={filters.route}
          onChange={set('route')}
          options={(options.data?.routes ?? []).map((r) => ({ value: r.code, label: r.code }))}
        />
        <FilterSelect
          label={t('filters.cabin')}
          value={filters.cabin}
          onChange={set('cabin')}
          options={(['C', 'Y'] as const).map((c) => ({ value: c, label: t(`cabins.${c}`) }))}
        />
        <FilterSelect
          label={t('filters.kind')}
          width={200}
          value={filters.kind}
          onChange={set('kind')}
          options={(options.data?.kinds ?? []).map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        <FilterSelect
          label={t('filters.currency')}
          width={120}
          value={filters.currency}
          onChange={set('currency')}
          options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))}
        />
        <Checkbox
          checked={showDisabled}
          onChange={(e) => {
            setPage(1);
            setShowDisabled(e.target.checked);
          }}
        >
          {t('filters.showDisabled')}
        </Checkbox>
        {list.data && (
          <Typography.Text type="secondary">{t('total', { count: list.data.total })}</Typography.Text>
        )}
      </Space>
      <ListTable<AdminAddonPrice>
        query={list}
        rowKey="id"
        pageSize={100}
        serverPage={{ current: page, onChange: setPage }}
        columns={[
          { title: t('columns.route'), dataIndex: 'routeCode' },
          { title: t('columns.cabin'), dataIndex: 'cabin' },
          { title: t('columns.kind'), key: 'kind', render: (_, r) => t(`kinds.${r.kind}`) },
          { title: t('columns.code'), dataIndex: 'serviceCode', render: (c: number | null) => c ?? '—' },
          { title: t('columns.option'), key: 'option', render: (_, r) => optionText(r) },
          {
            title: t('columns.price'),
            key: 'price',
            align: 'right',
            render: (_, r) => <strong>{priceText(r)}</strong>,
          },
          { title: t('columns.validFrom'), dataIndex: 'validFrom' },
          {
            title: t('columns.validTo'),
            dataIndex: 'validTo',
            render: (to: string | null) => to ?? t('until'),
          },
          {
            title: t('columns.state'),
            dataIndex: 'state',
            render: (s: AdminAddonPrice['state'], r) => (
              <Tag color={STATE_COLOUR[s]} title={r.disabledReason ?? undefined}>
                {t(`states.${s}`)}
              </Tag>
            ),
          },
          ...(canChange
            ? [
                {
                  title: t('shell:common.actions'),
                  key: 'actions',
                  render: (_: unknown, r: AdminAddonPrice) =>
                    r.state === 'disabled' ? null : (
                      <Space size={0}>
                        <Button
                          type="link"
                          aria-label={`${t('edit')} ${r.routeCode} ${r.cabin} ${r.kind} ${r.weightKg ?? r.seatType ?? ''} ${r.currency} ${r.validFrom}`}
                          onClick={() => setEditing(r)}
                        >
                          {t('edit')}
                        </Button>
                        <Button
                          type="link"
                          danger
                          aria-label={`${t('disable')} ${r.routeCode} ${r.cabin} ${r.kind} ${r.weightKg ?? r.seatType ?? ''} ${r.currency} ${r.validFrom}`}
                          onClick={() => setDisabling(r)}
                        >
                          {t('disable')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {editing && <AddonModal row={editing} onClose={() => setEditing(null)} />}
      {disabling && <DisableModal row={disabling} onClose={() => setDisabling(null)} />}
    </Space>
  );
}
