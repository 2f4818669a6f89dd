import { ReloadOutlined } from '@ant-design/icons';
import type {
  AdminDashboard,
  DashboardAmount,
  DashboardRefundQueue,
  DashboardSuccessRate,
} from '@wings/contracts';
import { Button, Card, Col, Row, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAdminQuery } from '../../api/admin-client';
import { currentLanguage, LOCALE_OF } from '../../app/i18n';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '../../lib/format';

const locale = () => LOCALE_OF[currentLanguage()];

/** Digits after the point of a currency's minor unit (2 for USD and CNY). */
function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** An amount in minor units as a number of major units (for the charts). */
function major(amount: DashboardAmount): number {
  return amount.amount / 10 ** minorDigits(amount.currency);
}

/** Money in minor units with its currency, as the member's language writes it: `US$1,234.50`. */
export function formatAmount(amount: DashboardAmount): string {
  return new Intl.NumberFormat(locale(), { style: 'currency', currency: amount.currency }).format(
    major(amount),
  );
}

/** A share 0 … 1 as a percentage with one decimal, `66.7%`; a dash when there is nothing to divide. */
export function formatShare(share: number | null): string {
  if (share === null) return '—';
  return new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** `2027-03-15` written short in the member's language, read as a calendar date (no zone). */
function shortDate(date: string): string {
  return new Intl.DateTimeFormat(locale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function useAge() {
  const { t } = useTranslation('dashboard');
  return (minutes: number) => {
    if (minutes < 60) return t('age.minutes', { m: minutes });
    if (minutes < 24 * 60) return t('age.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
    return t('age.days', { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) });
  };
}

/** A chart with its caption, a one-sentence summary and the same figures as a table (axe, screen readers). */
function Figure({
  caption,
  summary,
  chart,
  table,
}: {
  caption: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const captionId = useId();
  const summaryId = useId();
  return (
    <figure aria-labelledby={captionId} aria-describedby={summaryId} style={{ margin: 0 }}>
      <Typography.Title level={2} id={captionId} style={{ fontSize: 16 }}>
        {caption}
      </Typography.Title>
      <Typography.Paragraph id={summaryId} type="secondary">
        {summary}
      </Typography.Paragraph>
      {/* The drawing repeats the summary and the table below; assistive technology reads those. */}
      <div aria-hidden="true" style={{ width: '100%', height: 240 }}>
        {chart}
      </div>
      <details>
        <summary>{t('table')}</summary>
        {table}
      </details>
    </figure>
  );
}

function Amounts({ list }: { list: DashboardAmount[] }) {
  const { t } = useTranslation('dashboard');
  if (list.length === 0) return <>{t('revenue.none')}</>;
  return (
    <Space orientation="vertical" size={0}>
      {list.map((a) => (
        <span key={a.currency}>{formatAmount(a)}</span>
      ))}
    </Space>
  );
}

function RevenueChart({ data, currency }: { data: AdminDashboard; currency: string }) {
  const { t } = useTranslation('dashboard');
  const rows = data.revenue.days.map((day) => ({
    date: day.date,
    amount: day.amounts.find((a) => a.currency === currency)?.amount ?? 0,
  }));
  const total = rows.reduce((s, r) => s + r.amount, 0);
  const best = rows.reduce((m, r) => (r.amount > m.amount ? r : m), rows[0] ?? { date: '', amount: 0 });
  const money = (amount: number) => formatAmount({ currency, amount });
  const first = rows[0]?.date ?? data.today;
  return (
    <Figure
      caption={t('revenue.chart', { currency })}
      summary={t('revenue.summary', {
        total: money(total),
        from: shortDate(first),
        to: shortDate(data.today),
        max: money(best.amount),
        maxDate: best.date ? shortDate(best.date) : '—',
      })}
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 560, height: 240 }}>
          <BarChart
            data={rows.map((r) => ({ day: shortDate(r.date), value: major({ currency, amount: r.amount }) }))}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" interval={4} />
            <YAxis />
            <Tooltip formatter={(v) => money(Math.round(Number(v) * 10 ** minorDigits(currency)))} />
            <Bar dataKey="value" name={currency} fill="#13285f" />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <Table
          size="small"
          pagination={false}
          rowKey="date"
          dataSource={rows}
          columns={[
            { title: t('revenue.date'), dataIndex: 'date' },
            {
              title: t('revenue.amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (v: number) => money(v),
            },
          ]}
        />
      }
    />
  );
}

function LoadChart({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('dashboard');
  const days = data.load.days;
  return (
    <Figure
      caption={t('load.chart')}
      summary={t('load.summary', {
        from: shortDate(days[0]?.date ?? data.today),
        to: shortDate(days[days.length - 1]?.date ?? data.today),
        flights: data.load.overall.flights,
        factor: formatShare(data.load.overall.factor),
      })}
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 560, height: 240 }}>
          <BarChart
            data={days.map((d) => ({
              day: shortDate(d.date),
              value: d.factor === null ? 0 : d.factor * 100,
            }))}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" />
            <YAxis domain={[0, 100]} unit="%" />
            <Tooltip formatter={(v) => formatShare(Number(v) / 100)} />
            <Bar dataKey="value" name={t('load.factor')} fill="#2a4a9b" />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <Table
          size="small"
          pagination={false}
          rowKey="date"
          dataSource={days}
          columns={[
            { title: t('load.date'), dataIndex: 'date' },
            { title: t('load.flights'), dataIndex: 'flights', align: 'right' },
            { title: t('load.sold'), dataIndex: 'sold', align: 'right' },
            { title: t('load.capacity'), dataIndex: 'capacity', align: 'right' },
            {
              title: t('load.factor'),
              dataIndex: 'factor',
              align: 'right',
              render: (v: number | null) => formatShare(v),
            },
          ]}
        />
      }
    />
  );
}

