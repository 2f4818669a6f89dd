import type { AdminChangeOrderPage, AdminChangeOrderRow } from '@wings/contracts';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '../../lib/format';
import { formatMoney } from '../orders/order-format';
import { ChangeStatusTag, LegMoves } from './change-format';

/** An order's changes of date (all of them: an order has a handful at most). */
const ORDER_PAGE_SIZE = 50;

/**
 * The order page's "Changes of date" section (issue 16): the order's change orders, newest first,
 * each linking to its page, and a link to the change list filtered on the order.
 */
export function OrderChanges({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('changes');
  const changes = useAdminQuery<AdminChangeOrderPage>('/changes', {
    orderNo,
    pageNum: 1,
    pageSize: ORDER_PAGE_SIZE,
  });
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('orderSection.title')}</h2>}
      extra={
        <Link to={`/changes?orderNo=${encodeURIComponent(orderNo)}`} data-testid="order-change-list">
          {t('orderSection.all')}
        </Link>
      }
    >
      {changes.error ? (
        <QueryError error={changes.error} onRetry={() => changes.refetch()} />
      ) : (
        <Table<AdminChangeOrderRow>
          rowKey="changeNo"
          size="small"
          pagination={false}
          loading={changes.isLoading}
          dataSource={changes.data?.list ?? []}
          data-testid="order-changes"
          locale={{ emptyText: t('orderSection.none') }}
          columns={[
            {
              title: t('columns.changeNo'),
              key: 'changeNo',
              render: (_, c) => <Link to={`/changes/${c.changeNo}`}>{c.changeNo}</Link>,
            },
            { title: t('columns.kind'), key: 'kind', render: (_, c) => t(`kind.${c.kind}`) },
            {
              title: t('columns.status'),
              key: 'status',
              render: (_, c) => <ChangeStatusTag status={c.status} />,
            },
            { title: t('columns.legs'), key: 'legs', render: (_, c) => <LegMoves from={c.from} to={c.to} /> },
            {
              title: t('columns.amount'),
              key: 'amount',
              align: 'right',
              render: (_, c) => formatMoney(c.amount),
            },
            { title: t('columns.created'), key: 'created', render: (_, c) => formatInstant(c.createdAt) },
          ]}
        />
      )}
    </Card>
  );
}

/** On a retimed or canceled flight's page: the way to its passengers and what each chose. */
export function DisruptionLink({ flightId }: { flightId: string }) {
  const { t } = useTranslation('changes');
  return (
    <Link to={`/changes/disruptions/${encodeURIComponent(flightId)}`} data-testid="flight-disruption-link">
      {t('flightLink')}
    </Link>
  );
}
