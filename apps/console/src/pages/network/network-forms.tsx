import type { ApiError } from '@wings/api-client';
import type {
  AdminAircraft,
  AdminAirport,
  AdminAirportCreate,
  AdminRoute,
  AdminRouteCreate,
  AdminRouteUpdate,
  AdminSchedule,
  AdminScheduleCreate,
  AdminScheduleEnd,
  AdminScheduleResult,
} from '@wings/contracts';
import { estimateBlockMinutes, greatCircleKm } from '@wings/rules';
import { App, Checkbox, Form, type FormInstance, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { FormModal } from '../../components/form-modal';
import { ruleMessage } from '../../lib/rule-message';

const LANGS = ['zh', 'en', 'km'] as const;
/** What the network changes invalidate: the lists here, the flights (a schedule makes some) and the audit log. */
const INVALIDATES = ['/network', '/flights', '/audit'];

/**
 * Puts a refused change's messages on their fields (`name.km` is the field ['name', 'km']); a
 * refusal naming no field of the form goes on `fallback`.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's values; the names come from the server.
function showRefusal(form: FormInstance<any>, error: ApiError, fallback: string) {
  const known = new Set(
    Object.keys(form.getFieldsValue(true) as Record<string, unknown>).map((k) => k.split('.')[0]),
  );
  const fields =
    error.fields.length > 0
      ? error.fields.map((f) => ({
          name: known.has(f.field.split('.')[0] ?? '') ? f.field.split('.') : [fallback],
          errors: [f.message || ruleMessage(f)],
        }))
      : [{ name: [fallback], errors: [error.message] }];
  form.setFields(fields);
}

/** The reason a network change may carry (optional), kept in the audit row. */
function ReasonField() {
  const { t } = useTranslation('network');
  return (
    <Form.Item name="reason" label={t('network.reasonOptional')}>
      <Input.TextArea rows={2} maxLength={500} />
    </Form.Item>
  );
}

/** Three inputs of one text, in zh, en and km. */
function ThreeLanguages({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('network');
  return (
    <>
      {LANGS.map((lang) => (
        <Form.Item
          key={lang}
          name={[name, lang]}
          label={t(label, { lang: t(`network.${lang}`) })}
          rules={[{ required: true, whitespace: true, message: t('shell:common.required') }]}
        >
          <Input maxLength={120} />
        </Form.Item>
      ))}
    </>
  );
}

type AirportValues = Omit<AdminAirportCreate, 'reason'> & { reason?: string };

/** Adds an airport, or edits one (`airport`): its code and country code stay; its hub flag is never the form's. */
export function AirportDialog({ airport, onClose }: { airport: AdminAirport | null; onClose: () => void }) {
  const { t } = useTranslation('network');
  const { message } = App.useApp();
  const [form] = Form.useForm<AirportValues>();
  const save = useAdminMutation<AirportValues, AdminAirport>(
    airport ? `/network/airports/${airport.code}` : '/network/airports',
    {
      method: airport ? 'PUT' : 'POST',
      invalidates: INVALIDATES,
      toBody: (v) => {
        const body = {
          name: v.name,
          city: v.city,
          countryName: v.countryName,
          timeZone: v.timeZone.trim(),
          latitude: v.latitude,
          longitude: v.longitude,
          ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
        };
        return airport
          ? body
          : { ...body, code: v.code.trim().toUpperCase(), country: v.country.trim().toUpperCase() };
      },
      onError: (error) => showRefusal(form, error, airport ? 'name' : 'code'),
      onSuccess: (saved) => {
        void message.success(t('network.airport.saved', { code: saved.code }));
        onClose();
      },
    },
  );
  return (
    <FormModal
      title={airport ? t('network.airport.editTitle', { code: airport.code }) : t('network.airport.add')}
      form={form}
      onClose={onClose}
      saving={save.isPending}
      width={640}
    >
      <Form<AirportValues>
        form={form}
        layout="vertical"
        initialValues={
          airport
            ? {
                code: airport.code,
                name: airport.name,
                city: airport.city,
                country: airport.country,
                countryName: airport.countryName,
                timeZone: airport.timeZone,
                latitude: airport.latitude,
                longitude: airport.longitude,
              }
            : { timeZone: 'Asia/Phnom_Penh' }
        }
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="code"
          label={t('network.airport.code')}
          extra={t('network.airport.codeHint')}
          rules={[{ required: true, pattern: /^[A-Za-z]{3}$/, message: t('network.airport.codeHint') }]}
        >
          <Input maxLength={3} disabled={airport !== null} style={{ width: 120 }} />
        </Form.Item>
        <ThreeLanguages name="name" label="network.airport.name" />
        <ThreeLanguages name="city" label="network.airport.city" />
        <Form.Item
          name="country"
          label={t('network.airport.country')}
          extra={t('network.airport.countryHint')}
          rules={[{ required: true, pattern: /^[A-Za-z]{2}$/, message: t('network.airport.countryHint') }]}
        >
          <Input maxLength={2} disabled={airport !== null} style={{ width: 120 }} />
        </Form.Item>
        <ThreeLanguages name="countryName" label="network.airport.countryName" />
        <Form.Item
          name="timeZone"
          label={t('network.airport.zone')}
          extra={t('network.airport.zoneHint')}
          rules={[
            { required: true, whitespace: true, message: t('shell:common.required') },
            {
              validator: async (_, value: string | undefined) => {
                if (!value?.trim()) return;
                try {
                  new Intl.DateTimeFormat('en', { timeZone: value.trim() });
                } catch {
                  throw new Error(t('network.airport.zoneUnknown'));
                }
              },
            },
          ]}
        >
          <Input style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="latitude" label={t('network.airport.latitude')} rules={[{ required: true }]}>
          <InputNumber min={-90} max={90} step={0.0001} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="longitude" label={t('network.airport.longitude')} rules={[{ required: true }]}>
          <InputNumber min={-180} max={180} step={0.0001} style={{ width: 180 }} />
        </Form.Item>
        <ReasonField />
      </Form>
    </FormModal>
  );
}

type RouteValues = {
  origin?: string;
  destination?: string;
  distanceKm?: number;
  blockMinutes?: number;
  addReverse: boolean;
  reason?: string;
};

/** The great circle between two airports of the list, whole km; null until both are chosen. */
function distanceOf(airports: AdminAirport[], origin?: string, destination?: string): number | null {
  const a = airports.find((x) => x.code === origin);
  const b = airports.find((x) => x.code === destination);
  if (!a || !b || a.code === b.code) return null;
  return Math.max(1, Math.round(greatCircleKm(a.latitude, a.longitude, b.latitude, b.longitude)));
}

/**
 * Adds a directed route between two airports: the distance is the great circle (editable), the
 * block time estimated from it, the currency the origin's; the way back may be added at once.
 */
export function RouteDialog({
  airports,
  routes,
  onClose,
}: {
  airports: AdminAirport[];
  routes: AdminRoute[];
  onClose: () => void;
}) {
  const { t } = useTranslation('network');
  const { message } = App.useApp();
  const [form] = Form.useForm<RouteValues>();
  const origin = Form.useWatch('origin', form);
  const destination = Form.useWatch('destination', form);
  const km = distanceOf(airports, origin, destination);
  const reverse = origin && destination ? `${destination}-${origin}` : null;
  const reverseExists = reverse !== null && routes.some((r) => r.code === reverse);
  const originCountry = airports.find((a) => a.code === origin)?.country;
  const save = useAdminMutation<RouteValues, { list: AdminRoute[] }>('/network/routes', {
    invalidates: INVALIDATES,
    toBody: (v): AdminRouteCreate => ({
      origin: v.origin ?? '',
      destination: v.destination ?? '',
      ...(v.distanceKm ? { distanceKm: v.distanceKm } : {}),
      blockMinutes: v.blockMinutes ?? 0,
      addReverse: Boolean(v.addReverse) && !reverseExists,
      ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
    }),
    onError: (error) => showRefusal(form, error, 'destination'),
    onSuccess: (made) => {
      void message.success(t('network.route.saved', { codes: made.list.map((r) => r.code).join(', ') }));
      onClose();
    },
  });
  const options = airports.map((a) => ({ value: a.code, label: `${a.code} · ${a.city.en}` }));
  return (
    <FormModal title={t('network.route.add')} form={form} onClose={onClose} saving={save.isPending}>
      <Form<RouteValues>
        form={form}
        layout="vertical"
        initialValues={{ addReverse: true }}
        onValuesChange={(changed: Partial<RouteValues>, all) => {
          if (!('origin' in changed) && !('destination' in changed)) return;
          const d = distanceOf(airports, all.origin, all.destination);
          if (d === null) return;
          form.setFieldsValue({ distanceKm: d });
          if (!form.isFieldTouched('blockMinutes'))
            form.setFieldsValue({ blockMinutes: estimateBlockMinutes(d) });
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="origin" label={t('network.route.origin')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={options} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="destination" label={t('network.route.destination')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={options} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item
          name="distanceKm"
          label={t('network.route.distance')}
          extra={km !== null ? t('network.route.distanceHint', { km }) : undefined}
          rules={[{ required: true, type: 'integer', min: 1 }]}
        >
          <InputNumber min={1} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="blockMinutes"
          label={t('network.route.block')}
          rules={[{ required: true, type: 'integer', min: 10, max: 1440 }]}
        >
          <InputNumber min={10} max={1440} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {originCountry ? (
          <Typography.Paragraph type="secondary">
            {t('network.route.currencyNote', { currency: originCountry === 'CN' ? 'CNY' : 'USD' })}
          </Typography.Paragraph>
        ) : null}
        {reverse && reverseExists ? (
          <Typography.Paragraph type="secondary">
            {t('network.route.reverseExists', { code: reverse })}
          </Typography.Paragraph>
        ) : (
          <Form.Item name="addReverse" valuePropName="checked">
            <Checkbox>{t('network.route.addReverse', { code: reverse ?? '…' })}</Checkbox>
          </Form.Item>
        )}
        <ReasonField />
      </Form>
    </FormModal>
  );
}

/** A route's distance and block time. */
export function RouteEditDialog({ route, onClose }: { route: AdminRoute; onClose: () => void }) {
  const { t } = useTranslation('network');
  const { message } = App.useApp();
  const [form] = Form.useForm<AdminRouteUpdate>();
  const save = useAdminMutation<AdminRouteUpdate, AdminRoute>(`/network/routes/${route.code}`, {
    method: 'PUT',
    invalidates: INVALIDATES,
    toBody: (v) => ({
      distanceKm: v.distanceKm,
      blockMinutes: v.blockMinutes,
      ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
    }),
    onError: (error) => showRefusal(form, error, 'distanceKm'),
    onSuccess: () => {
      void message.success(t('network.route.updated', { code: route.code }));
      onClose();
    },
  });
  return (
    <FormModal
      title={t('network.route.editTitle', { code: route.code })}
      form={form}
      onClose={onClose}
      saving={save.isPending}
    >
      <Form<AdminRouteUpdate>
        form={form}
        layout="vertical"
        initialValues={{ distanceKm: route.distanceKm, blockMinutes: route.blockMinutes }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="distanceKm"
          label={t('network.route.distance')}
          rules={[{ required: true, type: 'integer', min: 1 }]}
        >
          <InputNumber min={1} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="blockMinutes"
          label={t('network.route.block')}
          rules={[{ required: true, type: 'integer', min: 10, max: 1440 }]}
        >
          <InputNumber min={10} max={1440} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <ReasonField />
      </Form>
    </FormModal>
  );
}

type ScheduleValues = Omit<AdminScheduleCreate, 'validTo'> & { validTo?: string };

/**
 * A new weekly schedule line: its dated flights are made at once. The block time starts as the
 * route's; the aircraft types are the network's.
 */
export function ScheduleDialog({ routes, onClose }: { routes: AdminRoute[]; onClose: () => void }) {
  const { t } = useTranslation('network');
  const { message } = App.useApp();
  const [form] = Form.useForm<ScheduleValues>();
  const aircraft = useAdminQuery<{ list: AdminAircraft[] }>('/network/aircraft');
  const dayNames = t('network.dayNames', { returnObjects: true }) as string[];
  const save = useAdminMutation<ScheduleValues, AdminScheduleResult>('/network/schedules', {
    invalidates: INVALIDATES,
    toBody: (v): AdminScheduleCreate => ({
      flightNo: v.flightNo.trim().toUpperCase(),
      routeCode: v.routeCode,
      daysOfWeek: v.daysOfWeek,
      depLocalTime: v.depLocalTime,
      ...(v.blockMinutes ? { blockMinutes: v.blockMinutes } : {}),
      aircraftCode: v.aircraftCode,
      validFrom: v.validFrom,
      validTo: v.validTo ? v.validTo : null,
      ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}),
    }),
    onError: (error) => showRefusal(form, error, 'flightNo'),
    onSuccess: (result) => {
      void message.success(
        t('network.schedule.saved', { flightNo: result.schedule.flightNo, count: result.flightsCreated }),
      );
      onClose();
    },
  });
  return (
    <FormModal
      title={t('network.schedule.add')}
      form={form}
      onClose={onClose}
      saving={save.isPending}
      width={600}
    >
      <Form<ScheduleValues>
        form={form}
        layout="vertical"
        initialValues={{ daysOfWeek: [1, 2, 3, 4, 5, 6, 7], depLocalTime: '08:00' }}
        onValuesChange={(changed: Partial<ScheduleValues>) => {
          if (!changed.routeCode) return;
          const route = routes.find((r) => r.code === changed.routeCode);
          if (route) form.setFieldsValue({ blockMinutes: route.blockMinutes });
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="flightNo"
          label={t('network.schedule.flightNo')}
          extra={t('network.schedule.flightNoHint')}
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z0-9]{2}\d{1,4}$/,
              message: t('network.schedule.flightNoHint'),
            },
          ]}
        >
          <Input maxLength={6} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="routeCode" label={t('network.schedule.route')} rules={[{ required: true }]}>
          <Select
            showSearch
            options={routes.map((r) => ({ value: r.code, label: r.code }))}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item
          name="daysOfWeek"
          label={t('network.schedule.days')}
          // A validator, not `required`: antd would put aria-required on the group's div, which axe refuses.
          rules={[
            {
              validator: async (_, days: number[] | undefined) => {
                if (!days || days.length === 0) throw new Error(t('network.schedule.daysRequired'));
              },
            },
          ]}
        >
          <Checkbox.Group options={dayNames.map((name, i) => ({ value: i + 1, label: name }))} />
        </Form.Item>
        <Form.Item name="depLocalTime" label={t('network.schedule.time')} rules={[{ required: true }]}>
          <Input type="time" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="blockMinutes"
          label={t('network.schedule.block')}
          extra={t('network.schedule.blockHint')}
          rules={[{ type: 'integer', min: 10, max: 1440 }]}
        >
          <InputNumber min={10} max={1440} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="aircraftCode" label={t('network.schedule.aircraft')} rules={[{ required: true }]}>
          <Select
            loading={aircraft.isFetching}
            options={(aircraft.data?.list ?? []).map((a) => ({
              value: a.code,
              label: `${a.code} · ${a.name} (${a.capacityC}C/${a.capacityY}Y)`,
            }))}
            style={{ width: 280 }}
          />
        </Form.Item>
        <Form.Item name="validFrom" label={t('network.schedule.validFrom')} rules={[{ required: true }]}>
          <Input type="date" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="validTo"
          label={t('network.schedule.validTo')}
          extra={t('network.schedule.validToHint')}
        >
          <Input type="date" style={{ width: 180 }} />
        </Form.Item>
        <ReasonField />
      </Form>
    </FormModal>
  );
}

/** Ends a schedule line on a date; what it did comes back to the page (`onEnded`). */
export function EndScheduleDialog({
  schedule,
  onClose,
  onEnded,
}: {
  schedule: AdminSchedule;
  onClose: () => void;
  onEnded: (result: AdminScheduleResult) => void;
}) {
  const { t } = useTranslation('network');
  const { message } = App.useApp();
  const [form] = Form.useForm<AdminScheduleEnd>();
  const save = useAdminMutation<AdminScheduleEnd, AdminScheduleResult>(
    `/network/schedules/${schedule.id}/end`,
    {
      invalidates: INVALIDATES,
      toBody: (v) => ({ validTo: v.validTo, ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}) }),
      onError: (error) => showRefusal(form, error, 'validTo'),
      onSuccess: (result) => {
        void message.success(t('network.endSchedule.done', { count: result.flightsCancelled }));
        onEnded(result);
        onClose();
      },
    },
  );
  return (
    <FormModal
      title={t('network.endSchedule.title', { flightNo: schedule.flightNo, route: schedule.routeCode })}
      okText={t('network.endSchedule.confirm')}
      okButtonProps={{ danger: true }}
      form={form}
      onClose={onClose}
      saving={save.isPending}
    >
      <Typography.Paragraph>{t('network.endSchedule.note')}</Typography.Paragraph>
      <Form<AdminScheduleEnd>
        form={form}
        layout="vertical"
        initialValues={{ validTo: schedule.validTo ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="validTo" label={t('network.endSchedule.validTo')} rules={[{ required: true }]}>
          <Input type="date" style={{ width: 180 }} />
        </Form.Item>
        <ReasonField />
      </Form>
    </FormModal>
  );
}
