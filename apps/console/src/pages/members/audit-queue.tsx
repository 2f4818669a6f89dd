import { Alert, ConfigProvider, Drawer, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { PAGE_THEME } from '../orders/order-format';
import { type MemberAction, MemberActions, useMayAuditMembers } from './member-actions';
import { fullName } from './member-format';

/** A row of an audit queue: what opens it and whose name it shows. */
interface QueueRow {
  id: string;
  surname: string;
  givenName: string;
  middleName?: string | null;
}

/** Approve / Reject for agents and admins; the other readers are told they may only look. */
export function QueueActions({ actions }: { actions: MemberAction[] }) {
  const { t } = useTranslation('members');
  const mayAudit = useMayAuditMembers();
  return mayAudit ? (
    <MemberActions actions={actions} />
  ) : (
    <Alert type="info" showIcon title={t('queue.readOnly')} />
  );
}

/**
 * One audit queue of the member programme (registrations, documents, beneficiaries): the title,
 * the hint, the rows oldest first with the name opening the row, and the open row (`?open=<id>`)
 * in a drawer with its review; the review's `onDone` closes it.
 */
export function AuditQueuePage<Row extends QueueRow>({
  kind,
  path,
  rowTestId,
  nameColumn,
  columns,
  review,
}: {
  /** The texts' section with the queue's `title`, `empty` and `drawer` (`{{name}}`). */
  kind: 'registrations' | 'documents' | 'beneficiaries';
  /** The admin call that lists the queue. */
  path: string;
  /** A row's test id is `<rowTestId>-<id>`. */
  rowTestId: string;
  /** The first column, the row's name that opens it: its title and key. */
  nameColumn: { title: string; key: string };
  /** The columns after the name. */
  columns: TableColumnsType<Row>;
  review: (row: Row, onDone: () => void) => ReactNode;
}) {
  const { t } = useTranslation('members');
  const [params, setParams] = useSearchParams();
  const queue = useAdminQuery<{ list: Row[] }>(path);
  const openId = params.get('open');
  const open = queue.data?.list.find((r) => r.id === openId) ?? null;
  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('open', id);
    else next.delete('open');
    setParams(next);
  };

  const allColumns: TableColumnsType<Row> = [
    {
      ...nameColumn,
      render: (_: unknown, row: Row) => (
        <Typography.Link onClick={() => setOpen(row.id)}>{fullName(row)}</Typography.Link>
      ),
    },
    ...columns,
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t(`${kind}.title`)} />
        <Typography.Text>{t('queue.hint')}</Typography.Text>
        {queue.error ? <QueryError error={queue.error} onRetry={() => queue.refetch()} /> : null}
        <Table<Row>
          rowKey="id"
          size="middle"
          loading={queue.isLoading}
          columns={allColumns}
          dataSource={queue.data?.list ?? []}
          onRow={(row) =>
            ({
              'data-testid': `${rowTestId}-${row.id}`,
              style: { cursor: 'pointer' },
              onClick: () => setOpen(row.id),
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: t(`${kind}.empty`) }}
          pagination={{
            pageSize: 50,
            hideOnSinglePage: true,
            showSizeChanger: false,
            showTotal: (total) => t('queue.total', { total }),
          }}
        />
      </Space>
      <Drawer
        open={open !== null}
        size={1000}
        title={open ? t(`${kind}.drawer`, { name: fullName(open) }) : ''}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open ? review(open, () => setOpen(null)) : null}
      </Drawer>
    </ConfigProvider>
  );
}
