import type { AdminDisruptedFlight, AdminDisruptedFlightPage } from '@wings/contracts';
import { localDate } from '@wings/rules';
import { ConfigProvider, Form, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type QueryParams, useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { HUB_ZONE } from '../../lib/format';
import { PAGE_THEME } from '../orders/order-format';
import { ChoiceCounts, DisruptionChange, hubClock } from './change-format';

const PAGE_SIZE = 20;

/** GET /api/admin/changes/disruptions's query: departures from the chosen date (today at the hub unless chosen). */
export function disruptionsQuery(params: URLSearchParams, now = new Date()): QueryParams {
  return {
    from: params.get('from') || localDate(now, HUB_ZONE),
    pageNum: Number(params.get('page')) || 1,
    pageSize: PAGE_SIZE,
  };
}

/**
 * The flights the airline retimed or canceled that carried passengers (issue 16), newest change
 * first, from a departure date on: what changed, when, and how many passengers are still to choose,
 * accepted the new time, moved free to another flight or were refunded in full.
 */
export default function DisruptionsPage() {
  const { t } = useTranslation('changes');
  const [params, setParams] = useSearchParams();
  const query = disruptionsQuery(params);
  const list = useAdminQuery<AdminDisruptedFlightPage>('/changes/disruptions', query);

  const columns = [
    {
      title: t('disruptions.flight'),
      key: 'flight',
      render: (_: unknown, f: AdminDisruptedFlight) => (
        <Link to={`/changes/disruptions/${encodeURIComponent(f.flightId)}`}>{f.flightNo}</Link>
      ),
    },
    {
      title: t('disruptions.route'),
      key: 'route',
      render: (_: unknown, f: AdminDisruptedFlight) => `${f.depCode}-${f.arrCode}`,
    },
    {
      title: t('disruptions.change'),
      key: 'change',
      render: (_: unknown, f: AdminDisruptedFlight) => <DisruptionChange flight={f} />,
    },
    {
      title: t('disruptions.changedAt'),
      key: 'changedAt',
      render: (_: unknown, f: AdminDisruptedFlight) => hubClock(f.changedAt),
    },
    {
      title: t('disruptions.passengers'),
      dataIndex: 'passengers',
      key: 'passengers',
      align: 'right' as const,
    },
    {
      title: t('disruptions.choices'),
      key: 'choices',
      render: (_: unknown, f: AdminDisruptedFlight) => (
        <span data-testid={`choices-${f.flightId}`}>
          <ChoiceCounts choices={f.choices} />
        </span>
      ),
    },
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t('disruptions.title')} />
        <Form.Item label={t('disruptions.from')} style={{ margin: 0 }}>
          <Input
            type="date"
            style={{ width: 170 }}
            value={String(query.from)}
            data-testid="disruption-filter-from"
            onChange={(e) => {
              const next = new URLSearchParams(params);
              if (e.target.value) next.set('from', e.target.value);
              else next.delete('from');
              next.delete('page');
              setParams(next);
            }}
          />
        </Form.Item>
        <Typography.Text>{t('disruptions.hint')}</Typography.Text>
        {list.error ? <QueryError error={list.error} onRetry={() => list.refetch()} /> : null}
        <Table<AdminDisruptedFlight>
          rowKey="flightId"
          size="middle"
          loading={list.isLoading}
          columns={columns}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: t('disruptions.empty') }}
          scroll={{ x: true }}
          pagination={{
            current: Number(query.pageNum),
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('disruptions.total', { total }),
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
