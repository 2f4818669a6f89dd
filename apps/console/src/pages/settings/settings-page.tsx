import {
  type AdminSettings,
  type AdminSettingsUpdate,
  type CustomerService,
  SERVICE_DAYS,
  type ServiceDay,
} from '@wings/contracts';
import { customerServiceIssues, normalizeCustomerService } from '@wings/rules';
import { App, Button, Card, Form, type FormInstance, Input, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { useSignedInMember } from '../../app/session';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatInstant } from '../../lib/format';
import { ruleMessage } from '../../lib/rule-message';

/** A day in the form: open or closed, and its hours (kept while closed, so a switch back restores them). */
interface DayForm {
  isOpen: boolean;
  open: string;
  close: string;
}

interface SettingsForm {
  customerService: { phone: string; email: string } & Record<ServiceDay, DayForm>;
}

/** Hours shown for a day that was closed, when it is switched open. */
const OPEN_DAY = { open: '09:00', close: '17:00' };

function toForm(cs: CustomerService): SettingsForm {
  const day = (h: CustomerService[ServiceDay]): DayForm =>
    h ? { isOpen: true, ...h } : { isOpen: false, ...OPEN_DAY };
  return {
    customerService: {
      phone: cs.phone ?? '',
      email: cs.email ?? '',
      weekdays: day(cs.weekdays),
      saturday: day(cs.saturday),
      sunday: day(cs.sunday),
    },
  };
}

function fromForm(values: SettingsForm): CustomerService {
  const cs = values.customerService;
  const day = (d: DayForm) => (d.isOpen ? { open: d.open ?? '', close: d.close ?? '' } : null);
  return normalizeCustomerService({
    phone: cs.phone ?? '',
    email: cs.email ?? '',
    weekdays: day(cs.weekdays),
    saturday: day(cs.saturday),
    sunday: day(cs.sunday),
  });
}

type FieldName = Parameters<FormInstance<SettingsForm>['setFields']>[0][number]['name'];

/**
 * A field's place in the form from the API's name for it (`customerService.weekdays.close`): the
 * form's names are the API's paths, so the split is one of them (the cast says so to antd).
 */
const fieldName = (field: string) => field.split('.') as FieldName;

/** One day's row: open or closed, and from when to when (hub time). */
function DayRow({ day, readOnly }: { day: ServiceDay; readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const isOpen = Form.useWatch(['customerService', day, 'isOpen']) as boolean | undefined;
  return (
    <Space wrap align="start" size="middle" data-testid={`day-${day}`}>
      <Typography.Text strong style={{ display: 'inline-block', minWidth: 140, paddingTop: 5 }}>
        {t(`days.${day}`)}
      </Typography.Text>
      <Form.Item name={['customerService', day, 'isOpen']} valuePropName="checked" noStyle>
        <Switch
          disabled={readOnly}
          checkedChildren={t('open')}
          unCheckedChildren={t('closed')}
          aria-label={`${t(`days.${day}`)}: ${t('open')}`}
          style={{ marginTop: 5 }}
        />
      </Form.Item>
      {isOpen && (
        <>
          <Form.Item name={['customerService', day, 'open']} label={t('opens')} style={{ marginBottom: 0 }}>
            <Input
              disabled={readOnly}
              placeholder="HH:MM"
              maxLength={5}
              style={{ width: 90 }}
              aria-label={`${t(`days.${day}`)}: ${t('opens')}`}
            />
          </Form.Item>
          <Form.Item name={['customerService', day, 'close']} label={t('closes')} style={{ marginBottom: 0 }}>
            <Input
              disabled={readOnly}
              placeholder="HH:MM"
              maxLength={5}
              style={{ width: 90 }}
              aria-label={`${t(`days.${day}`)}: ${t('closes')}`}
            />
          </Form.Item>
        </>
      )}
    </Space>
  );
}

/**
 * The airline's settings (issue 13): the customer-service contact the traveller app, e-mails and
 * itinerary show. Admins save it (an audit row per change); auditors see the same form, read-only.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const me = useSignedInMember();
  const { message } = App.useApp();
  const canChange = me.roles.includes('admin');
  const settings = useAdminQuery<AdminSettings>('/settings');
  const [form] = Form.useForm<SettingsForm>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(toForm(settings.data.customerService));
  }, [settings.data, form]);

  const save = useAdminMutation<AdminSettingsUpdate, AdminSettings>('/settings', {
    method: 'PUT',
    invalidates: ['/settings', '/audit'],
    onSuccess: () => void message.success(t('shell:common.saved')),
    onError: (error) => {
      if (error.fields.length > 0) {
        form.setFields(error.fields.map((f) => ({ name: fieldName(f.field), errors: [ruleMessage(f)] })));
      } else void message.error(error.message);
    },
  });

  const submit = (values: SettingsForm) => {
    const customerService = fromForm(values);
    // The server's own rules, checked here first so each field shows its problem at once.
    const issues = customerServiceIssues(customerService);
    if (issues.length > 0) {
      form.setFields(issues.map((i) => ({ name: fieldName(i.field), errors: [ruleMessage(i)] })));
      return;
    }
    save.mutate({ customerService });
  };

  const data = settings.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader title={t('title')} />
      {!canChange && <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>}
      {settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Card title={t('customerService')} loading={settings.isPending} style={{ maxWidth: 760 }}>
          <Typography.Paragraph type="secondary">{t('customerServiceHelp')}</Typography.Paragraph>
          <Form<SettingsForm> form={form} layout="vertical" onFinish={submit} disabled={!canChange}>
            <Form.Item
              name={['customerService', 'phone']}
              label={t('phone')}
              extra={t('phoneHelp')}
              rules={[{ max: 40 }]}
            >
              <Input placeholder="+855 23 999 888" autoComplete="off" inputMode="tel" />
            </Form.Item>
            <Form.Item
              name={['customerService', 'email']}
              label={t('email')}
              extra={t('emailHelp')}
              rules={[{ max: 254 }]}
            >
              <Input type="email" autoComplete="off" />
            </Form.Item>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('hours')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" data-testid="zone-note">
              {t('zoneNote')}
            </Typography.Paragraph>
            <Space orientation="vertical" size="middle" style={{ width: '100%', marginBottom: 16 }}>
              {SERVICE_DAYS.map((day) => (
                <DayRow key={day} day={day} readOnly={!canChange} />
              ))}
            </Space>
            {canChange && (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('shell:common.save')}
              </Button>
            )}
          </Form>
          {data && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
              {data.updatedAt
                ? t('lastChange', { at: formatInstant(data.updatedAt), who: data.updatedBy ?? '-' })
                : t('neverSaved')}
            </Typography.Paragraph>
          )}
        </Card>
      )}
    </Space>
  );
}
