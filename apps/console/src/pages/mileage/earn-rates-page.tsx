import type { AdminEarnRate } from '@wings/contracts';
import {
  Alert,
  App,
  ConfigProvider,
  Form,
  InputNumber,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminQuery } from '../../api/admin-client';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { PAGE_THEME } from '../orders/order-format';
import { MileageActions } from './mileage-dialog';
import { when } from './mileage-format';
import { MILEAGE_FILERS, useMay } from './mileage-roles';

/** The contract's bounds of a rate (ZAdminEarnRateUpdate). */
const RATE_MAX = 500;

function EditRate({ rate }: { rate: AdminEarnRate }) {
  const { t } = useTranslation('mileage');
  const { message } = App.useApp();
  return (
    <MileageActions
      size="small"
      actions={[
        {
          testId: `earn-rate-edit-${rate.letter}`,
          label: t('earnRates.edit'),
          title: t('earnRates.editTitle', { letter: rate.letter }),
          reason: true,
          method: 'PUT',
          path: `/mileage/earn-rates/${encodeURIComponent(rate.letter)}`,
          invalidates: ['/mileage/earn-rates'],
          initial: { earnRatePercent: rate.earnRatePercent },
          body: (v) => ({ earnRatePercent: v.earnRatePercent, reason: v.reason }),
          fields: (
            <Form.Item
              name="earnRatePercent"
              label={t('earnRates.ratePercent')}
              rules={[
                {
                  validator: (_, value?: number | null) =>
                    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= RATE_MAX
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('earnRates.rateRequired'))),
                },
              ]}
            >
              <InputNumber precision={0} min={0} max={RATE_MAX} data-testid="earn-rate-percent" />
            </Form.Item>
          ),
          onDone: () => void message.success(t('earnRates.done', { letter: rate.letter })),
        },
      ]}
    />
  );
}

/**
 * The booking classes' earn rates (issue 18): a flown flight earns its great-circle miles × its
 * class's rate, plus the tier bonus. Admins change one class's rate with a reason; agents and
 * auditors read.
 */
export default function EarnRatesPage() {
  const { t } = useTranslation('mileage');
  const mayFile = useMay(MILEAGE_FILERS);
  const rates = useAdminQuery<{ list: AdminEarnRate[] }>('/mileage/earn-rates');

  const columns: TableColumnsType<AdminEarnRate> = [
    { title: t('earnRates.letter'), dataIndex: 'letter', key: 'letter' },
    { title: t('earnRates.family'), dataIndex: 'family', key: 'family' },
    { title: t('earnRates.cabin'), key: 'cabin', render: (_, r) => t(`cabin.${r.cabin}`) },
    {
      title: t('earnRates.rate'),
      key: 'rate',
      align: 'right',
      render: (_, r) => <span data-testid={`earn-rate-${r.letter}`}>{`${r.earnRatePercent} %`}</span>,
    },
    { title: t('earnRates.updated'), key: 'updated', render: (_, r) => when(r.updatedAt) },
    ...(mayFile
      ? [
          {
            title: t('earnRates.actions'),
            key: 'actions',
            render: (_: unknown, r: AdminEarnRate) => <EditRate rate={r} />,
          },
        ]
      : []),
  ];

  return (
    <ConfigProvider theme={PAGE_THEME}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <PageHeader title={t('earnRates.title')} />
        <Typography.Text>{t('earnRates.hint')}</Typography.Text>
        {mayFile ? null : <Alert type="info" showIcon title={t('common.readOnlyAdmin')} />}
        {rates.error ? <QueryError error={rates.error} onRetry={() => rates.refetch()} /> : null}
        <Table<AdminEarnRate>
          rowKey="letter"
          size="middle"
          loading={rates.isLoading}
          columns={columns}
          dataSource={rates.data?.list ?? []}
          pagination={false}
          data-testid="earn-rates"
        />
      </Space>
    </ConfigProvider>
  );
}
