import {
  type AdminRefundOrderPage,
  type AdminRefundOrderRow,
  REFUND_ORDER_STATUSES,
  type RefundOrderStatus,
} from '@wings/contracts';
import { ConfigProvider, Form, Select, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type QueryParams, useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '../../lib/format';
import { formatMoney, PAGE_THEME } from '../orders/order-format';
import { OverdueTag, RefundStatusTag, useAge } from './refund-format';

const PAGE_SIZE = 20;
/** The tint of an overdue row (dark text keeps its contrast on it). */
const OVERDUE_TINT = '#fff1f0';
/** The queue opens on the requests waiting for audit; `any` lists every submitted request. */
const DEFAULT_STATUS: RefundOrderStatus = 'auditing';

/** The query of the queue for what the address says (the filters live in it, so back and links work). */
export function queueQuery(params: URLSearchParams): QueryParams {
  const orderNo = params.get('orderNo') ?? undefined;
  // One order's refunds (from its page): every status unless one is chosen.
  const status = params.get('status') ?? (orderNo ? 'any' : DEFAULT_STATUS);
  return {
    status: status === 'any' ? undefined : status,
    orderNo,
    overdue: params.get('overdue') === 'true' ? 'true' : undefined,
    pageNum: Number(params.get('page')) || 1,
    pageSize: PAGE_SIZE,
  };
}

/**
 * The refund queue (issue 15): submitted requests, oldest first, each with its age and the promise
 * of its next step (audit within one working day, the money by its gateway's days); those past
 * it stand out. Filters by status and overdue.
 */
export default function RefundQueuePage() {
  const { t } = useTranslation('refunds');
  const [params, setParams] = useSearchParams();
  const query = queueQuery(params);
  const queue = useAdminQuery<AdminRefundOrderPage>('/refunds', query);
  const age = useAge();

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    next.delete('page');
    setParams(next);
  };

  const columns = [
    {
      title: t('columns.refundNo'),
      dataIndex: 'refundNo',
      key: 'refundNo',
      render: (refundNo: string) => <Link to={`/refunds/${refundNo}`}>{refundNo}</Link>,
    },
    {
      title: t('columns.orderNo'),
      dataIndex: 'orderNo',
      key: 'orderNo',
      render: (orderNo: string) => <Link to={`/orders/${orderNo}`}>{orderNo}</Link>,
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_: unknown, row: AdminRefundOrderRow) => (
        <RefundStatusTag status={row.status} refundStatus={row.refundStatus} />
      ),
    },
    {
      title: t('columns.reason'),
      key: 'reason',
      render: (_: unknown, row: AdminRefundOrderRow) => t(`kind.${row.reasonKind}`),
    },
    {
      title: t('columns.passengers'),
      dataIndex: 'passengerCount',
      key: 'passengers',
      align: 'right' as const,
    },
    {
      title: t('columns.actual'),
      key: 'actual',
      align: 'right' as const,
      render: (_: unknown, row: AdminRefundOrderRow) => formatMoney(row.actual),
    },
    {
      title: t('columns.submitted'),
      key: 'submitted',
      render: (_: unknown, row: AdminRefundOrderRow) =>
        row.submittedAt ? formatInstant(row.submittedAt) : '—',
    },
    {
      title: t('columns.age'),
      key: 'age',
      render: (_: unknown, row: AdminRefundOrderRow) => (
        <Space size={4} wrap>
          <span data-testid={`refund-age-${row.refundNo}`}>{age(row.ageMinutes)}</span>
          {row.overdue ? <OverdueTag /> : null}
        </Space>
      ),
    },
    {
      title: t('columns.dueBy'),
      key: 'dueBy',
      render: (_: unknown, row: AdminRefundOrderRow) => (row.dueBy ? formatInstant(row.dueBy) : '—'),
    },
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t('queue.title')} />
        <Space wrap>
          <Form.Item label={t('queue.status')} style={{ margin: 0 }}>
            <Select
              style={{ width: 170 }}
              value={params.get('status') ?? (params.get('orderNo') ? 'any' : DEFAULT_STATUS)}
              onChange={(v) => setFilter('status', v)}
              data-testid="refund-filter-status"
              options={[
                { value: 'any', label: t('queue.anyStatus') },
                ...REFUND_ORDER_STATUSES.filter((s) => s !== 'draft').map((s) => ({
                  value: s,
                  label: t(`status.${s}`),
                })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('queue.promise')} style={{ margin: 0 }}>
            <Select
              style={{ width: 170 }}
              value={params.get('overdue') === 'true' ? 'true' : 'any'}
              onChange={(v) => setFilter('overdue', v)}
              data-testid="refund-filter-overdue"
              options={[
                { value: 'any', label: t('queue.anyPromise') },
                { value: 'true', label: t('queue.overdueOnly') },
              ]}
            />
          </Form.Item>
          {params.get('orderNo') ? (
            <Tag
              closable
              data-testid="refund-filter-order"
              onClose={() => {
                const next = new URLSearchParams(params);
                next.delete('orderNo');
                next.delete('page');
                setParams(next);
              }}
            >
              {t('queue.order', { orderNo: params.get('orderNo') })}
            </Tag>
          ) : null}
        </Space>
        <Typography.Text>{t('queue.hint')}</Typography.Text>
        {queue.error ? <QueryError error={queue.error} onRetry={() => queue.refetch()} /> : null}
        <Table<AdminRefundOrderRow>
          rowKey="refundNo"
          size="middle"
          loading={queue.isLoading}
          columns={columns}
          dataSource={queue.data?.list ?? []}
          // A request past its promise stands out: a tinted row besides its red tag.
          onRow={(row) =>
            ({
              'data-testid': `refund-row-${row.refundNo}`,
              'data-overdue': row.overdue ? 'true' : 'false',
              style: row.overdue ? { background: OVERDUE_TINT } : undefined,
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: t('queue.empty') }}
          pagination={{
            current: Number(query.pageNum),
            pageSize: PAGE_SIZE,
            total: queue.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('queue.total', { total }),
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
