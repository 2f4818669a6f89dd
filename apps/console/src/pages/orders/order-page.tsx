import type { AdminOrderDetail, AuditEntry } from '@wings/contracts';
import {
  Alert,
  Card,
  ConfigProvider,
  Descriptions,
  Empty,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { useSignedInMember } from '../../app/session';
import { DetailFallback } from '../../components/detail-fallback';
import { formatInstant } from '../../lib/format';
import { OrderChanges } from '../changes/order-changes';
import { OrderActions, RefundActions } from './order-actions';
import { OrderAddons } from './order-addons';
import { formatMoney, localWallClock, OrderStatusTag, PAGE_THEME, TAG_COLORS } from './order-format';
import { mayDo, ORDER_AGENTS, REFUND_HANDLERS } from './order-roles';

type Detail = AdminOrderDetail;

const when = (iso: string | null) => (iso ? formatInstant(iso) : '—');

/** `data` of a history row or an audit row, written out for reading (a short JSON). */
function Facts({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <Typography.Text code style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>
      {JSON.stringify(value)}
    </Typography.Text>
  );
}

/** The order: passengers, legs, money, tickets and coupons, its whole history; actions by role. */
export default function OrderPage() {
  const { t } = useTranslation('orders');
  const { orderNo = '' } = useParams();
  const member = useSignedInMember();
  const order = useAdminQuery<Detail>(`/orders/${orderNo}`);

  const back = <Link to="/orders">{t('order.back')}</Link>;
  if (order.error || !order.data) return <DetailFallback back={back} query={order} />;
  const d = order.data;

  const passengerName = (seq: number | null) => {
    const p = d.passengers.find((x) => x.seq === seq);
    return p ? `${p.surname} ${p.givenName}` : '—';
  };
  const legName = (seq: number | null) => {
    const s = d.segments.find((x) => x.seq === seq);
    return s ? `${s.flightNo} ${s.depCode}-${s.arrCode}` : '—';
  };
  const mayHandleRefunds = mayDo(member.roles, REFUND_HANDLERS);

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {back}
        <Space align="center" wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('order.title', { orderNo: d.orderNo })}
          </Typography.Title>
          <Tag>PNR {d.pnr}</Tag>
          <OrderStatusTag status={d.status} ticketed={d.ticketedAt !== null} />
        </Space>
        <OrderActions order={d} mayAct={mayDo(member.roles, ORDER_AGENTS)} />

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('order.summary')}</h2>}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'created', label: t('order.created'), children: when(d.createdAt) },
              { key: 'deadline', label: t('order.payDeadline'), children: when(d.payDeadline) },
              { key: 'ticketed', label: t('order.ticketedAt'), children: when(d.ticketedAt) },
              { key: 'canceled', label: t('order.canceledAt'), children: when(d.canceledAt) },
              {
                key: 'by',
                label: t('order.bookedBy'),
                children: d.userId ? t('order.member', { id: d.userId }) : t('order.guest'),
              },
              { key: 'lang', label: t('order.language'), children: t(`languages.${d.language}`) },
              { key: 'contact', label: t('order.contact'), children: d.contact.name },
              { key: 'email', label: t('order.contactEmail'), children: d.contact.email },
              {
                key: 'phone',
                label: t('order.contactPhone'),
                children: `+${d.contact.countryCode} ${d.contact.phone}`,
              },
              { key: 'promo', label: t('order.promoCode'), children: d.price.promoCode ?? t('order.none') },
            ]}
          />
        </Card>

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('passengers.title')}</h2>}>
          {d.passengers.some((p) => p.docMasked) ? (
            <Alert type="info" showIcon title={t('passengers.masked')} style={{ marginBottom: 12 }} />
          ) : null}
          <Table
            rowKey="seq"
            size="small"
            pagination={false}
            dataSource={d.passengers}
            columns={[
              {
                title: t('passengers.name'),
                key: 'name',
                render: (_, p) => [p.surname, p.givenName, p.middleName].filter(Boolean).join(' '),
              },
              {
                title: t('passengers.type'),
                key: 'type',
                render: (_, p) => t(`passengers.types.${p.passengerType}`),
              },
              { title: t('passengers.birthday'), dataIndex: 'birthday', key: 'birthday' },
              { title: t('passengers.nationality'), dataIndex: 'nationality', key: 'nationality' },
              {
                title: t('passengers.document'),
                key: 'doc',
                render: (_, p) => <span data-testid={`doc-${p.seq}`}>{p.docNumber}</span>,
              },
              { title: t('passengers.docExpiry'), dataIndex: 'docExpiry', key: 'docExpiry' },
              {
                title: t('passengers.contact'),
                key: 'contact',
                render: (_, p) =>
                  [p.email, p.phone ? `+${p.countryCode ?? ''} ${p.phone}` : null]
                    .filter(Boolean)
                    .join(' / ') || '—',
              },
            ]}
          />
        </Card>

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('segments.title')}</h2>}>
          <Table
            rowKey="seq"
            size="small"
            pagination={false}
            dataSource={d.segments}
            columns={[
              { title: t('segments.flight'), dataIndex: 'flightNo', key: 'flightNo' },
              { title: t('segments.from'), dataIndex: 'depCode', key: 'from' },
              { title: t('segments.to'), dataIndex: 'arrCode', key: 'to' },
              {
                title: t('segments.departs'),
                key: 'departs',
                render: (_, s) => `${localWallClock(s.depTime)} ${s.depZone}`,
              },
              {
                title: t('segments.arrives'),
                key: 'arrives',
                render: (_, s) => `${localWallClock(s.arrTime)} ${s.arrZone}`,
              },
              {
                title: t('segments.cabin'),
                key: 'cabin',
                render: (_, s) => `${s.cabin} / ${s.bookingClass} · ${s.family}`,
              },
              { title: t('segments.aircraft'), dataIndex: 'aircraft', key: 'aircraft' },
            ]}
          />
        </Card>

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('price.title')}</h2>}>
          <Table
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={d.priceLines.map((line, i) => ({ ...line, key: i }))}
            columns={[
              {
                title: t('price.kind'),
                key: 'kind',
                render: (_, l) => t(`price.kinds.${l.kind}`, { defaultValue: l.kind }),
              },
              { title: t('price.code'), dataIndex: 'code', key: 'code' },
              {
                title: t('price.passenger'),
                key: 'passenger',
                render: (_, l) => passengerName(l.passengerSeq),
              },
              { title: t('price.leg'), key: 'leg', render: (_, l) => legName(l.legSeq) },
              {
                title: t('price.amount'),
                key: 'amount',
                align: 'right',
                render: (_, l) => formatMoney(l.amount),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={4}>
                  <strong>{t('price.total')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong data-testid="price-total">{formatMoney(d.price.total)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </Card>

        <OrderAddons order={d} />

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('payments.title')}</h2>}>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.payments}
            locale={{ emptyText: t('payments.none') }}
            expandable={{
              expandedRowRender: (p) =>
                p.events.length === 0 ? (
                  t('payments.noEvents')
                ) : (
                  <Timeline
                    items={p.events.map((e) => ({
                      key: e.gatewayEventId,
                      title: when(e.at),
                      content: (
                        <span>
                          <strong>{e.type}</strong> · {e.gatewayEventId} <Facts value={e.payload} />
                        </span>
                      ),
                    }))}
                  />
                ),
            }}
            columns={[
              { title: t('payments.gateway'), dataIndex: 'gateway', key: 'gateway' },
              { title: t('payments.method'), dataIndex: 'method', key: 'method' },
              {
                title: t('payments.amount'),
                key: 'amount',
                align: 'right',
                render: (_, p) => formatMoney(p.amount),
              },
              { title: t('payments.status'), key: 'status', render: (_, p) => <Tag>{p.status}</Tag> },
              { title: t('payments.reference'), key: 'ref', render: (_, p) => p.gatewayReference ?? '—' },
              { title: t('payments.created'), key: 'created', render: (_, p) => when(p.createdAt) },
              { title: t('payments.paidAt'), key: 'paid', render: (_, p) => when(p.paidAt) },
              {
                title: t('payments.refunded'),
                key: 'refunded',
                align: 'right',
                render: (_, p) => formatMoney(p.refundedTotal),
              },
            ]}
          />
        </Card>

        <Card
          title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('refunds.title')}</h2>}
          extra={
            <Link
              to={`/refunds?orderNo=${encodeURIComponent(d.orderNo)}`}
              data-testid="order-refund-requests"
            >
              {t('refunds.requests')}
            </Link>
          }
        >
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.refunds}
            locale={{ emptyText: t('refunds.none') }}
            columns={[
              {
                title: t('refunds.amount'),
                key: 'amount',
                align: 'right',
                render: (_, r) => formatMoney(r.amount),
              },
              {
                title: t('refunds.status'),
                key: 'status',
                render: (_, r) => (
                  <Space size={4}>
                    <Tag
                      color={
                        r.status === 'failed'
                          ? TAG_COLORS.bad
                          : r.status === 'succeeded'
                            ? TAG_COLORS.good
                            : TAG_COLORS.warn
                      }
                    >
                      {t(`refunds.statuses.${r.status}`)}
                    </Tag>
                    {r.settledByHand ? <Tag>{t('refunds.byHand')}</Tag> : null}
                  </Space>
                ),
              },
              {
                title: t('refunds.reason'),
                key: 'reason',
                render: (_, r) => t(`refunds.reasons.${r.reason}`, { defaultValue: r.reason }),
              },
              { title: t('refunds.reference'), key: 'ref', render: (_, r) => r.reference ?? '—' },
              { title: t('refunds.requested'), key: 'requested', render: (_, r) => when(r.requestedAt) },
              { title: t('refunds.refunded'), key: 'refunded', render: (_, r) => when(r.refundedAt) },
              {
                title: t('refunds.failures'),
                key: 'failures',
                render: (_, r) =>
                  r.failures.length === 0
                    ? '—'
                    : r.failures.map((f) => (
                        <div key={f.at}>{t('refunds.failedAt', { at: when(f.at), actor: f.actor })}</div>
                      )),
              },
              ...(mayHandleRefunds
                ? [
                    {
                      title: t('actions.title'),
                      key: 'actions',
                      render: (_: unknown, r: Detail['refunds'][number]) =>
                        r.status === 'failed' ? <RefundActions orderNo={d.orderNo} refund={r} /> : null,
                    },
                  ]
                : []),
            ]}
          />
        </Card>

        <OrderChanges orderNo={d.orderNo} />

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('tickets.title')}</h2>}>
          <Table
            rowKey="ticketNo"
            size="small"
            pagination={false}
            dataSource={d.tickets}
            locale={{ emptyText: t('tickets.none') }}
            columns={[
              { title: t('tickets.ticketNo'), dataIndex: 'ticketNo', key: 'ticketNo' },
              {
                title: t('tickets.passenger'),
                key: 'passenger',
                render: (_, k) => passengerName(k.passengerSeq),
              },
              {
                title: t('tickets.status'),
                key: 'status',
                render: (_, k) => t(`tickets.statuses.${k.status}`),
              },
              { title: t('tickets.reissuedFrom'), key: 'from', render: (_, k) => k.reissuedFrom ?? '—' },
              {
                title: t('tickets.coupons'),
                key: 'coupons',
                render: (_, k) =>
                  k.coupons.map((c) => (
                    <div key={c.couponNo}>
                      {t('tickets.coupon', {
                        no: c.couponNo,
                        leg: legName(c.legSeq),
                        usage: t(`tickets.usage.${c.usage}`, { defaultValue: String(c.usage) }),
                      })}
                    </div>
                  )),
              },
            ]}
          />
        </Card>

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('linkedBy.title')}</h2>}>
          <Table
            rowKey={(l) => `${l.userId}/${l.kind}/${l.ticketNo ?? ''}`}
            size="small"
            pagination={false}
            dataSource={d.linkedBy}
            data-testid="order-linked-by"
            locale={{ emptyText: t('linkedBy.none') }}
            columns={[
              { title: t('linkedBy.account'), dataIndex: 'userId', key: 'userId' },
              {
                title: t('linkedBy.how'),
                key: 'kind',
                render: (_, l) =>
                  l.kind === 'ticket'
                    ? t('linkedBy.byTicket', { ticketNo: l.ticketNo })
                    : t('linkedBy.byPnr'),
              },
              { title: t('linkedBy.at'), key: 'at', render: (_, l) => when(l.linkedAt) },
            ]}
          />
        </Card>

        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('history.title')}</h2>}>
          <Timeline
            data-testid="order-history"
            items={d.events.map((e) => ({
              key: e.id,
              color: e.type.includes('fail') ? 'red' : e.actor.startsWith('staff:') ? 'blue' : 'gray',
              title: when(e.at),
              content: (
                <Space orientation="vertical" size={0}>
                  <strong>{t(`history.types.${e.type}`, { defaultValue: e.type })}</strong>
                  <Typography.Text>{t('history.by', { actor: e.actor })}</Typography.Text>
                  {e.reason ? <span>{t('history.reason', { reason: e.reason })}</span> : null}
                  <Facts value={e.data} />
                </Space>
              ),
            }))}
          />
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {t('history.audit')}
          </Typography.Title>
          {d.audit.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.noAudit')} />
          ) : (
            <Table<AuditEntry>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.audit}
              columns={[
                { title: t('history.at'), key: 'at', render: (_, a) => when(a.at) },
                { title: t('history.staff'), key: 'who', render: (_, a) => a.staffEmail ?? '—' },
                { title: t('actions.title'), dataIndex: 'action', key: 'action' },
                { title: t('actions.reason'), key: 'reason', render: (_, a) => a.reason ?? '—' },
                { title: t('history.change'), key: 'after', render: (_, a) => <Facts value={a.after} /> },
              ]}
            />
          )}
        </Card>
      </Space>
    </ConfigProvider>
  );
}
