import type { AdminChangeOrderDetail, ChangeCostLine, ChangeLeg, ChangeServiceCarry } from '@wings/contracts';
import { Card, ConfigProvider, Descriptions, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { DetailFallback } from '../../components/detail-fallback';
import { formatInstant } from '../../lib/format';
import { formatMoney, PAGE_THEME } from '../orders/order-format';
import { ChangeStatusTag, legText } from './change-format';

const when = (iso: string | null) => (iso ? formatInstant(iso) : '—');
const h2 = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

/** An old leg and the new one it became, for the legs table. */
interface LegPair {
  segmentSeq: number;
  from: ChangeLeg;
  to: ChangeLeg | undefined;
}

/**
 * One change order (issue 16): its legs old → new, the passengers with their old and new tickets,
 * the cost per passenger and leg with the totals, what happened to the add-ons, the reason, and
 * its history with who did each step and when. Staff read it; they do not act on it here.
 */
export default function ChangeOrderPage() {
  const { t } = useTranslation('changes');
  const { changeNo = '' } = useParams();
  const change = useAdminQuery<AdminChangeOrderDetail>(`/changes/${changeNo}`);
  const back = <Link to="/changes">{t('change.back')}</Link>;
  if (change.error || !change.data) return <DetailFallback back={back} query={change} />;
  const c = change.data;
  const legs: LegPair[] = c.from.map((from) => ({
    segmentSeq: from.segmentSeq,
    from,
    to: c.to.find((l) => l.segmentSeq === from.segmentSeq),
  }));
  const legName = (seq: number) => {
    const leg = c.to.find((l) => l.segmentSeq === seq) ?? c.from.find((l) => l.segmentSeq === seq);
    return leg ? `${leg.flightNo} ${leg.depCode}-${leg.arrCode}` : '—';
  };
  const money = (
    key:
      | 'fee'
      | 'oldFare'
      | 'newFare'
      | 'fareDifference'
      | 'oldTaxes'
      | 'newTaxes'
      | 'taxDifference'
      | 'total',
  ) => ({
    title: t(`change.${key}`),
    key,
    align: 'right' as const,
    render: (_: unknown, l: ChangeCostLine) => formatMoney(l[key]),
  });

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {back}
        <Space align="center" wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('change.title', { changeNo: c.changeNo })}
          </Typography.Title>
          <ChangeStatusTag status={c.status} />
        </Space>

        <Card title={h2(t('change.summary'))}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              {
                key: 'order',
                label: t('change.order'),
                children: <Link to={`/orders/${c.orderNo}`}>{c.orderNo}</Link>,
              },
              { key: 'kind', label: t('columns.kind'), children: t(`kind.${c.kind}`) },
              {
                key: 'reason',
                label: t('change.reason'),
                children: <span data-testid="change-reason">{c.reasonText}</span>,
              },
              { key: 'remark', label: t('change.remark'), children: c.remark ?? '—' },
              { key: 'created', label: t('change.created'), children: when(c.createdAt) },
              ...(c.expiresAt
                ? [{ key: 'expires', label: t('change.expiresAt'), children: when(c.expiresAt) }]
                : []),
              ...(c.payDeadline
                ? [{ key: 'deadline', label: t('change.payDeadline'), children: when(c.payDeadline) }]
                : []),
              { key: 'succeeded', label: t('change.succeededAt'), children: when(c.succeededAt) },
            ]}
          />
        </Card>

        <Card title={h2(t('change.legs'))}>
          <Table<LegPair>
            rowKey="segmentSeq"
            size="small"
            pagination={false}
            dataSource={legs}
            data-testid="change-legs"
            columns={[
              {
                title: t('change.from'),
                key: 'from',
                render: (_, l) => <span data-testid={`change-from-${l.segmentSeq}`}>{legText(l.from)}</span>,
              },
              {
                title: t('change.to'),
                key: 'to',
                render: (_, l) => (
                  <span data-testid={`change-to-${l.segmentSeq}`}>{l.to ? legText(l.to) : '—'}</span>
                ),
              },
              {
                title: t('change.cabin'),
                key: 'class',
                render: (_, l) => {
                  const leg = l.to ?? l.from;
                  return `${leg.cabin} / ${leg.bookingClass} · ${leg.family}`;
                },
              },
            ]}
          />
        </Card>

        <Card title={h2(t('change.passengers'))}>
          <Table
            rowKey="seq"
            size="small"
            pagination={false}
            dataSource={c.passengers}
            data-testid="change-passengers"
            columns={[
              { title: t('change.passenger'), dataIndex: 'name', key: 'name' },
              { title: t('change.oldTicket'), key: 'old', render: (_, p) => p.oldTicketNo ?? '—' },
              { title: t('change.newTicket'), key: 'new', render: (_, p) => p.newTicketNo ?? '—' },
            ]}
          />
        </Card>

        <Card title={h2(t('change.costs'))}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 4 }}
            items={[
              { key: 'fee', label: t('change.feeTotal'), children: formatMoney(c.fee) },
              { key: 'original', label: t('change.originalCost'), children: formatMoney(c.originalCost) },
              { key: 'difference', label: t('change.difference'), children: formatMoney(c.difference) },
              {
                key: 'amount',
                label: t('change.amount'),
                children: <strong data-testid="change-amount">{formatMoney(c.amount)}</strong>,
              },
            ]}
          />
          <Table<ChangeCostLine>
            rowKey={(l) => `${l.passengerSeq}-${l.segmentSeq}`}
            size="small"
            pagination={false}
            dataSource={c.lines}
            data-testid="change-lines"
            scroll={{ x: true }}
            columns={[
              { title: t('change.passenger'), key: 'pax', render: (_, l) => l.passengerName },
              { title: t('change.segment'), key: 'leg', render: (_, l) => legName(l.segmentSeq) },
              money('fee'),
              money('oldFare'),
              money('newFare'),
              money('fareDifference'),
              money('oldTaxes'),
              money('newTaxes'),
              money('taxDifference'),
              money('total'),
            ]}
          />
        </Card>

        <Card title={h2(t('change.services'))}>
          <Table<ChangeServiceCarry>
            rowKey={(s) => `${s.passengerSeq}-${s.code}-${s.segmentSeq ?? 'all'}`}
            size="small"
            pagination={false}
            dataSource={c.services}
            data-testid="change-services"
            locale={{ emptyText: t('change.noServices') }}
            columns={[
              { title: t('change.passenger'), key: 'pax', render: (_, s) => s.passengerName },
              {
                title: t('change.service'),
                key: 'code',
                render: (_, s) => t(`service.${s.code}`, { defaultValue: s.code }),
              },
              {
                title: t('change.segment'),
                key: 'leg',
                render: (_, s) => (s.segmentSeq === null ? '—' : legName(s.segmentSeq)),
              },
              { title: t('change.outcome'), key: 'outcome', render: (_, s) => t(`outcome.${s.outcome}`) },
              { title: t('change.before'), key: 'before', render: (_, s) => s.before ?? '—' },
              { title: t('change.note'), dataIndex: 'note', key: 'note' },
            ]}
          />
        </Card>

        <Card title={h2(t('change.history'))}>
          <Table
            rowKey={(e) => `${e.at}-${e.type}`}
            size="small"
            pagination={false}
            dataSource={c.events}
            data-testid="change-events"
            columns={[
              { title: t('change.at'), key: 'at', render: (_, e) => when(e.at) },
              {
                title: t('change.event'),
                key: 'type',
                render: (_, e) => t(`event.${e.type}`, { defaultValue: e.type }),
              },
              { title: t('change.actor'), dataIndex: 'actor', key: 'actor' },
              { title: t('change.why'), key: 'reason', render: (_, e) => e.reason ?? '—' },
            ]}
          />
        </Card>
      </Space>
    </ConfigProvider>
  );
}
