import { type AdminMemberPage, type AdminMemberRow, MEMBER_STATUSES } from '@wings/contracts';
import { Button, ConfigProvider, Form, Input, Select, Space, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { PAGE_THEME } from '../orders/order-format';
import { fullName, MemberStatusTag, rejectionCount, when } from './member-format';

const PAGE_SIZE = 20;

/**
 * Member search (issue 17): by card number, name, e-mail or phone and by status, a page at a time
 * (the filters live in the address, so back and links work); a row opens the member.
 */
export default function MembersPage() {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const page = Number(params.get('page')) || 1;
  const result = useAdminQuery<AdminMemberPage>('/members', {
    q: q || undefined,
    status: status || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  const apply = (values: { q?: string; status?: string }) => {
    const next = new URLSearchParams();
    const text = values.q?.trim();
    if (text) next.set('q', text);
    if (values.status) next.set('status', values.status);
    setParams(next);
  };

  const columns = [
    {
      title: t('columns.cardNo'),
      key: 'card',
      render: (_: unknown, row: AdminMemberRow) => (
        <Link to={`/members/${row.id}`}>{row.cardNo ?? t('member.noCard')}</Link>
      ),
    },
    { title: t('columns.name'), key: 'name', render: (_: unknown, row: AdminMemberRow) => fullName(row) },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_: unknown, row: AdminMemberRow) => <MemberStatusTag status={row.status} />,
    },
    {
      title: t('columns.level'),
      key: 'level',
      render: (_: unknown, row: AdminMemberRow) => t(`level.${row.level}`),
    },
    { title: t('columns.email'), dataIndex: 'primaryEmail', key: 'email' },
    { title: t('columns.phone'), dataIndex: 'primaryPhone', key: 'phone' },
    { title: t('columns.nationality'), dataIndex: 'nationality', key: 'nationality' },
    {
      title: t('columns.rejections'),
      key: 'rejections',
      render: (_: unknown, row: AdminMemberRow) => rejectionCount(row.rejections),
    },
    {
      title: t('columns.submitted'),
      key: 'submitted',
      render: (_: unknown, row: AdminMemberRow) => when(row.submittedAt),
    },
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t('search.title')} />
        <Form
          layout="inline"
          initialValues={{ q, status }}
          onFinish={apply}
          key={`${q}|${status}`}
          data-testid="member-search"
        >
          <Form.Item name="q" label={t('search.q')}>
            <Input
              allowClear
              style={{ width: 300 }}
              placeholder={t('search.qPlaceholder')}
              data-testid="member-search-q"
            />
          </Form.Item>
          <Form.Item name="status" label={t('search.status')}>
            <Select
              style={{ width: 200 }}
              data-testid="member-search-status"
              options={[
                { value: '', label: t('search.anyStatus') },
                ...MEMBER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" data-testid="member-search-submit">
              {t('search.submit')}
            </Button>
          </Form.Item>
        </Form>
        {result.error ? <QueryError error={result.error} onRetry={() => result.refetch()} /> : null}
        <Table<AdminMemberRow>
          rowKey="id"
          size="middle"
          loading={result.isLoading}
          columns={columns}
          dataSource={result.data?.list ?? []}
          onRow={(row) =>
            ({
              'data-testid': `member-row-${row.id}`,
              style: { cursor: 'pointer' },
              onClick: () => navigate(`/members/${row.id}`),
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: t('search.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: result.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('search.total', { total }),
            onChange: (next) => {
              const p = new URLSearchParams(params);
              p.set('page', String(next));
              setParams(p);
            },
          }}
        />
      </Space>
    </ConfigProvider>
  );
}
