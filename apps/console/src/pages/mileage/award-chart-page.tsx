import type { AdminAwardChart, AwardChartRow } from '@wings/contracts';
import {
  Alert,
  App,
  ConfigProvider,
  InputNumber,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { PAGE_THEME } from '../orders/order-format';
import { MileageActions } from './mileage-dialog';
import { miles, when } from './mileage-format';
import { MILEAGE_FILERS, useMay } from './mileage-roles';

const CABINS = ['Y', 'C'] as const;
type Cabin = (typeof CABINS)[number];
/** The contract's bounds of a cell (ZAwardChartRow). */
const CELL_MIN = 1;
const CELL_MAX = 1_000_000;

type Draft = Record<string, number | null>;
const cellKey = (zone: number, cabin: Cabin) => `${zone}-${cabin}`;
const validCell = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= CELL_MIN && v <= CELL_MAX;

interface ZoneRow {
  zone: number;
  label: string;
}

function draftOf(chart: AdminAwardChart): Draft {
  const draft: Draft = {};
  for (const zone of chart.zones) for (const cabin of CABINS) draft[cellKey(zone.zone, cabin)] = null;
  for (const row of chart.rows) draft[cellKey(row.zone, row.cabin)] = row.miles;
  return draft;
}

/**
 * The award chart (issue 18): miles one way per person by distance zone (rows, with their bounds)
 * and cabin (economy Y, business C). Admins edit the cells and save the whole chart at once with a
 * reason; agents and auditors read.
 */
export default function AwardChartPage() {
  const { t } = useTranslation('mileage');
  const { message } = App.useApp();
  const mayFile = useMay(MILEAGE_FILERS);
  const chart = useAdminQuery<AdminAwardChart>('/mileage/award-chart');
  const [draft, setDraft] = useState<Draft>({});
  useEffect(() => {
    if (chart.data) setDraft(draftOf(chart.data));
  }, [chart.data]);

  const zones = [...(chart.data?.zones ?? [])].sort((a, b) => a.zone - b.zone);
  const rows: ZoneRow[] = zones.map((z, i) => ({
    zone: z.zone,
    label:
      z.maxMiles !== null
        ? t('award.zoneUpTo', { zone: z.zone, max: miles(z.maxMiles) })
        : t('award.zoneOver', { zone: z.zone, min: miles(zones[i - 1]?.maxMiles ?? 0) }),
  }));
  const complete = rows.every((r) => CABINS.every((c) => validCell(draft[cellKey(r.zone, c)])));
  const body = (reason: unknown): { rows: AwardChartRow[]; reason: unknown } => ({
    rows: rows.flatMap((r) =>
      CABINS.map((cabin) => ({ zone: r.zone, cabin, miles: draft[cellKey(r.zone, cabin)] as number })),
    ),
    reason,
  });

  const columns: TableColumnsType<ZoneRow> = [
    { title: t('award.zone'), dataIndex: 'label', key: 'zone' },
    ...CABINS.map((cabin) => ({
      title: t(`cabin.${cabin}`),
      key: cabin,
      align: 'right' as const,
      render: (_: unknown, r: ZoneRow) => {
        const value = draft[cellKey(r.zone, cabin)];
        const label = t('award.cell', { zone: r.label, cabin: t(`cabin.${cabin}`) });
        if (!mayFile)
          return <span data-testid={`award-${r.zone}-${cabin}`}>{value ? miles(value) : '—'}</span>;
        return (
          <InputNumber<number>
            aria-label={label}
            data-testid={`award-${r.zone}-${cabin}`}
            precision={0}
            min={CELL_MIN}
            max={CELL_MAX}
            status={validCell(value) ? undefined : 'error'}
            value={value ?? null}
            onChange={(next) => setDraft((d) => ({ ...d, [cellKey(r.zone, cabin)]: next ?? null }))}
            style={{ width: 140 }}
          />
        );
      },
    })),
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t('award.title')} />
        <Typography.Text>{t('award.hint')}</Typography.Text>
        {chart.data?.updatedAt ? (
          <Typography.Text>{t('award.updated', { at: when(chart.data.updatedAt) })}</Typography.Text>
        ) : null}
        {mayFile ? null : <Alert type="info" showIcon title={t('common.readOnlyAdmin')} />}
        {chart.error ? <QueryError error={chart.error} onRetry={() => chart.refetch()} /> : null}
        <Table<ZoneRow>
          rowKey="zone"
          size="middle"
          loading={chart.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          data-testid="award-chart"
        />
        {mayFile && chart.data ? (
          <Space orientation="vertical">
            {complete ? null : (
              <Typography.Text type="danger" role="alert" data-testid="award-incomplete">
                {t('award.milesRequired')}
              </Typography.Text>
            )}
            {complete ? (
              <MileageActions
                actions={[
                  {
                    testId: 'award-save',
                    label: t('award.save'),
                    title: t('award.saveTitle'),
                    note: t('award.saveNote'),
                    reason: true,
                    primary: true,
                    method: 'PUT',
                    path: '/mileage/award-chart',
                    invalidates: ['/mileage/award-chart'],
                    body: (v) => body(v.reason),
                    onDone: () => void message.success(t('award.done')),
                  },
                ]}
              />
            ) : null}
          </Space>
        ) : null}
      </Space>
    </ConfigProvider>
  );
}