function SuccessRate({ title, rate }: { title: string; rate: DashboardSuccessRate }) {
  const { t } = useTranslation('dashboard');
  return (
    <div>
      <Statistic title={title} value={formatShare(rate.rate)} />
      <Typography.Text type="secondary">
        {rate.attempts === 0 ? t('success.noAttempts') : t('success.detail', rate)}
      </Typography.Text>
    </div>
  );
}

function RefundQueue({ title, queue }: { title: string; queue: DashboardRefundQueue }) {
  const { t } = useTranslation('dashboard');
  const age = useAge();
  return (
    <div>
      <Statistic title={title} value={queue.count} />
      <Typography.Text type="secondary">
        {queue.oldestAgeMinutes === null
          ? t('refunds.none')
          : t('refunds.oldest', { age: age(queue.oldestAgeMinutes) })}
      </Typography.Text>
    </div>
  );
}

/** A card of two figures side by side (today and this month, 7 and 30 days, failed and pending). */
function FigurePair({ title, first, second }: { title: string; first: ReactNode; second: ReactNode }) {
  return (
    <Card title={title}>
      <Row gutter={16}>
        <Col span={12}>{first}</Col>
        <Col span={12}>{second}</Col>
      </Row>
    </Card>
  );
}

/** The staff dashboard: the day's and the month's figures, and their charts. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const query = useAdminQuery<AdminDashboard>('/dashboard');
  const data = query.data;
  const currencies = data
    ? [...new Set(data.revenue.days.flatMap((d) => d.amounts.map((a) => a.currency)))].sort()
    : [];
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <PageHeader
        title={t('title')}
        action={
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('refresh')}
          </Button>
        }
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <Skeleton active /> : null}
      {data ? (
        <>
          <Typography.Text type="secondary">
            {t('asOf', { time: formatInstant(data.asOf), zone: data.timeZone })}
          </Typography.Text>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={8}>
              <FigurePair
                title={t('bookings.title')}
                first={<Statistic title={t('bookings.today')} value={data.bookings.today} />}
                second={<Statistic title={t('bookings.month')} value={data.bookings.month} />}
              />
            </Col>
            <Col xs={24} lg={8}>
              <FigurePair
                title={t('revenue.title')}
                first={
                  <Statistic
                    title={t('revenue.today')}
                    valueRender={() => <Amounts list={data.revenue.today} />}
                  />
                }
                second={
                  <Statistic
                    title={t('revenue.month')}
                    valueRender={() => <Amounts list={data.revenue.month} />}
                  />
                }
              />
            </Col>
            <Col xs={24} lg={8}>
              <FigurePair
                title={t('success.title')}
                first={<SuccessRate title={t('success.last7')} rate={data.paymentSuccess.last7Days} />}
                second={<SuccessRate title={t('success.last30')} rate={data.paymentSuccess.last30Days} />}
              />
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('load.title')}>
                <Statistic title={t('load.overall')} value={formatShare(data.load.overall.factor)} />
                <Typography.Text type="secondary">{t('load.detail', data.load.overall)}</Typography.Text>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <FigurePair
                title={t('refunds.title')}
                first={<RefundQueue title={t('refunds.failed')} queue={data.refundsWaiting.failed} />}
                second={<RefundQueue title={t('refunds.pending')} queue={data.refundsWaiting.pending} />}
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            {currencies.length === 0 ? (
              <Col span={24}>
                <Card>
                  <Typography.Text>{t('revenue.noneInWindow')}</Typography.Text>
                </Card>
              </Col>
            ) : (
              currencies.map((currency) => (
                <Col key={currency} xs={24} xl={12}>
                  <Card>
                    <RevenueChart data={data} currency={currency} />
                  </Card>
                </Col>
              ))
            )}
            <Col xs={24} xl={12}>
              <Card>
                <LoadChart data={data} />
              </Card>
            </Col>
          </Row>
        </>
      ) : null}
    </Space>
  );
}
