import type {
  AdminCabinLoad,
  AdminClassLoad,
  AdminFlightChangeResult,
  AdminFlightDetail,
} from '@wings/contracts';
import { utcOffsetMinutes } from '@wings/rules';
import { App, Button, Card, Descriptions, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { useSignedInMember } from '../../app/session';
import { FormModal } from '../../components/form-modal';
import { QueryError } from '../../components/query-error';
import { DisruptionLink } from '../changes/order-changes';
import { AirportTime, FlightStatusTags, LoadBar, wallClock } from './flight-parts';

/** The reason every change asks for: 3 to 500 characters, kept in the audit log. */
function ReasonField({ required = true }: { required?: boolean }) {
  const { t } = useTranslation('network');
  return (
    <Form.Item
      name="reason"
      label={t('reason')}
      extra={t('reasonHint')}
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            const text = value?.trim() ?? '';
            if (!required && text === '') return;
            if (text.length < 3) throw new Error(t('reasonRequired'));
          },
        },
      ]}
    >
      <Input.TextArea rows={2} maxLength={500} />
    </Form.Item>
  );
}

type Dialog =
  | { kind: 'limit'; cabin: AdminCabinLoad; cls: AdminClassLoad }
  | { kind: 'retime' }
  | { kind: 'cancel' }
  | { kind: 'depart' }
  | null;

