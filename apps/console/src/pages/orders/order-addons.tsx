import type { AddonOrderView, AdminOrderDetail } from '@wings/contracts';
import { Alert, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminQuery } from '../../api/admin-client';
import { formatInstant } from '../../lib/format';
import { formatMoney } from './order-format';

type Detail = AdminOrderDetail;
type AddonLine = NonNullable<Detail['price']['addonLines']>[number];

const POLICY_COLORS = { pending: 'processing', issued: 'success', failed: 'error' } as const;
const ADDON_ORDER_COLORS = {
  unpaid: 'processing',
  paid: 'success',
  refunded: 'default',
  canceled: 'default',
  expired: 'default',
} as const;

/**
 * The add-ons of an order (issue 14) on its console page: each service bought, whose, on which
 * flight (or the whole trip), what exactly (the seat while it is held, the baggage step, the
 * insurance plan) and its amount; then the insurance policies with their purchase from the
 * insurer, so an agent answering a traveller sees what was bought and a failed policy says
 * its premium is to be refunded.
 */
export function OrderAddons({ order }: { order: Detail }) {
  const { t, i18n } = useTranslation('orders');
  const lines = order.price.addonLines ?? [];
  // Add-ons bought after ticketing are orders of their own (secondary-services), each with EMDs.
  const later = useAdminQuery<{ orders: AddonOrderView[] }>('/secondary-services/orders', {
    orderNo: order.orderNo,
  });
  const addonOrders = later.data?.orders ?? [];
  const lang = (i18n.language?.slice(0, 2) ?? 'en') as 'zh' | 'en' | 'km';
  const name = (seq: number | null) => {
    const p = order.passengers.find((x) => x.seq === seq);
    return p ? `${p.surname} ${p.givenName}` : '—';
  };
  const leg = (l: AddonLine) => {
    if (l.code === '10') return t('addons.wholeTrip');
    const s = order.segments.find((x) => x.seq === l.leg);
    return s ? `${s.flightNo} ${s.depCode}-${s.arrCode}` : '—';
  };
  const what = (l: AddonLine) => {
    if (l.code === '12') return l.seat ? t('addons.seat', { seat: l.seat }) : t('addons.seatReleased');
    if (l.code === '13' && l.weightKg) return t('addons.kg', { kg: l.weightKg });
    if (l.code === '10' && l.insuranceType) return t('addons.plan', { plan: l.insuranceType });
    return '';
  };

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('addons.title')}</h2>}>
      {later.error && (
        <Alert type="error" showIcon title={t('addons.laterFailed')} style={{ marginBottom: 12 }} />
      )}
      {addonOrders.length > 0 && (
        <Space orientation="vertical" size="small" style={{ width: '100%', marginBottom: 16 }}>
          <Typography.Title level={3} style={{ fontSize: 14, margin: 0 }}>
            {t('addons.later')}
          </Typography.Title>
          <Table
            rowKey="secOrderNo"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            dataSource={addonOrders}
            columns={[
              { title: t('addons.secOrderNo'), dataIndex: 'secOrderNo', key: 'secOrderNo' },
              {
                title: t('addons.service'),
                key: 'service',
                render: (_, o) => t(`addons.codes.${o.serviceCode}`, { defaultValue: String(o.serviceCode) }),
              },
              { title: t('addons.passenger'), dataIndex: 'passengerName', key: 'passenger' },
              {
                title: t('addons.detail'),
                key: 'lines',
                render: (_, o) =>
                  o.lines
                    .map((l) =>
                      [
                        l.flightNo,
                        l.seat ? t('addons.seat', { seat: l.seat }) : null,
                        l.weightKg ? t('addons.kg', { kg: l.weightKg }) : null,
                        l.insuranceType ? t('addons.plan', { plan: l.insuranceType }) : null,
                        l.emdNo ? `EMD ${l.emdNo}` : null,
                      ]
                        .filter(Boolean)
                        .join(' · '),
                    )
                    .join('; '),
              },
              {
                title: t('payments.status'),
                key: 'status',
                render: (_, o) => (
                  <Tag color={ADDON_ORDER_COLORS[o.status]}>{t(`addons.orderStatus.${o.status}`)}</Tag>
                ),
              },
              {
                title: t('payments.paidAt'),
                key: 'paidAt',
                render: (_, o) => (o.paidAt ? formatInstant(o.paidAt) : '—'),
              },
              {
                title: t('addons.amount'),
                key: 'amount',
                align: 'right',
                render: (_, o) => formatMoney(o.totalAmt),
              },
            ]}
          />
        </Space>
      )}
      {lines.length === 0 ? (
        addonOrders.length === 0 && <Empty description={t('addons.none')} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Table
            rowKey="key"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            dataSource={lines.map((l, i) => ({ ...l, key: i }))}
            columns={[
              {
                title: t('addons.service'),
                key: 'service',
                render: (_, l) => t(`addons.codes.${l.code}`, { defaultValue: l.code }),
              },
              { title: t('addons.passenger'), key: 'passenger', render: (_, l) => name(l.passengerSeq) },
              { title: t('addons.leg'), key: 'leg', render: (_, l) => leg(l) },
              { title: t('addons.detail'), key: 'detail', render: (_, l) => what(l) },
              {
                title: t('addons.amount'),
                key: 'amount',
                align: 'right',
                render: (_, l) => formatMoney(l.amount),
              },
            ]}
          />
          {order.insurance.length > 0 && (
            <>
              <Typography.Title level={3} style={{ fontSize: 14, margin: 0 }}>
                {t('addons.policies')}
              </Typography.Title>
              {order.insurance.some((p) => p.status === 'failed') && (
                <Alert type="warning" showIcon title={t('addons.failedHint')} />
              )}
              <Table
                rowKey="key"
                size="small"
                pagination={false}
                scroll={{ x: true }}
                dataSource={order.insurance.map((p, i) => ({ ...p, key: i }))}
                columns={[
                  { title: t('addons.passenger'), key: 'passenger', render: (_, p) => name(p.passengerSeq) },
                  {
                    title: t('addons.plan', { plan: '' }).trim(),
                    key: 'plan',
                    render: (_, p) => `${p.planName[lang] || p.insuranceType} (${p.insuranceType})`,
                  },
                  {
                    title: t('payments.status'),
                    key: 'status',
                    render: (_, p) => (
                      <Tag color={POLICY_COLORS[p.status]}>{t(`addons.policyStatus.${p.status}`)}</Tag>
                    ),
                  },
                  {
                    title: t('addons.policyNo'),
                    key: 'policyNo',
                    render: (_, p) =>
                      p.policyNo && p.externalUrl ? (
                        <a
                          href={p.externalUrl}
                          target="_blank"
                          rel="noreferrer"
                          title={t('addons.insurerPage')}
                        >
                          {p.policyNo}
                        </a>
                      ) : (
                        (p.policyNo ?? '—')
                      ),
                  },
                  { title: t('addons.insurer'), dataIndex: 'provider', key: 'provider' },
                  {
                    title: t('addons.cover'),
                    key: 'cover',
                    render: (_, p) => `${p.coverFrom} – ${p.coverTo}`,
                  },
                  {
                    title: t('addons.premium'),
                    key: 'premium',
                    align: 'right',
                    render: (_, p) => formatMoney(p.premium),
                  },
                  { title: t('addons.attempts'), dataIndex: 'attempts', key: 'attempts' },
                  {
                    title: t('addons.lastError'),
                    key: 'lastError',
                    render: (_, p) => p.lastError ?? '—',
                  },
                ]}
              />
            </>
          )}
        </Space>
      )}
    </Card>
  );
}
