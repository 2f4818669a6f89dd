import { PlusOutlined } from '@ant-design/icons';
import type { AdminAirport, AdminRoute, AdminSchedule, AdminScheduleResult } from '@wings/contracts';
import { Alert, Button, Space, Table, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { currentLanguage } from '../../app/i18n';
import { useSignedInMember } from '../../app/session';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import {
  AirportDialog,
  EndScheduleDialog,
  RouteDialog,
  RouteEditDialog,
  ScheduleDialog,
} from './network-forms';

type Dialog =
  | { kind: 'airport'; airport: AdminAirport | null }
  | { kind: 'route' }
  | { kind: 'routeEdit'; route: AdminRoute }
  | { kind: 'schedule' }
  | { kind: 'end'; schedule: AdminSchedule }
  | null;

/** A tab's "Add" button above its table (admins only). */
function Toolbar({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>{children}</div>;
}

/** The network's airports, routes and weekly schedules; an admin adds and edits them. */
export default function NetworkPage() {
  const { t } = useTranslation('network');
  const lang = currentLanguage();
  const member = useSignedInMember();
  const isAdmin = member.roles.includes('admin');
  const airports = useAdminQuery<{ list: AdminAirport[] }>('/network/airports');
  const routes = useAdminQuery<{ list: AdminRoute[] }>('/network/routes');
  const schedules = useAdminQuery<{ list: AdminSchedule[] }>('/network/schedules');
  const days = t('network.days', { returnObjects: true }) as string[];
  const [dialog, setDialog] = useState<Dialog>(null);
  const [ended, setEnded] = useState<AdminScheduleResult | null>(null);
  const close = () => setDialog(null);
  const actions = <T,>(render: (row: T) => ReactNode) =>
    isAdmin
      ? [{ title: t('network.actions'), key: 'actions', render: (_: unknown, row: T) => render(row) }]
      : [];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader title={t('network.title')} />
      <Tabs
        items={[
          {
            key: 'airports',
            label: t('network.airports'),
            children: airports.isError ? (
              <QueryError error={airports.error} />
            ) : (
              <>
                {isAdmin ? (
                  <Toolbar>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => setDialog({ kind: 'airport', airport: null })}
                    >
                      {t('network.airport.add')}
                    </Button>
                  </Toolbar>
                ) : null}
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
                    {
                      title: t('network.columns.city'),
                      key: 'city',
                      render: (_: unknown, a) => a.city[lang],
                    },
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
                    ...actions<AdminAirport>((a) => (
                      <Button
                        size="small"
                        aria-label={`${t('network.edit')} ${a.code}`}
                        onClick={() => setDialog({ kind: 'airport', airport: a })}
                      >
                        {t('network.edit')}
                      </Button>
                    )),
                  ]}
                />
              </>
            ),
          },
          {
            key: 'routes',
            label: t('network.routes'),
            children: routes.isError ? (
              <QueryError error={routes.error} />
            ) : (
              <>
                {isAdmin ? (
                  <Toolbar>
                    <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'route' })}>
                      {t('network.route.add')}
                    </Button>
                  </Toolbar>
                ) : null}
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
                    {
                      title: t('network.fares'),
                      dataIndex: 'hasFares',
                      render: (hasFares: boolean) =>
                        hasFares ? (
                          t('network.hasFares')
                        ) : (
                          <Space size="small" wrap>
                            <Tag style={{ color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' }}>
                              {t('network.noFares')}
                            </Tag>
                            <Link to="/fares">{t('network.fileFares')}</Link>
                          </Space>
                        ),
                    },
                    ...actions<AdminRoute>((r) => (
                      <Button
                        size="small"
                        aria-label={`${t('network.edit')} ${r.code}`}
                        onClick={() => setDialog({ kind: 'routeEdit', route: r })}
                      >
                        {t('network.edit')}
                      </Button>
                    )),
                  ]}
                />
              </>
            ),
          },
          {
            key: 'schedules',
            label: t('network.schedules'),
            children: schedules.isError ? (
              <QueryError error={schedules.error} />
            ) : (
              <>
                {ended && ended.flightsWithTravellers.length > 0 ? (
                  <Alert
                    type="warning"
                    showIcon
                    closable
                    onClose={() => setEnded(null)}
                    style={{ marginBottom: 8 }}
                    title={t('network.endSchedule.withTravellers', {
                      count: ended.flightsWithTravellers.length,
                    })}
                    description={
                      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                        {ended.flightsWithTravellers.map((f) => (
                          <li key={f.id}>
                            <Link to={`/flights/${f.id}`}>
                              {t('network.endSchedule.flight', {
                                flightNo: f.flightNo,
                                date: f.depLocalDate,
                                sold: f.sold,
                                held: f.held,
                              })}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    }
                  />
                ) : null}
                {isAdmin ? (
                  <Toolbar>
                    <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'schedule' })}>
                      {t('network.schedule.add')}
                    </Button>
                  </Toolbar>
                ) : null}
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
                    ...actions<AdminSchedule>((s) => (
                      <Button
                        size="small"
                        aria-label={`${t('network.end')} ${s.flightNo} ${s.validFrom}`}
                        onClick={() => setDialog({ kind: 'end', schedule: s })}
                      >
                        {t('network.end')}
                      </Button>
                    )),
                  ]}
                />
              </>
            ),
          },
        ]}
      />
      {dialog?.kind === 'airport' ? <AirportDialog airport={dialog.airport} onClose={close} /> : null}
      {dialog?.kind === 'route' ? (
        <RouteDialog airports={airports.data?.list ?? []} routes={routes.data?.list ?? []} onClose={close} />
      ) : null}
      {dialog?.kind === 'routeEdit' ? <RouteEditDialog route={dialog.route} onClose={close} /> : null}
      {dialog?.kind === 'schedule' ? (
        <ScheduleDialog routes={routes.data?.list ?? []} onClose={close} />
      ) : null}
      {dialog?.kind === 'end' ? (
        <EndScheduleDialog schedule={dialog.schedule} onClose={close} onEnded={setEnded} />
      ) : null}
    </Space>
  );
}