/** A dated flight: its times in each airport's zone, its load per cabin and class, and an admin's changes. */
export default function FlightPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('network');
  const member = useSignedInMember();
  const isAdmin = member.roles.includes('admin');
  const flight = useAdminQuery<AdminFlightDetail>(`/flights/${id}`);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (flight.isError) return <QueryError error={flight.error} onRetry={() => void flight.refetch()} />;
  const f = flight.data;
  if (!f) return <Card loading />;
  const scheduled = f.status === 'scheduled';

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/flights">← {t('flight.back')}</Link>
      <Space align="center" wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('flight.title', { flightNo: f.flightNo, date: f.depLocalDate })}{' '}
          <FlightStatusTags status={f.status} retimed={f.retimed} />
        </Typography.Title>
        {isAdmin && scheduled ? (
          <Space>
            <Button onClick={() => setDialog({ kind: 'retime' })}>{t('actions.retime')}</Button>
            <Button onClick={() => setDialog({ kind: 'depart' })}>{t('actions.depart')}</Button>
            <Button danger onClick={() => setDialog({ kind: 'cancel' })}>
              {t('actions.cancel')}
            </Button>
          </Space>
        ) : null}
      </Space>
      {f.retimed || f.status === 'cancelled' ? <DisruptionLink flightId={f.id} /> : null}
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('flight.route')}>{f.routeCode}</Descriptions.Item>
        <Descriptions.Item label={t('flight.aircraft')}>{f.aircraftCode}</Descriptions.Item>
        <Descriptions.Item label={t('flight.departs')}>
          <AirportTime iso={f.depUtc} zone={f.originZone} />
        </Descriptions.Item>
        <Descriptions.Item label={t('flight.arrives')}>
          <AirportTime iso={f.arrUtc} zone={f.destinationZone} />
        </Descriptions.Item>
        {f.retimed ? (
          <Descriptions.Item label={t('flight.published')} span={2}>
            {wallClock(f.originalDepUtc, f.originZone).replace('T', ' ')} –{' '}
            {wallClock(f.originalArrUtc, f.destinationZone).replace('T', ' ')}
          </Descriptions.Item>
        ) : null}
        {f.departedAt !== null ? (
          <Descriptions.Item label={t('flight.departedAt')} span={2}>
            <AirportTime iso={f.departedAt} zone={f.originZone} />
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('flight.orders')} span={2}>
          {t('flight.ordersValue', f.orders)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('flight.legend')}</Typography.Text>
      {f.cabins.map((cabin) => (
        <Card
          key={cabin.cabin}
          title={
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {t(`flight.cabin.${cabin.cabin}`)}
            </Typography.Title>
          }
          extra={
            <Space>
              <span>
                {t('flight.cabinSummary', {
                  capacity: cabin.capacity,
                  sold: cabin.sold,
                  held: cabin.held,
                  infants: cabin.infantSold,
                  infantCapacity: cabin.infantCapacity,
                })}
              </span>
              <LoadBar sold={cabin.sold} held={cabin.held} total={cabin.capacity} />
            </Space>
          }
        >
          <Table<AdminClassLoad>
            rowKey="bookingClass"
            size="small"
            pagination={false}
            dataSource={cabin.classes}
            columns={[
              { title: t('flight.columns.class'), dataIndex: 'bookingClass', width: 80 },
              { title: t('flight.columns.limit'), dataIndex: 'authorisedLimit', align: 'right' },
              { title: t('flight.columns.sold'), dataIndex: 'sold', align: 'right' },
              { title: t('flight.columns.held'), dataIndex: 'held', align: 'right' },
              { title: t('flight.columns.external'), dataIndex: 'externalSold', align: 'right' },
              { title: t('flight.columns.left'), dataIndex: 'seatsLeft', align: 'right' },
              {
                title: t('flight.columns.load'),
                key: 'load',
                render: (_: unknown, cls) => (
                  <LoadBar sold={cls.sold} held={cls.held} total={cls.authorisedLimit} />
                ),
              },
              ...(isAdmin
                ? [
                    {
                      title: t('actions.title'),
                      key: 'actions',
                      render: (_: unknown, cls: AdminClassLoad) => (
                        <Button
                          size="small"
                          aria-label={`${t('flight.editLimit')} ${cls.bookingClass}`}
                          onClick={() => setDialog({ kind: 'limit', cabin, cls })}
                        >
                          {t('flight.editLimit')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      ))}
      {dialog?.kind === 'limit' ? (
        <LimitDialog flight={f} cabin={dialog.cabin} cls={dialog.cls} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'retime' ? <RetimeDialog flight={f} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'cancel' || dialog?.kind === 'depart' ? (
        <ConfirmDialog flight={f} kind={dialog.kind} onClose={() => setDialog(null)} />
      ) : null}
    </Space>
  );
}

/** Changes one class's authorised limit, with a reason; the server's refusal shows by the field. */
function LimitDialog({
  flight,
  cabin,
  cls,
  onClose,
}: {
  flight: AdminFlightDetail;
  cabin: AdminCabinLoad;
  cls: AdminClassLoad;
  onClose: () => void;
}) {
  const { t } = useTranslation('network');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ authorisedLimit: number; reason: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAdminMutation<{ authorisedLimit: number; reason: string }, AdminFlightDetail>(
    `/flights/${flight.id}/classes/${cls.bookingClass}/limit`,
    {
      method: 'PUT',
      invalidates: ['/flights'],
      onError: (error) => setProblem(error.message),
      onSuccess: (_, vars) => {
        void message.success(t('limit.done', { class: cls.bookingClass, limit: vars.authorisedLimit }));
        onClose();
      },
    },
  );
  const taken = cls.sold + cls.held;
  return (
    <FormModal
      title={t('limit.title', { class: cls.bookingClass })}
      form={form}
      onClose={onClose}
      saving={save.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ authorisedLimit: cls.authorisedLimit, reason: '' }}
        onFinish={(values) => {
          setProblem(null);
          save.mutate({ authorisedLimit: values.authorisedLimit, reason: values.reason.trim() });
        }}
      >
        <Form.Item
          name="authorisedLimit"
          label={t('limit.value')}
          extra={t('limit.range', { taken, capacity: cabin.capacity, cabin: cabin.cabin })}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
          rules={[{ required: true, type: 'integer', min: 0 }]}
        >
          <InputNumber min={0} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <ReasonField />
      </Form>
    </FormModal>
  );
}

/** New departure and arrival times, typed as each airport's wall clock. */
function RetimeDialog({ flight, onClose }: { flight: AdminFlightDetail; onClose: () => void }) {
  const { t } = useTranslation('network');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ depLocal: string; arrLocal: string; reason: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAdminMutation<
    { depLocal: string; arrLocal: string; reason: string },
    AdminFlightChangeResult
  >(`/flights/${flight.id}/retime`, {
    invalidates: ['/flights'],
    onError: (error) => setProblem(error.message),
    onSuccess: (result) => {
      void message.success(t('retime.done', { orders: result.ordersTold, emails: result.emailsSent }));
      onClose();
    },
  });
  return (
    <FormModal
      title={t('retime.title', { flightNo: flight.flightNo })}
      form={form}
      onClose={onClose}
      saving={save.isPending}
    >
      <Typography.Paragraph type="secondary">{t('retime.note')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          depLocal: wallClock(flight.depUtc, flight.originZone),
          arrLocal: wallClock(flight.arrUtc, flight.destinationZone),
          reason: '',
        }}
        onFinish={(values) => {
          setProblem(null);
          save.mutate({ ...values, reason: values.reason.trim() });
        }}
      >
        <Form.Item
          name="depLocal"
          label={t('retime.departs', { airport: flight.origin, zone: flight.originZone })}
          rules={[{ required: true }]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          name="arrLocal"
          label={t('retime.arrives', { airport: flight.destination, zone: flight.destinationZone })}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
          rules={[{ required: true }]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <ReasonField />
      </Form>
    </FormModal>
  );
}

/**
 * The instant of a wall-clock time (`YYYY-MM-DDTHH:mm`) at an airport, as ISO UTC: the time staff
 * type is the airport's, whatever the console's own zone.
 */
export function instantOfWallClock(local: string, zone: string): string {
  const asUtc = Date.parse(`${local}:00.000Z`);
  // The zone's offset at that moment (twice: the first guess may sit across a change of offset).
  const first = asUtc - utcOffsetMinutes(new Date(asUtc), zone) * 60_000;
  return new Date(asUtc - utcOffsetMinutes(new Date(first), zone) * 60_000).toISOString();
}

/**
 * Cancels the flight or marks it departed, after a confirmation with a reason. A departure may be
 * marked at another time than now (it left earlier, or late): the departure close of its
 * passengers' coupons runs at that time (issue 15).
 */
function ConfirmDialog({
  flight,
  kind,
  onClose,
}: {
  flight: AdminFlightDetail;
  kind: 'cancel' | 'depart';
  onClose: () => void;
}) {
  const { t } = useTranslation('network');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string; departedLocal?: string }>();
  const save = useAdminMutation<
    { reason?: string; departedAt?: string },
    AdminFlightChangeResult | AdminFlightDetail
  >(`/flights/${flight.id}/${kind}`, {
    invalidates: ['/flights'],
    onSuccess: (result) => {
      if (kind === 'cancel' && 'ordersCanceled' in result) {
        void message.success(
          t('cancel.done', { canceled: result.ordersCanceled, emails: result.emailsSent }),
        );
      } else void message.success(t('depart.done'));
      onClose();
    },
  });
  return (
    <FormModal
      title={t(`${kind}.title`, { flightNo: flight.flightNo, date: flight.depLocalDate })}
      okText={t(`${kind}.confirm`)}
      okButtonProps={{ danger: kind === 'cancel' }}
      form={form}
      onClose={onClose}
      saving={save.isPending}
    >
      <Typography.Paragraph>{t(`${kind}.note`)}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ reason: '', departedLocal: '' }}
        onFinish={(values) => {
          const reason = values.reason.trim();
          const local = values.departedLocal?.trim() ?? '';
          save.mutate({
            ...(reason ? { reason } : {}),
            ...(kind === 'depart' && local
              ? { departedAt: instantOfWallClock(local, flight.originZone) }
              : {}),
          });
        }}
      >
        {kind === 'depart' ? (
          <Form.Item
            name="departedLocal"
            label={t('depart.at', { airport: flight.origin, zone: flight.originZone })}
            extra={t('depart.atHint')}
          >
            <Input type="datetime-local" data-testid="depart-at" />
          </Form.Item>
        ) : null}
        <ReasonField required={kind === 'cancel'} />
      </Form>
    </FormModal>
  );
}
