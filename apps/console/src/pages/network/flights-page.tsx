import type { AdminFlightPage, AdminFlightRow, AdminRoute, FlightStatus } from '@wings/contracts';
import { FLIGHT_STATUS_VALUES } from '@wings/contracts';
import { addDays, localDate } from '@wings/rules';
import { Form, Input, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type QueryParams, useAdminQuery } from '../../api/admin-client';
import { FilterForm, useListFilters } from '../../components/filter-form';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { HUB_ZONE } from '../../lib/format';
import { AirportTime, FlightStatusTags, LoadBar } from './flight-parts';

/** The flight list's filters as the form holds them. */
export interface FlightFilters {
  from: string;
  to: string;
  /** '' for any route (a real option, so the field never shows a faint placeholder). */
  route?: string;
  flightNo?: string;
  /** '' for any status. */
  status?: FlightStatus | '';
}

const PAGE_SIZE = 50;

/** This week at the hub: today and the six days after. */
export function defaultFilters(now = new Date()): FlightFilters {
  const today = localDate(now, HUB_ZONE);
  return { from: today, to: addDays(today, 6), route: '', flightNo: '', status: '' };
}

/** GET /api/admin/flights's query (contracts `ZAdminFlightQuery`). */
export function flightsQuery(filters: FlightFilters, page: number): QueryParams {
  return {
    from: filters.from,
    to: filters.to,
    route: filters.route || undefined,
    flightNo: filters.flightNo?.trim().toUpperCase() || undefined,
    status: filters.status || undefined,
    page,
    pageSize: PAGE_SIZE,
  };
}

/** Dated flights by departure dates, route, number and status, each with its load. */
export default function FlightsPage() {
  const { t } = useTranslation('network');
  const list = useListFilters<FlightFilters>(defaultFilters);
  const { filters, page, setPage } = list;
  const flights = useAdminQuery<AdminFlightPage>('/flights', flightsQuery(filters, page));
  const routes = useAdminQuery<{ list: AdminRoute[] }>('/network/routes');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader title={t('flights.title')} />
      <FilterForm list={list} initialValues={filters}>
        <Form.Item label={t('flights.filters.dates')} style={{ marginBottom: 0 }}>
          <Space>
            <Form.Item name="from" noStyle rules={[{ required: true }]}>
              <Input type="date" aria-label={`${t('flights.filters.dates')} 1`} style={{ width: 150 }} />
            </Form.Item>
            –
            <Form.Item name="to" noStyle rules={[{ required: true }]}>
              <Input type="date" aria-label={`${t('flights.filters.dates')} 2`} style={{ width: 150 }} />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item name="route" label={t('flights.filters.route')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            options={[
              { value: '', label: t('flights.filters.anyRoute') },
              ...(routes.data?.list ?? []).map((r) => ({ value: r.code, label: r.code })),
            ]}
          />
        </Form.Item>
        <Form.Item name="flightNo" label={t('flights.filters.flightNo')}>
          <Input style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="status" label={t('flights.filters.status')}>
          <Select
            style={{ width: 150 }}
            options={[
              { value: '', label: t('flights.filters.anyStatus') },
              ...FLIGHT_STATUS_VALUES.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
          />
        </Form.Item>
      </FilterForm>
      {flights.isError ? (
        <QueryError error={flights.error} onRetry={() => void flights.refetch()} />
      ) : (
        <Table<AdminFlightRow>
          rowKey="id"
          loading={flights.isFetching}
          dataSource={flights.data?.list ?? []}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: flights.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('flights.total', { total }),
            onChange: setPage,
          }}
          columns={[
            { title: t('flights.columns.date'), dataIndex: 'depLocalDate', width: 120 },
            {
              title: t('flights.columns.flightNo'),
              dataIndex: 'flightNo',
              render: (flightNo: string, row) => <Link to={`/flights/${row.id}`}>{flightNo}</Link>,
            },
            { title: t('flights.columns.route'), dataIndex: 'routeCode' },
            {
              title: t('flights.columns.departs'),
              dataIndex: 'depUtc',
              render: (iso: string, row) => <AirportTime iso={iso} zone={row.originZone} />,
            },
            {
              title: t('flights.columns.arrives'),
              dataIndex: 'arrUtc',
              render: (iso: string, row) => <AirportTime iso={iso} zone={row.destinationZone} />,
            },
            {
              title: t('flights.columns.status'),
              dataIndex: 'status',
              render: (status: FlightStatus, row) => (
                <FlightStatusTags status={status} retimed={row.retimed} />
              ),
            },
            {
              title: t('flights.columns.load'),
              key: 'load',
              render: (_: unknown, row) => <LoadBar sold={row.sold} held={row.held} total={row.capacity} />,
            },
          ]}
        />
      )}
    </Space>
  );
}
