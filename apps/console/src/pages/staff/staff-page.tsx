import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  LANGUAGE_TAGS,
  type LanguageTag,
  STAFF_ROLES,
  type StaffAccount,
  type StaffRole,
} from '@wings/contracts';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation, useAdminQuery } from '../../api/admin-client';
import { useSignedInMember } from '../../app/session';
import { FormModal } from '../../components/form-modal';
import { ListTable } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { formatInstant } from '../../lib/format';
import { ruleMessage } from '../../lib/rule-message';

interface AccountForm {
  email: string;
  name: string;
  roles: StaffRole[];
  language: LanguageTag;
  active: boolean;
  reason?: string;
}

interface OneTime {
  account: StaffAccount;
  password: string;
}

/** The one-time password of a new or reset account: shown once, with a copy button. */
function OneTimePassword({ value, onClose }: { value: OneTime; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value.password);
      void message.success(t('shell:common.copied'));
    } catch {
      // No clipboard (an insecure origin): the password is on screen to copy by hand.
    }
  };
  return (
    <Modal
      open
      title={t('oneTime.title')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('oneTime.close')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('oneTime.help', { email: value.account.email })}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={value.password}
          data-testid="one-time-password"
          aria-label={t('oneTime.title')}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('shell:common.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}

/** Create (all fields) or edit (no e-mail; active and a reason) an account. */
function AccountModal({
  account,
  onClose,
  onCreated,
}: {
  account: StaffAccount | 'new';
  onClose: () => void;
  onCreated: (value: OneTime) => void;
}) {
  const { t } = useTranslation('staff');
  const [form] = Form.useForm<AccountForm>();
  const isNew = account === 'new';
  const create = useAdminMutation<Omit<AccountForm, 'active' | 'reason'>, OneTime>('/staff', {
    invalidates: ['/staff'],
    onSuccess: (value) => {
      onClose();
      onCreated(value);
    },
    onError: (error) => {
      if (error.fields.length > 0) {
        form.setFields(
          error.fields.map((f) => ({ name: f.field as keyof AccountForm, errors: [ruleMessage(f)] })),
        );
      } else form.setFields([{ name: 'email', errors: [error.message] }]);
    },
  });
  const update = useAdminMutation<AccountForm & { id: string }, StaffAccount>((v) => `/staff/${v.id}`, {
    method: 'PUT',
    invalidates: ['/staff', '/audit'],
    toBody: ({ name, roles, language, active, reason }) => ({
      name,
      roles,
      language,
      active,
      ...(reason?.trim() ? { reason: reason.trim() } : {}),
    }),
    onSuccess: onClose,
  });

  const submit = (values: AccountForm) => {
    if (isNew)
      create.mutate({
        email: values.email,
        name: values.name,
        roles: values.roles,
        language: values.language,
      });
    else update.mutate({ ...values, id: account.id });
  };

  return (
    <FormModal
      title={isNew ? t('form.createTitle') : t('form.editTitle', { name: account.name })}
      form={form}
      onClose={onClose}
      saving={create.isPending || update.isPending}
    >
      <Form<AccountForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          isNew
            ? { roles: ['agent'], language: 'zh', active: true }
            : { name: account.name, roles: account.roles, language: account.language, active: account.active }
        }
      >
        {isNew && (
          <Form.Item
            name="email"
            label={t('form.email')}
            rules={[
              { required: true, message: t('shell:common.required') },
              { type: 'email', message: t('form.email') },
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[{ required: true, whitespace: true, max: 80, message: t('shell:common.required') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="roles"
          label={t('form.roles')}
          rules={[{ required: true, message: t('shell:common.required') }]}
        >
          <Select
            mode="multiple"
            options={STAFF_ROLES.map((role) => ({ value: role, label: t(`shell:roles.${role}`) }))}
          />
        </Form.Item>
        <Form.Item name="language" label={t('form.language')}>
          <Select
            options={LANGUAGE_TAGS.map((tag) => ({ value: tag, label: t(`shell:languages.${tag}`) }))}
          />
        </Form.Item>
        {!isNew && (
          <>
            <Form.Item name="active" label={t('form.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('form.reason')}
              extra={t('form.reasonHelp')}
              rules={[{ max: 500 }]}
            >
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
      </Form>
    </FormModal>
  );
}

/** Staff accounts: admins create, edit and reset them; auditors read the table. */
export default function StaffPage() {
  const { t } = useTranslation('staff');
  const me = useSignedInMember();
  const { message } = App.useApp();
  const isAdmin = me.roles.includes('admin');
  const list = useAdminQuery<{ list: StaffAccount[] }>('/staff');
  const [editing, setEditing] = useState<StaffAccount | 'new' | null>(null);
  const [oneTime, setOneTime] = useState<OneTime | null>(null);

  const resetPassword = useAdminMutation<{ id: string }, OneTime>((v) => `/staff/${v.id}/reset-password`, {
    invalidates: ['/staff'],
    toBody: () => ({}),
    onSuccess: setOneTime,
  });
  const resetTotp = useAdminMutation<{ id: string }, StaffAccount>((v) => `/staff/${v.id}/reset-totp`, {
    invalidates: ['/staff'],
    toBody: () => ({}),
    onSuccess: () => void message.success(t('totpReset')),
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageHeader
        title={t('title')}
        action={
          isAdmin && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('create')}
            </Button>
          )
        }
      />
      {!isAdmin && <Typography.Text type="secondary">{t('readOnly')}</Typography.Text>}
      <ListTable<StaffAccount>
        query={list}
        rowKey="id"
        columns={[
          { title: t('columns.name'), dataIndex: 'name' },
          { title: t('columns.email'), dataIndex: 'email' },
          {
            title: t('columns.roles'),
            dataIndex: 'roles',
            render: (roles: StaffRole[]) =>
              roles.map((role) => (
                <Tag key={role} color="blue">
                  {t(`shell:roles.${role}`)}
                </Tag>
              )),
          },
          {
            title: t('columns.language'),
            dataIndex: 'language',
            render: (language: LanguageTag) => t(`shell:languages.${language}`),
          },
          {
            title: t('columns.active'),
            dataIndex: 'active',
            render: (active: boolean, row) => (
              <Space size={4} wrap>
                <Tag color={active ? '#135200' : 'default'}>{active ? t('active') : t('inactive')}</Tag>
                {row.lockedUntil && new Date(row.lockedUntil) > new Date() && (
                  <Tag color="red">
                    {t('columns.locked')} {formatInstant(row.lockedUntil)}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: t('columns.totp'),
            dataIndex: 'totpEnrolled',
            render: (enrolled: boolean) => (enrolled ? t('enrolled') : t('notEnrolled')),
          },
          {
            title: t('columns.lastLogin'),
            dataIndex: 'lastLoginAt',
            render: (at: string | null) => (at ? formatInstant(at) : t('never')),
          },
          ...(isAdmin
            ? [
                {
                  title: t('shell:common.actions'),
                  key: 'actions',
                  render: (_: unknown, row: StaffAccount) => (
                    <Space size={0} wrap>
                      <Button type="link" onClick={() => setEditing(row)}>
                        {t('edit')}
                      </Button>
                      <Popconfirm
                        title={t('resetPassword')}
                        description={t('resetPasswordConfirm', { name: row.name })}
                        onConfirm={() => resetPassword.mutateAsync({ id: row.id })}
                        okText={t('shell:common.yes')}
                        cancelText={t('shell:common.no')}
                      >
                        <Button type="link">{t('resetPassword')}</Button>
                      </Popconfirm>
                      <Popconfirm
                        title={t('resetTotp')}
                        description={t('resetTotpConfirm', { name: row.name })}
                        onConfirm={() => resetTotp.mutateAsync({ id: row.id })}
                        okText={t('shell:common.yes')}
                        cancelText={t('shell:common.no')}
                      >
                        <Button type="link">{t('resetTotp')}</Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <AccountModal account={editing} onClose={() => setEditing(null)} onCreated={setOneTime} />}
      {oneTime && <OneTimePassword value={oneTime} onClose={() => setOneTime(null)} />}
    </Space>
  );
}
