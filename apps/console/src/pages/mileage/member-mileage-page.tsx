import type { AdminLedgerRow, AdminMileageAccount } from '@wings/contracts';
import { milesLastDay } from '@wings/rules';
import {
  Alert,
  App,
  Card,
  ConfigProvider,
  Descriptions,
  Form,
  InputNumber,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { DetailFallback } from '../../components/detail-fallback';
import { HUB_ZONE } from '../../lib/format';
import { PAGE_THEME } from '../orders/order-format';
import { type DialogValues, type MileageAction, MileageActions } from './mileage-dialog';
import { miles, when } from './mileage-format';
import { MILEAGE_AGENTS, useMay } from './mileage-roles';

const PAGE_SIZE = 20;
const MAX_ADJUST = 1_000_000;

/** Adjust (miles ± with a reason, confirmed) and freeze or unfreeze (with a reason). */
function useAccountActions(account: AdminMileageAccount): MileageAction[] {
  const { t } = useTranslation('mileage');
  const { message } = App.useApp();
  const base = `/members/${account.memberId}/mileage`;
  const invalidates = [base];
  const withReason = (v: DialogValues) => ({ reason: v.reason });
  const adjust: MileageAction = {
    testId: 'mileage-adjust',
    label: t('adjust.open'),
    title: t('adjust.title'),
    note: t('adjust.note'),
    reason: true,
    primary: true,
    path: `${base}/adjust`,
    invalidates,
    body: (v) => ({ miles: v.miles, reason: v.reason }),
    fields: (
      <Form.Item
        name="miles"
        label={t('adjust.miles')}
        rules={[
          {
            validator: (_, value?: number | null) => {
              if (typeof value !== 'number' || !Number.isInteger(value) || value === 0)
                return Promise.reject(new Error(t('adjust.milesRequired')));
              if (Math.abs(value) > MAX_ADJUST) return Promise.reject(new Error(t('adjust.milesTooBig')));
              return Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber precision={0} style={{ width: '100%' }} data-testid="mileage-adjust-miles" />
      </Form.Item>
    ),
    review: (v) => {
      const n = v.miles as number;
      const after = account.balance + n;
      return (
        <Space orientation="vertical">
          <Typography.Text strong>
            {t(n > 0 ? 'adjust.credit' : 'adjust.debit', { miles: miles(Math.abs(n)), name: account.name })}
          </Typography.Text>
          <Typography.Text>{t('adjust.balanceAfter', { balance: miles(after) })}</Typography.Text>
          {after < 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('adjust.overdraw', { balance: miles(account.balance) })}
            />
          ) : null}
          <Typography.Text>
            {t('common.reason')}: {v.reason}
          </Typography.Text>
        </Space>
      );
    },
    onDone: () => void message.success(t('adjust.done')),
  };
  const freeze: MileageAction = account.freeze
    ? {
        testId: 'mileage-unfreeze',
        label: t('freeze.unfreezeOpen'),
        title: t('freeze.unfreezeTitle'),
        note: t('freeze.unfreezeNote'),
        reason: true,
        path: `${base}/unfreeze`,
        invalidates,
        body: withReason,
        onDone: () => void message.success(t('freeze.unfreezeDone')),
      }
    : {
        testId: 'mileage-freeze',
        label: t('freeze.open'),
        title: t('freeze.title'),
        note: t('freeze.note'),
        reason: true,
        danger: true,
        path: `${base}/freeze`,
        invalidates,
        body: withReason,
        onDone: () => void message.success(t('freeze.done')),
      };
  return [adjust, freeze];
}

function AccountActions({ account }: { account: AdminMileageAccount }) {
  return <MileageActions actions={useAccountActions(account)} />;
}

/**
 * One member's miles (issue 18): balance, the next miles to expire, the elite figures, the tier
 * and what the next needs, the freeze with its reason, and the ledger page by page; agents and
 * admins adjust the miles and freeze or unfreeze them, each with a reason.
 */
export default function MemberMileagePage() {
  const { t } = useTranslation('mileage');
  const { memberId = '' } = useParams();
  const mayAct = useMay(MILEAGE_AGENTS);
  const [page, setPage] = useState(1);
  const account = useAdminQuery<AdminMileageAccount>(
    `/members/${memberId}/mileage`,
    { page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const back = <Link to={`/members/${memberId}`}>{t('account.back')}</Link>;
  if (account.error || !account.data) return <DetailFallback back={back} query={account} />;
  const a = account.data;

  const columns = [
    { title: t('ledger.date'), key: 'date', render: (_: unknown, r: AdminLedgerRow) => when(r.occurredAt) },
    { title: t('ledger.kind'), key: 'kind', render: (_: unknown, r: AdminLedgerRow) => t(`kind.${r.kind}`) },
    {
      title: t('ledger.tradingType'),
      key: 'tradingType',
      render: (_: unknown, r: AdminLedgerRow) => t(`tradingType.${r.tradingType}`),
    },
    {
      title: t('ledger.status'),
      key: 'status',
      render: (_: unknown, r: AdminLedgerRow) => t(`tradingStatus.${r.status}`),
    },
    {
      title: t('ledger.flight'),
      key: 'flight',
      render: (_: unknown, r: AdminLedgerRow) =>
        r.flight ? `${r.flight.flightNo} ${r.flight.depCode}–${r.flight.arrCode} ${r.flight.date}` : '—',
    },
    {
      title: t('ledger.ticket'),
      key: 'ticket',
      render: (_: unknown, r: AdminLedgerRow) => r.ticketNo ?? '—',
    },
    {
      title: t('ledger.miles'),
      key: 'miles',
      align: 'right' as const,
      render: (_: unknown, r: AdminLedgerRow) => (
        <span data-testid={`ledger-miles-${r.id}`}>{miles(r.miles, true)}</span>
      ),
    },
    { title: t('ledger.actor'), dataIndex: 'actor', key: 'actor' },
    { title: t('ledger.reason'), key: 'reason', render: (_: unknown, r: AdminLedgerRow) => r.reason ?? '—' },
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {back}
        <Space align="center" wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('account.title', { name: a.name })}
          </Typography.Title>
          <Tag>{t(`level.${a.level}`)}</Tag>
          {a.cardNo ? <Tag data-testid="mileage-card">{a.cardNo}</Tag> : null}
        </Space>
        {a.freeze ? (
          <Alert
            type="error"
            showIcon
            data-testid="mileage-freeze-state"
            title={t('account.frozen', { reason: a.freeze.reason })}
            description={t('account.frozenBy', { by: a.freeze.frozenBy, at: when(a.freeze.frozenAt) })}
          />
        ) : null}
        {mayAct ? (
          <div>
            <AccountActions account={a} />
          </div>
        ) : null}

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('account.summary')}</h2>}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xxl: 3 }}
            items={[
              {
                key: 'balance',
                label: t('account.balance'),
                children: <span data-testid="mileage-balance">{miles(a.balance)}</span>,
              },
              {
                key: 'expiring',
                label: t('account.expiring'),
                children: (
                  <span data-testid="mileage-expiring">
                    {a.expiring > 0 && a.expiringAt
                      ? t('account.expiringAt', {
                          miles: miles(a.expiring),
                          date: milesLastDay(a.expiringAt, HUB_ZONE),
                        })
                      : t('common.none')}
                  </span>
                ),
              },
              { key: 'level', label: t('account.level'), children: t(`level.${a.level}`) },
              { key: 'elite', label: t('account.elite'), children: miles(a.eliteMileage) },
              { key: 'segments', label: t('account.segments'), children: String(a.eliteSegments) },
              {
                key: 'next',
                label: t('account.next'),
                children: (
                  <span data-testid="mileage-next">
                    {a.next
                      ? t('account.nextNeeds', {
                          level: t(`level.${a.next.level}`),
                          miles: miles(a.next.eliteMiles),
                          segments: a.next.eliteSegments,
                        })
                      : t('account.top')}
                  </span>
                ),
              },
              {
                key: 'freeze',
                label: t('account.freezeState'),
                children: a.freeze
                  ? t('account.frozenBy', { by: a.freeze.frozenBy, at: when(a.freeze.frozenAt) })
                  : t('account.notFrozen'),
              },
            ]}
          />
        </Card>

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('account.ledger')}</h2>}>
          <Table<AdminLedgerRow>
            rowKey="id"
            size="small"
            data-testid="mileage-ledger"
            loading={account.isFetching}
            columns={columns}
            dataSource={a.ledger.list}
            locale={{ emptyText: t('account.empty') }}
            scroll={{ x: true }}
            pagination={{
              current: a.ledger.page,
              pageSize: a.ledger.pageSize,
              total: a.ledger.total,
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) => t('common.total', { total }),
              onChange: setPage,
            }}
          />
        </Card>
      </Space>
    </ConfigProvider>
  );
}
