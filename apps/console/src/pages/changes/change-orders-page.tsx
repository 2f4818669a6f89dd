import {
  type AdminChangeOrderPage,
  type AdminChangeOrderRow,
  CHANGE_ORDER_STATUSES,
  type ChangeKind,
  ZChangeKind,
} from '@wings/contracts';
import { Button, ConfigProvider, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type QueryParams, useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '../../lib/format';
import { formatMoney, PAGE_THEME } from '../orders/order-format';
import { ChangeStatusTag, LegMoves } from './change-format';

const PAGE_SIZE = 20;
const KINDS: readonly ChangeKind[] = ZChangeKind.options;

/** GET /api/admin/changes's query (contracts `ZAdminChangeOrderSearch`) for what the address says. */
export function changesQuery(params: URLSearchParams): QueryParams {
  return {
    orderNo: params.get('orderNo')?.trim().toUpperCase() || undefined,
    status: params.get('status') || undefined,
    kind: params.get('kind') || undefined,
    pageNum: Number(params.get('page')) || 1,
    pageSize: PAGE_SIZE,
  };
}

/**
 * Change orders (issue 16), newest first: the traveller's own changes of date and the free moves
 * after the airline changed a flight, each with its legs old → new, passengers and amount. Filters
 * by order number, status and kind; they live in the address, so back and links keep them.
 */
export default function ChangeOrdersPage() {
  const { t } = useTranslation('changes');
  const [params, setParams] = useSearchParams();
  const query = changesQuery(params);
  const list = useAdminQuery<AdminChangeOrderPage>('/changes', query);
  const [form] = Form.useForm<{ orderNo?: string }>();
  const orderNo = params.get('orderNo') ?? '';
  useEffect(() => form.setFieldsValue({ orderNo }), [form, orderNo]);

  const setFilter = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };

  const columns = [
    {
      title: t('columns.changeNo'),
      dataIndex: 'changeNo',
      key: 'changeNo',
      render: (changeNo: string) => <Link to={`/changes/${changeNo}`}>{changeNo}</Link>,
    },
    {
      title: t('columns.orderNo'),
      dataIndex: 'orderNo',
      key: 'orderNo',
      render: (no: string) => <Link to={`/orders/${no}`}>{no}</Link>,
    },
    {
      title: t('columns.kind'),
      key: 'kind',
      render: (_: unknown, row: AdminChangeOrderRow) => t(`kind.${row.kind}`),
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_: unknown, row: AdminChangeOrderRow) => <ChangeStatusTag status={row.status} />,
    },
    {
      title: t('columns.legs'),
      key: 'legs',
      render: (_: unknown, row: AdminChangeOrderRow) => <LegMoves from={row.from} to={row.to} />,
    },
    {
      title: t('columns.passengers'),
      dataIndex: 'passengerCount',
      key: 'passengers',
      align: 'right' as const,
    },
    {
      title: t('columns.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, row: AdminChangeOrderRow) => formatMoney(row.amount),
    },
    {
      title: t('columns.created'),
      key: 'created',
      render: (_: unknown, row: AdminChangeOrderRow) => formatInstant(row.createdAt),
    },
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t('list.title')} />
        <Space wrap>
          <Form
            form={form}
            layout="inline"
            initialValues={{ orderNo }}
            onFinish={(values) => setFilter('orderNo', values.orderNo?.trim().toUpperCase())}
          >
            <Form.Item name="orderNo" label={t('list.orderNo')} style={{ margin: 0 }}>
              <Input style={{ width: 180 }} allowClear data-testid="change-filter-order" />
            </Form.Item>
            <Button htmlType="submit" type="primary">
              {t('shell:common.search')}
            </Button>
          </Form>
          <Form.Item label={t('list.status')} style={{ margin: 0 }}>
            <Select
              style={{ width: 170 }}
              value={params.get('status') ?? 'any'}
              onChange={(v) => setFilter('status', v === 'any' ? undefined : v)}
              data-testid="change-filter-status"
              options={[
                { value: 'any', label: t('list.anyStatus') },
                ...CHANGE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('list.kind')} style={{ margin: 0 }}>
            <Select
              style={{ width: 170 }}
              value={params.get('kind') ?? 'any'}
              onChange={(v) => setFilter('kind', v === 'any' ? undefined : v)}
              data-testid="change-filter-kind"
              options={[
                { value: 'any', label: t('list.anyKind') },
                ...KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
              ]}
            />
          </Form.Item>
          {orderNo ? (
            <Tag
              closable
              data-testid="change-filter-order-tag"
              onClose={() => setFilter('orderNo', undefined)}
            >
              {t('list.order', { orderNo })}
            </Tag>
          ) : null}
        </Space>
        <Typography.Text>{t('list.hint')}</Typography.Text>
        {list.error ? <QueryError error={list.error} onRetry={() => list.refetch()} /> : null}
        <Table<AdminChangeOrderRow>
          rowKey="changeNo"
          size="middle"
          loading={list.isLoading}
          columns={columns}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: t('list.empty') }}
          scroll={{ x: true }}
          pagination={{
            current: Number(query.pageNum),
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('list.total', { total }),
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
