import type { AdminAirport, AdminRoute, AdminSchedule } from '@wings/contracts';
import { Alert, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminQuery } from '../../api/admin-client';
import { currentLanguage } from '../../app/i18n';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';

/** The network's airports, routes and weekly schedules (read-only for now). */
export default function NetworkPage() {
  const { t } = useTranslation('network');
  const lang = currentLanguage();
  const airports = useAdminQuery<{ list: AdminAirport[] }>('/network/airports');
  const routes = useAdminQuery<{ list: AdminRoute[] }>('/network/routes');
  const schedules = useAdminQuery<{ list: AdminSchedule[] }>('/network/schedules');
  const days = t('network.days', { returnObjects: true }) as string[];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader title={t('network.title')} />
      <Alert type="info" showIcon title={t('network.note')} />
      <Tabs
        items={[
          {
            key: 'airports',
            label: t('network.airports'),
            children: airports.isError ? (
              <QueryError error={airports.error} />
            ) : (
              <Table<AdminAirport>
                rowKey="code"
                size="small"
                loading={airports.isFetching}
                dataSource={airports.data?.list ?? []}
                pagination={false}
                columns={[
                  { title: t('network.columns.code'), dataIndex: 'code', width: 80 },
                  {
                    title: t('network.columns.name'),
                    key: 'name',
                    render: (_: unknown, a) => (
                      <span>
                        {a.name[lang]}
                        {lang !== 'en' ? (
                          <Typography.Text type="secondary"> · {a.name.en}</Typography.Text>
                        ) : null}
                      </span>
                    ),
                  },
                  { title: t('network.columns.city'), key: 'city', render: (_: unknown, a) => a.city[lang] },
                  { title: t('network.columns.country'), dataIndex: 'country', width: 110 },
                  { title: t('network.columns.zone'), dataIndex: 'timeZone' },
                  {
                    title: t('network.columns.hub'),
                    dataIndex: 'isHub',
                    render: (hub: boolean) =>
                      hub ? (
                        <Tag style={{ color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' }}>
                          {t('network.columns.hub')}
                        </Tag>
                      ) : null,
                  },
                ]}
              />
            ),
          },
          {
            key: 'routes',
            label: t('network.routes'),
            children: routes.isError ? (
              <QueryError error={routes.error} />
            ) : (
              <Table<AdminRoute>
                rowKey="code"
                size="small"
                loading={routes.isFetching}
                dataSource={routes.data?.list ?? []}
                pagination={{ pageSize: 50, showSizeChanger: false }}
                columns={[
                  { title: t('network.columns.route'), dataIndex: 'code' },
                  { title: t('network.columns.origin'), dataIndex: 'origin' },
                  { title: t('network.columns.destination'), dataIndex: 'destination' },
                  { title: t('network.columns.distance'), dataIndex: 'distanceKm', align: 'right' },
                  { title: t('network.columns.block'), dataIndex: 'blockMinutes', align: 'right' },
                  { title: t('network.columns.currency'), dataIndex: 'currency' },
                ]}
              />
            ),
          },
          {
            key: 'schedules',
            label: t('network.schedules'),
            children: schedules.isError ? (
              <QueryError error={schedules.error} />
            ) : (
              <Table<AdminSchedule>
                rowKey="id"
                size="small"
                loading={schedules.isFetching}
                dataSource={schedules.data?.list ?? []}
                pagination={{ pageSize: 50, showSizeChanger: false }}
                columns={[
                  { title: t('network.columns.flightNo'), dataIndex: 'flightNo' },
                  { title: t('network.columns.route'), dataIndex: 'routeCode' },
                  {
                    title: t('network.columns.days'),
                    dataIndex: 'daysOfWeek',
                    render: (list: number[]) => list.map((d) => days[d - 1] ?? d).join(' '),
                  },
                  { title: t('network.columns.time'), dataIndex: 'depLocalTime' },
                  { title: t('network.columns.block'), dataIndex: 'blockMinutes', align: 'right' },
                  { title: t('network.columns.aircraft'), dataIndex: 'aircraftCode' },
                  {
                    title: t('network.columns.validity'),
                    key: 'validity',
                    render: (_: unknown, s) =>
                      `${s.validFrom} – ${s.validTo ?? t('network.untilFurtherNotice')}`,
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
