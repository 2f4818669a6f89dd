import type { AdminDisruptedFlightDetail } from '@wings/contracts';
import { Card, ConfigProvider, Descriptions, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { DetailFallback } from '../../components/detail-fallback';
import { PAGE_THEME } from '../orders/order-format';
import { ChoiceCounts, ChoiceTag, DisruptionChange, hubClock } from './change-format';

type Traveller = AdminDisruptedFlightDetail['travellers'][number];
const h2 = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

/**
 * One flight the airline retimed or canceled (issue 16): what changed and why, and every passenger
 * on it with their order, ticket, what they chose and when, the flight a move went to, and the
 * change or refund that carried it out.
 */
export default function DisruptionPage() {
  const { t } = useTranslation('changes');
  const { flightId = '' } = useParams();
  const flight = useAdminQuery<AdminDisruptedFlightDetail>(
    `/changes/disruptions/${encodeURIComponent(flightId)}`,
  );
  const back = <Link to="/changes/disruptions">{t('disruption.back')}</Link>;
  if (flight.error || !flight.data) return <DetailFallback back={back} query={flight} />;
  const f = flight.data;

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {back}
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('disruption.title', { flightNo: f.flightNo, route: `${f.depCode}-${f.arrCode}` })}
        </Typography.Title>
        <Card title={h2(t('disruption.summary'))}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'change', label: t('disruptions.change'), children: <DisruptionChange flight={f} /> },
              { key: 'changedAt', label: t('disruptions.changedAt'), children: hubClock(f.changedAt) },
              {
                key: 'before',
                label: t('disruption.before'),
                children: `${hubClock(f.before.depUtc)} – ${hubClock(f.before.arrUtc)}`,
              },
              {
                key: 'after',
                label: t('disruption.after'),
                children: f.after ? `${hubClock(f.after.depUtc)} – ${hubClock(f.after.arrUtc)}` : '—',
              },
              { key: 'reason', label: t('disruption.reason'), children: f.reason ?? '—' },
              { key: 'passengers', label: t('disruptions.passengers'), children: f.passengers },
              {
                key: 'choices',
                label: t('disruptions.choices'),
                children: (
                  <span data-testid="disruption-choices">
                    <ChoiceCounts choices={f.choices} />
                  </span>
                ),
              },
            ]}
          />
        </Card>
        <Card title={h2(t('disruption.travellers'))}>
          <Table<Traveller>
            rowKey={(p) => `${p.orderNo}-${p.passengerSeq}`}
            size="small"
            pagination={false}
            dataSource={f.travellers}
            data-testid="disruption-travellers"
            locale={{ emptyText: t('disruption.noTravellers') }}
            scroll={{ x: true }}
            onRow={(p) => ({ 'data-testid': `traveller-${p.orderNo}-${p.passengerSeq}` }) as object}
            columns={[
              {
                title: t('disruption.order'),
                key: 'order',
                render: (_, p) => <Link to={`/orders/${p.orderNo}`}>{p.orderNo}</Link>,
              },
              { title: t('disruption.name'), dataIndex: 'name', key: 'name' },
              { title: t('disruption.ticket'), key: 'ticket', render: (_, p) => p.ticketNo ?? '—' },
              {
                title: t('disruption.choice'),
                key: 'choice',
                render: (_, p) => <ChoiceTag choice={p.choice} />,
              },
              { title: t('disruption.chosenAt'), key: 'when', render: (_, p) => hubClock(p.chosenAt) },
              {
                title: t('disruption.movedTo'),
                key: 'moved',
                render: (_, p) => (p.movedTo ? `${p.movedTo.flightNo} ${hubClock(p.movedTo.depUtc)}` : '—'),
              },
              {
                title: t('disruption.record'),
                key: 'record',
                render: (_, p) =>
                  p.changeNo ? (
                    <Link to={`/changes/${p.changeNo}`}>{p.changeNo}</Link>
                  ) : p.refundNo ? (
                    <Link to={`/refunds/${p.refundNo}`}>{p.refundNo}</Link>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        </Card>
      </Space>
    </ConfigProvider>
  );
}
