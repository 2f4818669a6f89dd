import type { AdminOrderDetail } from '@wings/contracts';
import { Alert, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './order-format';

type Detail = AdminOrderDetail;
type AddonLine = NonNullable<Detail['price']['addonLines']>[number];

const POLICY_COLORS = { pending: 'processing', issued: 'success', failed: 'error' } as const;

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
      {lines.length === 0 ? (
        <Empty description={t('addons.none')} />
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
