import type { AdminClaimPage, AdminClaimRow, ClaimStatus } from '@wings/contracts';
import {
  Alert,
  App,
  ConfigProvider,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { PAGE_THEME, TAG_COLORS } from '../orders/order-format';
import { type MileageAction, MileageActions } from './mileage-dialog';
import { miles, when } from './mileage-format';
import { MILEAGE_AGENTS, useMay } from './mileage-roles';

const PAGE_SIZE = 20;
const STATUSES: readonly (ClaimStatus | 'all')[] = ['auditing', 'approved', 'rejected', 'all'];
const STATUS_COLORS: Record<ClaimStatus, string> = {
  auditing: TAG_COLORS.warn,
  approved: TAG_COLORS.good,
  rejected: TAG_COLORS.bad,
};

/** Approve (confirmed) and reject (with the reason the member reads) of a claim under audit. */
function ClaimActions({ claim }: { claim: AdminClaimRow }) {
  const { t } = useTranslation('mileage');
  const { message } = App.useApp();
  const base = `/mileage/claims/${claim.id}`;
  // A refusal (4141: decided meanwhile) refetches the queue too, so the row shows how it ended.
  const invalidates = ['/mileage/claims', `/members/${claim.memberId}/mileage`];
  const actions: MileageAction[] = [
    {
      testId: `claim-approve-${claim.id}`,
      label: t('claims.approve'),
      title: t('claims.approveTitle'),
      note: t('claims.approveNote', {
        name: claim.memberName,
        flight: `${claim.flightNo} ${claim.flightDate}`,
        miles: claim.miles === null ? '—' : miles(claim.miles),
      }),
      reason: false,
      primary: true,
      path: `${base}/approve`,
      invalidates,
      body: () => ({}),
      onDone: () => void message.success(t('claims.approved')),
    },
    {
      testId: `claim-reject-${claim.id}`,
      label: t('claims.reject'),
      title: t('claims.rejectTitle'),
      note: t('claims.rejectNote'),
      reason: true,
      danger: true,
      path: `${base}/reject`,
      invalidates,
      body: (v) => ({ reason: v.reason }),
      onDone: () => void message.success(t('claims.rejected')),
    },
  ];
  return <MileageActions actions={actions} size="small" />;
}

/**
 * The retroactive claims (issue 18), oldest waiting first, filtered by status (under audit by
 * default): the member, the ticket and its flight, the passenger on the flown coupon beside the
 * member's name (flagged when they differ) and the miles approving would credit; agents and
 * admins approve or reject a claim still under audit.
 */
export default function ClaimsPage() {
  const { t } = useTranslation('mileage');
  const mayAct = useMay(MILEAGE_AGENTS);
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as ClaimStatus | 'all')
    : 'auditing';
  const [page, setPage] = useState(1);
  const claims = useAdminQuery<AdminClaimPage>(
    '/mileage/claims',
    { status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const pickStatus = (next: ClaimStatus | 'all') => {
    const p = new URLSearchParams(params);
    p.set('status', next);
    setParams(p);
    setPage(1);
  };

  const columns: TableColumnsType<AdminClaimRow> = [
    {
      title: t('claims.member'),
      key: 'member',
      render: (_, c) => <Link to={`/members/${c.memberId}/mileage`}>{c.memberName}</Link>,
    },
    { title: t('claims.card'), key: 'card', render: (_, c) => c.cardNo ?? '—' },
    { title: t('claims.ticket'), dataIndex: 'ticketNo', key: 'ticket' },
    {
      title: t('claims.flight'),
      key: 'flight',
      render: (_, c) =>
        [c.flightNo, c.depCode && c.arrCode ? `${c.depCode}–${c.arrCode}` : null].filter(Boolean).join(' '),
    },
    { title: t('claims.date'), dataIndex: 'flightDate', key: 'date' },
    {
      title: t('claims.passenger'),
      key: 'passenger',
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.passengerName ?? '—'}</span>
          {c.passengerName && !c.nameMatches ? (
            <Tag color={TAG_COLORS.bad} data-testid={`claim-name-differs-${c.id}`}>
              {t('claims.nameDiffers')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('claims.memberName'), dataIndex: 'memberName', key: 'memberName' },
    {
      title: t('claims.miles'),
      key: 'miles',
      align: 'right',
      render: (_, c) => (c.miles === null ? '—' : miles(c.miles)),
    },
    { title: t('claims.submitted'), key: 'submitted', render: (_, c) => when(c.submittedAt) },
    {
      title: t('claims.status'),
      key: 'status',
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLORS[c.status]} data-testid={`claim-status-${c.id}`}>
            {t(`claimStatus.${c.status}`)}
          </Tag>
          {c.rejectReason ? <Typography.Text>{c.rejectReason}</Typography.Text> : null}
          {c.decidedBy ? <Typography.Text>{t('claims.decided', { by: c.decidedBy })}</Typography.Text> : null}
        </Space>
      ),
    },
    ...(mayAct
      ? [
          {
            title: t('claims.actions'),
            key: 'actions',
            render: (_: unknown, c: AdminClaimRow) =>
              c.status === 'auditing' ? <ClaimActions claim={c} /> : null,
          },
        ]
      : []),
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t('claims.title')} />
        <Typography.Text>{t('claims.hint')}</Typography.Text>
        {mayAct ? null : <Alert type="info" showIcon title={t('common.readOnly')} />}
        <Space>
          <label htmlFor="claim-status">{t('claims.status')}</label>
          <Select<ClaimStatus | 'all'>
            id="claim-status"
            data-testid="claim-status-filter"
            style={{ minWidth: 200 }}
            value={status}
            onChange={pickStatus}
            options={STATUSES.map((s) => ({ value: s, label: t(`claimStatus.${s}`) }))}
          />
        </Space>
        {claims.error ? <QueryError error={claims.error} onRetry={() => claims.refetch()} /> : null}
        <Table<AdminClaimRow>
          rowKey="id"
          size="middle"
          loading={claims.isFetching}
          columns={columns}
          dataSource={claims.data?.list ?? []}
          onRow={(c) => ({ 'data-testid': `claim-row-${c.id}` }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: t('claims.empty') }}
          scroll={{ x: true }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: claims.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('common.total', { total }),
            onChange: setPage,
          }}
        />
      </Space>
    </ConfigProvider>
  );
}
