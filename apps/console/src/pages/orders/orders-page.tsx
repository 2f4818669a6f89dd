import type { AdminOrderPage, AdminOrderRow } from '@wings/contracts';
import { Button, ConfigProvider, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type QueryParams, useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '../../lib/format';
import { formatMoney, localWallClock, OrderStatusTag, PAGE_THEME } from './order-format';

/** The search form's fields, as GET /api/admin/orders takes them (contracts `ZAdminOrderSearch`). */
export const SEARCH_FIELDS = [
  'orderNo',
  'pnr',
  'surname',
  'email',
  'ticketNo',
  'flightNo',
  'flightDate',
  'status',
] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];
export type OrderFilters = Partial<Record<SearchField, string>>;

const PAGE_SIZE = 20;

/** The query of the search for what the address says (the filters live in it, so back and links work). */
export function ordersQuery(params: URLSearchParams): QueryParams {
  const query: QueryParams = { page: Number(params.get('page')) || 1, pageSize: PAGE_SIZE };
  for (const field of SEARCH_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) query[field] = value;
  }
  return query;
}

/** Search orders by number, PNR, surname, e-mail, ticket, flight and date; newest first. */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<OrderFilters>();
  const query = ordersQuery(params);
  const orders = useAdminQuery<AdminOrderPage>('/orders', query);

  useEffect(() => {
    form.setFieldsValue(
      Object.fromEntries(SEARCH_FIELDS.map((f) => [f, params.get(f) ?? (f === 'status' ? '' : undefined)])),
    );
  }, [form, params]);

  const search = (values: OrderFilters) => {
    const next = new URLSearchParams();
    for (const field of SEARCH_FIELDS) {
      const value = values[field]?.toString().trim();
      if (value) next.set(field, value);
    }
    setParams(next);
  };

  const columns = [
    {
      title: t('columns.orderNo'),
      dataIndex: 'orderNo',
      key: 'orderNo',
      render: (orderNo: string) => <Link to={`/orders/${orderNo}`}>{orderNo}</Link>,
    },
    { title: t('columns.pnr'), dataIndex: 'pnr', key: 'pnr' },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_: unknown, row: AdminOrderRow) => (
        <OrderStatusTag status={row.status} ticketed={row.ticketed} />
      ),
    },
    {
      title: t('columns.route'),
      key: 'route',
      render: (_: unknown, row: AdminOrderRow) => row.route.join(' → '),
    },
    {
      title: t('columns.departs'),
      key: 'departs',
      render: (_: unknown, row: AdminOrderRow) =>
        row.firstFlightNo ? `${row.firstFlightNo} · ${localWallClock(row.firstDeparture)}` : '—',
    },
    {
      title: t('columns.passengers'),
      dataIndex: 'passengerCount',
      key: 'passengers',
      align: 'right' as const,
    },
    {
      title: t('columns.total'),
      key: 'total',
      align: 'right' as const,
      render: (_: unknown, row: AdminOrderRow) => formatMoney(row.total),
    },
    {
      title: t('columns.created'),
      key: 'created',
      render: (_: unknown, row: AdminOrderRow) => formatInstant(row.createdAt),
    },
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t('search.title')} />
        <Form<OrderFilters> form={form} layout="inline" onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item name="orderNo" label={t('search.orderNo')}>
            <Input allowClear style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="pnr" label={t('search.pnr')}>
            <Input allowClear style={{ width: 100 }} maxLength={6} />
          </Form.Item>
          <Form.Item name="surname" label={t('search.surname')}>
            <Input allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="email" label={t('search.email')}>
            <Input allowClear style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="ticketNo" label={t('search.ticketNo')}>
            <Input allowClear style={{ width: 160 }} maxLength={13} />
          </Form.Item>
          <Form.Item name="flightNo" label={t('search.flightNo')}>
            <Input allowClear style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="flightDate" label={t('search.flightDate')}>
            <Input type="date" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="status" label={t('search.status')}>
            <Select
              style={{ width: 150 }}
              options={[
                { value: '', label: t('search.anyStatus') },
                ...[0, 1, 2].map((s) => ({ value: String(s), label: t(`status.${s}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('search.submit')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setParams(new URLSearchParams());
                }}
              >
                {t('search.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Typography.Text>{t('search.hint')}</Typography.Text>
        {orders.error ? <QueryError error={orders.error} onRetry={() => orders.refetch()} /> : null}
        <Table<AdminOrderRow>
          rowKey="orderNo"
          size="middle"
          loading={orders.isLoading}
          columns={columns}
          dataSource={orders.data?.list ?? []}
          locale={{ emptyText: t('search.empty') }}
          pagination={{
            current: orders.data?.page ?? Number(query.page),
            pageSize: PAGE_SIZE,
            total: orders.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('search.total', { total }),
            onChange: (page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            },
          }}
        />
      </Space>
    </ConfigProvider>
  );
}
