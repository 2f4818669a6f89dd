import type { AuditEntry, StaffAccount } from '@wings/contracts';
import { DatePicker, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type QueryParams, useAdminQuery } from '../../api/admin-client';
import { FilterForm, useListFilters } from '../../components/filter-form';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '../../lib/format';
import { AuditDiff } from './audit-diff';

/** The filters of the audit log as the form holds them. */
export interface AuditFilters {
  staffId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** The first and last day, as dates picked in the form (the picker's own values). */
  dates?: [{ toDate(): Date } | null, { toDate(): Date } | null] | null;
}

const PAGE_SIZE = 50;

/** Start (00:00:00.000) or end (23:59:59.999) of the picked day, as a UTC instant. */
function dayEdge(day: { toDate(): Date } | null | undefined, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = day.toDate();
  if (end) date.setHours(23, 59, 59, 999);
  else date.setHours(0, 0, 0, 0);
  return date.toISOString();
}

/** GET /api/admin/audit's query (contracts `ZAuditQuery`) for the filters and the page. */
export function auditQuery(filters: AuditFilters, page: number, pageSize = PAGE_SIZE): QueryParams {
  return {
    staffId: filters.staffId || undefined,
    action: filters.action?.trim() || undefined,
    targetType: filters.targetType?.trim() || undefined,
    targetId: filters.targetId?.trim() || undefined,
    from: dayEdge(filters.dates?.[0], false),
    to: dayEdge(filters.dates?.[1], true),
    page,
    pageSize,
  };
}

interface AuditPage {
  list: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** The append-only audit log: filtered, newest first, a page at a time, each change as a diff. */
export default function AuditLogPage() {
  const { t } = useTranslation('audit');
  const list = useListFilters<AuditFilters>(() => ({}));
  const { filters, page, setPage } = list;
  const log = useAdminQuery<AuditPage>('/audit', auditQuery(filters, page));
  const staff = useAdminQuery<{ list: StaffAccount[] }>('/staff');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader title={t('title')} />
      <FilterForm list={list}>
        <Form.Item name="staffId" label={t('filters.member')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('filters.anyMember')}
            style={{ width: 220 }}
            options={(staff.data?.list ?? []).map((member) => ({
              value: member.id,
              label: `${member.name} <${member.email}>`,
            }))}
          />
        </Form.Item>
        <Form.Item name="action" label={t('filters.action')}>
          <Input placeholder={t('filters.actionHint')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="targetType" label={t('filters.targetType')}>
          <Input style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="targetId" label={t('filters.targetId')}>
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="dates" label={t('filters.dates')}>
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterForm>
      {log.isError ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <Table<AuditEntry>
          rowKey="id"
          loading={log.isFetching}
          dataSource={log.data?.list ?? []}
          expandable={{
            expandedRowRender: (row) => <AuditDiff before={row.before} after={row.after} />,
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: log.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('total', { total }),
            onChange: setPage,
          }}
          columns={[
            {
              title: t('columns.at'),
              dataIndex: 'at',
              render: (at: string) => formatInstant(at),
              width: 200,
            },
            {
              title: t('columns.member'),
              dataIndex: 'staffEmail',
              render: (email: string | null) => email ?? t('system'),
            },
            {
              title: t('columns.action'),
              dataIndex: 'action',
              render: (action: string) => <Typography.Text code>{action}</Typography.Text>,
            },
            {
              title: t('columns.target'),
              key: 'target',
              render: (_: unknown, row) => `${row.targetType} ${row.targetId}`,
            },
            {
              title: t('columns.reason'),
              dataIndex: 'reason',
              render: (reason: string | null) => reason ?? '',
            },
            { title: t('columns.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '' },
          ]}
        />
      )}
    </Space>
  );
}
