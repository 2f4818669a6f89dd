import { PlusOutlined } from '@ant-design/icons';
import type { AdminTax, Currency } from '@wings/contracts';
import { formatMoney } from '@wings/rules';
import { Alert, App, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { FilterSelect } from '../../components/filter-select';
import { FormModal } from '../../components/form-modal';
import { ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { Readable } from '../../components/readable';
import { showServerErrors, toMajor, toMinor, useCanChangePricing } from './fares-shared';
import { FilingFields, type FilingValues, filingBody } from './filing-fields';

type PassengerType = AdminTax['passengerType'];
const PASSENGER_TYPES: PassengerType[] = ['adult', 'child', 'infant'];

interface TaxForm extends FilingValues {
  code?: string;
  scope?: 'country' | 'airport';
  scopeCode?: string;
  passengerType?: PassengerType;
  currency?: Currency;
  amount: number | null;
  descriptionEn: string;
}

const FORM_FIELDS = [
  'code',
  'scope',
  'scopeCode',
  'passengerType',
  'currency',
  'amount',
  'descriptionEn',
  'validFrom',
  'validTo',
  'reason',
];

function TaxModal({ tax, onClose }: { tax: AdminTax | 'new'; onClose: () => void }) {
  const { t } = useTranslation('fares');
  const { message } = App.useApp();
  const [form] = Form.useForm<TaxForm>();
  const isNew = tax === 'new';
  const currency = Form.useWatch('currency', form) ?? (isNew ? 'USD' : tax.amount.currency);
  const onError = (error: Parameters<typeof showServerErrors>[1]) =>
    showServerErrors(form, error, FORM_FIELDS, 'amount');
  const onSuccess = () => {
    void message.success(t('taxes.saved'));
    onClose();
  };
  const body = (v: TaxForm) => ({
    amount: v.amount === null ? null : toMinor(v.amount),
    descriptionEn: v.descriptionEn,
    ...filingBody(v),
  });
  const create = useAdminMutation<TaxForm, AdminTax>('/pricing/taxes', {
    invalidates: ['/pricing/taxes', '/audit'],
    toBody: (v) => ({
      code: v.code,
      scope: v.scope,
      scopeCode: v.scopeCode,
      passengerType: v.passengerType,
      currency: v.currency,
      ...body(v),
    }),
    onSuccess,
    onError,
  });
  const update = useAdminMutation<TaxForm & { id: number }, AdminTax>((v) => `/pricing/taxes/${v.id}`, {
    method: 'PUT',
    invalidates: ['/pricing/taxes', '/audit'],
    toBody: body,
    onSuccess,
    onError,
  });
  const required = { required: true, message: t('shell:common.required') };
  const scopeLabel = (x: AdminTax) => t(`taxes.scope.${x.scope}`, { code: x.scopeCode });

  return (
    <FormModal
      title={
        isNew
          ? t('taxes.createTitle')
          : t('taxes.editTitle', {
              code: tax.code,
              scope: scopeLabel(tax),
              passenger: t(`taxes.passenger.${tax.passengerType}`),
            })
      }
      form={form}
      onClose={onClose}
      saving={create.isPending || update.isPending}
    >
      <Form<TaxForm>
        form={form}
        layout="vertical"
        onFinish={(values) => (isNew ? create.mutate(values) : update.mutate({ ...values, id: tax.id }))}
        initialValues={
          isNew
            ? {
                scope: 'country',
                passengerType: 'adult',
                currency: 'USD',
                amount: null,
                descriptionEn: '',
                validFrom: '',
              }
            : {
                amount: toMajor(tax.amount.amount),
                descriptionEn: tax.descriptionEn,
                validFrom: tax.validFrom,
                validTo: tax.validTo ?? '',
              }
        }
      >
        {isNew && (
          <>
            <Form.Item
              name="code"
              label={t('taxes.form.code')}
              rules={[required, { len: 2, message: 'KH, YQ …' }]}
            >
              <Input maxLength={2} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
            <Form.Item name="scope" label={t('taxes.form.scope')} rules={[required]}>
              <Select
                options={[
                  { value: 'country', label: t('taxes.form.scopeCountry') },
                  { value: 'airport', label: t('taxes.form.scopeAirport') },
                ]}
              />
            </Form.Item>
            <Form.Item name="scopeCode" label={t('taxes.form.scopeCode')} rules={[required]}>
              <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
            <Form.Item name="passengerType" label={t('taxes.form.passengerType')} rules={[required]}>
              <Select
                options={PASSENGER_TYPES.map((p) => ({ value: p, label: t(`taxes.passenger.${p}`) }))}
              />
            </Form.Item>
            <Form.Item name="currency" label={t('taxes.form.currency')} rules={[required]}>
              <Select options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </>
        )}
        <Form.Item name="amount" label={t('taxes.form.amount')} rules={[required]}>
          <InputNumber min={0} step={1} precision={2} prefix={currency} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="descriptionEn"
          label={t('taxes.form.descriptionEn')}
          rules={[{ ...required, whitespace: true }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <FilingFields kind="taxes" />
      </Form>
    </FormModal>
  );
}

/** Taxes by code, country or airport and passenger type; admins edit and file them. */
export default function TaxesPage() {
  return (
    <Readable>
      <TaxesPageContent />
    </Readable>
  );
}

function TaxesPageContent() {
  const { t } = useTranslation('fares');
  const canChange = useCanChangePricing();
  const [code, setCode] = useState('');
  const [scopeCode, setScopeCode] = useState('');
  const [passengerType, setPassengerType] = useState<PassengerType | undefined>();
  const list = useAdminQuery<{ list: AdminTax[] }>('/pricing/taxes', {
    code: code.trim().toUpperCase(),
    scopeCode: scopeCode.trim().toUpperCase(),
    passengerType,
  });
  const [editing, setEditing] = useState<AdminTax | 'new' | null>(null);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader
        title={t('taxes.title')}
        action={
          canChange && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('taxes.create')}
            </Button>
          )
        }
      />
      {!canChange && <Alert type="info" showIcon title={t('readOnly')} />}
      <Space wrap>
        <Input
          aria-label={t('taxes.filters.code')}
          placeholder={t('taxes.filters.code')}
          maxLength={2}
          allowClear
          style={{ width: 140 }}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Input
          aria-label={t('taxes.filters.scopeCode')}
          placeholder={t('taxes.filters.scopeCode')}
          maxLength={3}
          allowClear
          style={{ width: 180 }}
          value={scopeCode}
          onChange={(e) => setScopeCode(e.target.value)}
        />
        <FilterSelect
          label={t('taxes.filters.passengerType')}
          value={passengerType}
          onChange={setPassengerType}
          options={PASSENGER_TYPES.map((p) => ({ value: p, label: t(`taxes.passenger.${p}`) }))}
        />
      </Space>
      <ListTable<AdminTax>
        query={list}
        rowKey="id"
        columns={[
          { title: t('taxes.columns.code'), dataIndex: 'code' },
          {
            title: t('taxes.columns.scope'),
            key: 'scope',
            render: (_, x) => t(`taxes.scope.${x.scope}`, { code: x.scopeCode }),
          },
          {
            title: t('taxes.columns.passengerType'),
            dataIndex: 'passengerType',
            render: (p: PassengerType) => t(`taxes.passenger.${p}`),
          },
          {
            title: t('taxes.columns.amount'),
            key: 'amount',
            align: 'right',
            render: (_, x) => formatMoney(x.amount),
          },
          { title: t('taxes.columns.description'), dataIndex: 'descriptionEn' },
          { title: t('taxes.columns.validFrom'), dataIndex: 'validFrom' },
          {
            title: t('taxes.columns.validTo'),
            dataIndex: 'validTo',
            render: (to: string | null) => to ?? t('until'),
          },
          ...(canChange
            ? [
                {
                  title: t('shell:common.actions'),
                  key: 'actions',
                  render: (_: unknown, x: AdminTax) => (
                    <Button
                      type="link"
                      aria-label={`${t('taxes.edit')} ${x.code} ${x.scopeCode} ${x.passengerType} ${x.amount.currency} ${x.validFrom}`}
                      onClick={() => setEditing(x)}
                    >
                      {t('taxes.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <TaxModal tax={editing} onClose={() => setEditing(null)} />}
    </Space>
  );
}
