import { PlusOutlined } from '@ant-design/icons';
import type { AdminFare, AdminFarePage, Currency } from '@wings/contracts';
import { formatMoney, passengerFare } from '@wings/rules';
import { Alert, App, Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { FilterSelect } from '../../components/filter-select';
import { FormModal } from '../../components/form-modal';
import { ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { Readable } from '../../components/readable';
import { formatInstant } from '../../lib/format';
import { showServerErrors, toMajor, toMinor, useCanChangePricing, usePricingOptions } from './fares-shared';
import { FilingFields, type FilingValues, filingBody } from './filing-fields';

interface Filters {
  route?: string;
  family?: string;
  bookingClass?: string;
  currency?: string;
}

interface FareForm extends FilingValues {
  routeCode?: string;
  bookingClass?: string;
  currency?: Currency;
  adultAmount: number | null;
}

const FORM_FIELDS = [
  'routeCode',
  'bookingClass',
  'currency',
  'adultAmount',
  'validFrom',
  'validTo',
  'reason',
];

/** Edit a filing (amount and validity), or file a new one (route, class and currency too). */
function FareModal({ fare, onClose }: { fare: AdminFare | 'new'; onClose: () => void }) {
  const { t } = useTranslation('fares');
  const { message } = App.useApp();
  const [form] = Form.useForm<FareForm>();
  const options = usePricingOptions();
  const isNew = fare === 'new';
  const currency = Form.useWatch('currency', form) ?? (isNew ? 'USD' : fare.adultFare.currency);
  const onError = (error: Parameters<typeof showServerErrors>[1]) =>
    showServerErrors(form, error, FORM_FIELDS, 'adultAmount');
  const onSuccess = () => {
    void message.success(t('fares.saved'));
    onClose();
  };
  const create = useAdminMutation<FareForm, AdminFare>('/pricing/fares', {
    invalidates: ['/pricing/fares', '/audit'],
    toBody: (v) => ({
      routeCode: v.routeCode,
      bookingClass: v.bookingClass,
      currency: v.currency,
      adultAmount: v.adultAmount === null ? null : toMinor(v.adultAmount),
      ...filingBody(v),
    }),
    onSuccess,
    onError,
  });
  const update = useAdminMutation<FareForm & { id: number }, AdminFare>((v) => `/pricing/fares/${v.id}`, {
    method: 'PUT',
    invalidates: ['/pricing/fares', '/audit'],
    toBody: (v) => ({
      adultAmount: v.adultAmount === null ? null : toMinor(v.adultAmount),
      ...filingBody(v),
    }),
    onSuccess,
    onError,
  });
  const required = { required: true, message: t('shell:common.required') };

  return (
    <FormModal
      title={
        isNew
          ? t('fares.createTitle')
          : t('fares.editTitle', {
              route: fare.routeCode,
              bookingClass: fare.bookingClass,
              currency: fare.adultFare.currency,
            })
      }
      form={form}
      onClose={onClose}
      saving={create.isPending || update.isPending}
    >
      <Typography.Paragraph type="secondary">{t('liveNote')}</Typography.Paragraph>
      <Form<FareForm>
        form={form}
        layout="vertical"
        onFinish={(values) => (isNew ? create.mutate(values) : update.mutate({ ...values, id: fare.id }))}
        initialValues={
          isNew
            ? { currency: 'USD', adultAmount: null, validFrom: '', validTo: '' }
            : {
                adultAmount: toMajor(fare.adultFare.amount),
                validFrom: fare.validFrom,
                validTo: fare.validTo ?? '',
              }
        }
      >
        {isNew && (
          <>
            <Form.Item name="routeCode" label={t('fares.form.routeCode')} rules={[required]}>
              <Select
                showSearch
                options={(options.data?.routes ?? []).map((r) => ({ value: r.code, label: r.code }))}
              />
            </Form.Item>
            <Form.Item name="bookingClass" label={t('fares.form.bookingClass')} rules={[required]}>
              <Select
                options={(options.data?.classes ?? []).map((c) => ({
                  value: c.letter,
                  label: `${c.letter} · ${c.family}`,
                }))}
              />
            </Form.Item>
            <Form.Item name="currency" label={t('fares.form.currency')} rules={[required]}>
              <Select options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </>
        )}
        <Form.Item name="adultAmount" label={t('fares.form.adultAmount')} rules={[required]}>
          <InputNumber min={0.01} step={1} precision={2} prefix={currency} style={{ width: '100%' }} />
        </Form.Item>
        <FilingFields kind="fares" />
      </Form>
    </FormModal>
  );
}

/** Fares per route and booking class: filtered, shown as money; admins edit and file them. */
export default function FaresPage() {
  return (
    <Readable>
      <FaresPageContent />
    </Readable>
  );
}

function FaresPageContent() {
  const { t } = useTranslation('fares');
  const canChange = useCanChangePricing();
  const options = usePricingOptions();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const list = useAdminQuery<AdminFarePage>('/pricing/fares', { ...filters, page, pageSize: 50 });
  const [editing, setEditing] = useState<AdminFare | 'new' | null>(null);
  const set = (key: keyof Filters) => (value: string | undefined) => {
    setPage(1);
    setFilters((f) => ({ ...f, [key]: value }));
  };
  const all = t('fares.filters.all');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader
        title={t('fares.title')}
        action={
          canChange && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('fares.create')}
            </Button>
          )
        }
      />
      {!canChange && <Alert type="info" showIcon title={t('readOnly')} />}
      <Space wrap>
        <FilterSelect
          label={t('fares.filters.route')}
          showSearch
          value={filters.route}
          onChange={set('route')}
          options={(options.data?.routes ?? []).map((r) => ({ value: r.code, label: r.code }))}
        />
        <FilterSelect
          label={t('fares.filters.family')}
          value={filters.family}
          onChange={set('family')}
          options={(options.data?.families ?? []).map((f) => ({ value: f, label: f }))}
        />
        <FilterSelect
          label={t('fares.filters.bookingClass')}
          width={140}
          showSearch
          optionFilterProp="label"
          value={filters.bookingClass}
          onChange={set('bookingClass')}
          options={(options.data?.classes ?? [])
            .filter((c) => !filters.family || c.family === filters.family)
            .map((c) => ({ value: c.letter, label: `${c.letter} · ${c.family}` }))}
        />
        <FilterSelect
          label={t('fares.filters.currency')}
          width={120}
          value={filters.currency}
          onChange={set('currency')}
          options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))}
        />
        <Typography.Text type="secondary">
          {list.data ? t('fares.total', { count: list.data.total }) : all}
        </Typography.Text>
      </Space>
      <ListTable<AdminFare>
        query={list}
        rowKey="id"
        serverPage={{ current: page, onChange: setPage }}
        columns={[
          { title: t('fares.columns.route'), dataIndex: 'routeCode' },
          { title: t('fares.columns.bookingClass'), dataIndex: 'bookingClass' },
          { title: t('fares.columns.family'), dataIndex: 'family' },
          { title: t('fares.columns.cabin'), dataIndex: 'cabin' },
          {
            title: t('fares.columns.adult'),
            key: 'adult',
            align: 'right',
            render: (_, f) => <strong>{formatMoney(f.adultFare)}</strong>,
          },
          {
            title: t('fares.columns.child'),
            key: 'child',
            align: 'right',
            render: (_, f) =>
              formatMoney({
                amount: passengerFare(f.adultFare.amount, 'child'),
                currency: f.adultFare.currency,
              }),
          },
          {
            title: t('fares.columns.infant'),
            key: 'infant',
            align: 'right',
            render: (_, f) =>
              formatMoney({
                amount: passengerFare(f.adultFare.amount, 'infant'),
                currency: f.adultFare.currency,
              }),
          },
          { title: t('fares.columns.validFrom'), dataIndex: 'validFrom' },
          {
            title: t('fares.columns.validTo'),
            dataIndex: 'validTo',
            render: (to: string | null) => to ?? t('until'),
          },
          {
            title: t('fares.columns.updated'),
            dataIndex: 'updatedAt',
            render: (at: string) => formatInstant(at),
          },
          ...(canChange
            ? [
                {
                  title: t('shell:common.actions'),
                  key: 'actions',
                  render: (_: unknown, f: AdminFare) => (
                    <Button
                      type="link"
                      aria-label={`${t('fares.edit')} ${f.routeCode} ${f.bookingClass} ${f.adultFare.currency} ${f.validFrom}`}
                      onClick={() => setEditing(f)}
                    >
                      {t('fares.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <FareModal fare={editing} onClose={() => setEditing(null)} />}
    </Space>
  );
}
