import type { AdminAircraftSeatMap, AdminFlightSeats, AdminSeatAssignment } from '@wings/contracts';
import { Button, Card, Empty, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '../../lib/format';

type Seat = AdminAircraftSeatMap['seats'][number];

/** The colour of each seat type on the map and in the legend. */
const TYPE_COLOUR: Record<Seat['seatType'], string> = {
  PFST: '#722ed1',
  UPST: '#1677ff',
  SEAT: '#52c41a',
};
const TAKEN_COLOUR = '#8c8c8c';

const cell: CSSProperties = {
  width: 34,
  height: 30,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 12,
  borderRadius: 6,
};

/** One seat drawn: its letter on its type's colour, grey when taken, a first row outlined. */
function SeatCell({ seat, taken }: { seat: Seat; taken: AdminSeatAssignment | undefined }) {
  const { t } = useTranslation('seating');
  const colour = taken ? TAKEN_COLOUR : TYPE_COLOUR[seat.seatType];
  const label = t('seatTitle', { seat: seat.seat, type: t(`legend.${seat.seatType}`) });
  return (
    <Tooltip title={taken ? `${label} · ${t(`taken.${taken.status}`)} · ${taken.orderRef}` : label}>
      <span
        role="img"
        aria-label={taken ? `${seat.seat} ${t('legend.taken')}` : seat.seat}
        data-testid={`seat-${seat.seat}`}
        data-taken={taken ? 'true' : 'false'}
        style={{
          ...cell,
          color: '#fff',
          background: colour,
          outline: seat.firstRow ? '2px solid #faad14' : undefined,
          outlineOffset: 1,
        }}
      >
        {seat.letter}
      </span>
    </Tooltip>
  );
}

/** The map drawn row by row: row numbers, seats by column, the aisle as a gap, exit rows marked. */
function SeatMapDrawing({
  map,
  taken,
}: {
  map: AdminAircraftSeatMap;
  taken: ReadonlyMap<string, AdminSeatAssignment>;
}) {
  const { t } = useTranslation('seating');
  const exits = new Set(map.layout.exitRows);
  const rows = useMemo(() => {
    const byRow = new Map<number, Seat[]>();
    for (const s of map.seats) byRow.set(s.row, [...(byRow.get(s.row) ?? []), s]);
    return [...byRow.entries()].sort((a, b) => a[0] - b[0]);
  }, [map.seats]);
  const widest = Math.max(...map.layout.sections.map((s) => s.letters.length));
  let cabin: string | null = null;
  return (
    <div
      data-testid="seat-map"
      style={{ display: 'inline-block', padding: 12, border: '1px solid #d9d9d9', borderRadius: 24 }}
    >
      {rows.map(([row, seats]) => {
        const first = seats[0] as Seat;
        const heading = first.cabin !== cabin ? t(`cabin.${first.cabin}`) : null;
        cabin = first.cabin;
        const byCol = new Map(seats.map((s) => [s.col, s]));
        const section = map.layout.sections.find((s) => row >= s.fromRow && row <= s.toRow);
        return (
          <div key={row}>
            {heading && (
              <Typography.Text strong style={{ display: 'block', margin: '8px 0 4px' }}>
                {heading}
              </Typography.Text>
            )}
            <div
              data-testid={`row-${row}`}
              style={{ display: 'flex', alignItems: 'center', gap: 4, marginBottom: 4 }}
            >
              <span style={{ ...cell, width: 28, color: '#595959' }}>{row}</span>
              {columnsOf(row, widest).map(({ id, col }) => {
                const seat = byCol.get(col);
                if (seat) return <SeatCell key={id} seat={seat} taken={taken.get(seat.seat)} />;
                const aisle = section?.letters[col] === '';
                return <span key={id} aria-hidden style={{ ...cell, width: aisle ? 24 : 34 }} />;
              })}
              {exits.has(row) && (
                <Tag color="red" style={{ marginLeft: 4 }}>
                  {t('exitRow')}
                </Tag>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** The columns of a drawn row, each with a key of its own (row and column). */
function columnsOf(row: number, width: number) {
  return Array.from({ length: width }, (_, col) => ({ id: `${row}:${col}`, col }));
}

function Legend() {
  const { t } = useTranslation('seating');
  const swatch = (background: string, extra: CSSProperties = {}) => (
    <span aria-hidden style={{ ...cell, width: 18, height: 18, background, ...extra }} />
  );
  return (
    <Card size="small" title={t('legend.title')} data-testid="legend">
      <Space direction="vertical">
        {(['PFST', 'UPST', 'SEAT'] as const).map((type) => (
          <Space key={type}>
            {swatch(TYPE_COLOUR[type])}
            {t(`legend.${type}`)}
          </Space>
        ))}
        <Space>
          {swatch(TAKEN_COLOUR)}
          {t('legend.taken')}
        </Space>
        <Space>
          {swatch('#fff', { outline: '2px solid #faad14' })}
          {t('legend.firstRow')}
        </Space>
        <Space>
          <Tag color="red">{t('exitRow')}</Tag>
          {t('legend.exit')}
        </Space>
      </Space>
    </Card>
  );
}

/**
 * Seat maps (issue 14): pick an aircraft type and see its layout drawn (cabins, rows, letters,
 * aisles, exit rows, seat types); give a dated flight's id (`?flight=` in the address) to see its
 * aircraft with the seats orders hold or have confirmed.
 */
export default function SeatMapsPage() {
  const { t } = useTranslation('seating');
  const [params, setParams] = useSearchParams();
  const flightId = params.get('flight') ?? '';
  const [typed, setTyped] = useState(flightId);
  const [picked, setPicked] = useState<string | null>(null);
  const maps = useAdminQuery<{ list: AdminAircraftSeatMap[] }>('/seating/aircraft');
  const flight = useAdminQuery<AdminFlightSeats>(`/seating/flights/${flightId}`, undefined, {
    enabled: /^\d+$/.test(flightId),
  });
  const flightData = flightId && flight.data?.flightId === flightId ? flight.data : undefined;
  const list = maps.data?.list ?? [];
  const code = flightData?.aircraftCode ?? picked ?? list[0]?.code;
  const map = list.find((m) => m.code === code);
  const taken = useMemo(() => new Map((flightData?.assignments ?? []).map((a) => [a.seat, a])), [flightData]);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageHeader title={t('title')} />
      {maps.error && <QueryError error={maps.error} />}
      <Space wrap>
        <Typography.Text>{t('aircraft')}</Typography.Text>
        <Select
          aria-label={t('aircraft')}
          style={{ minWidth: 200 }}
          value={code}
          disabled={!!flightData}
          options={list.map((m) => ({ value: m.code, label: `${m.code} · ${m.name}` }))}
          onChange={(v: string) => setPicked(v)}
        />
        <Input
          aria-label={t('flight')}
          placeholder={t('flightPlaceholder')}
          style={{ width: 300 }}
          value={typed}
          onChange={(e) => setTyped(e.target.value.trim())}
          onPressEnter={() => setParams(typed ? { flight: typed } : {})}
        />
        <Button type="primary" onClick={() => setParams(typed ? { flight: typed } : {})}>
          {t('show')}
        </Button>
        {flightId && (
          <Button
            onClick={() => {
              setTyped('');
              setParams({});
            }}
          >
            {t('clear')}
          </Button>
        )}
      </Space>
      {flightId && flight.error && <QueryError error={flight.error} />}
      {flightData && (
        <Typography.Text data-testid="flight-line">
          {t('flightLine', {
            flightNo: flightData.flightNo,
            date: flightData.date,
            route: flightData.route,
            aircraft: flightData.aircraftCode,
          })}{' '}
          · {t('takenCount', { count: flightData.assignments.length })}
        </Typography.Text>
      )}
      {map ? (
        <Space align="start" size="large" wrap>
          <Space direction="vertical">
            <Typography.Text type="secondary">
              {t('capacity', { c: map.layout.capacity.C, y: map.layout.capacity.Y })}
            </Typography.Text>
            <SeatMapDrawing map={map} taken={taken} />
          </Space>
          <Space direction="vertical" size="large">
            <Legend />
            {flightData && (
              <Card size="small" title={t('taken.title')}>
                <Table<AdminSeatAssignment>
                  size="small"
                  rowKey="seat"
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  dataSource={flightData.assignments}
                  locale={{ emptyText: t('taken.none') }}
                  columns={[
                    { title: t('taken.seat'), dataIndex: 'seat' },
                    {
                      title: t('taken.status'),
                      dataIndex: 'status',
                      render: (s: AdminSeatAssignment['status']) => (
                        <Tag color={s === 'confirmed' ? 'green' : 'gold'}>{t(`taken.${s}`)}</Tag>
                      ),
                    },
                    { title: t('taken.order'), dataIndex: 'orderRef' },
                    { title: t('taken.passenger'), dataIndex: 'passengerRef' },
                    {
                      title: t('taken.since'),
                      dataIndex: 'createdAt',
                      render: (v: string) => formatInstant(v),
                    },
                  ]}
                />
              </Card>
            )}
          </Space>
        </Space>
      ) : (
        !maps.isLoading && !maps.error && <Empty />
      )}
    </Space>
  );
}
