import { useQueryClient } from '@tanstack/react-query';
import type { LanguageTag, StaffMe } from '@wings/contracts';
import { LANGUAGE_TAGS } from '@wings/contracts';
import { checkPassword } from '@wings/rules';
import { App, Button, Card, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../api/admin-client';
import { setLanguage } from '../../app/i18n';
import { ME_KEY, useSignedInMember } from '../../app/session';
import { PageHeader } from '../../components/page-header';
import { ruleMessage } from '../../lib/rule-message';

/** The catalogue's code of a wrong current password (contracts errors.ts, oldPasswordWrong). */
const OLD_PASSWORD_WRONG = '4006';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** My account: who I am, my password (same rule as the server's), my console language. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const me = useSignedInMember();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();

  const changePassword = useAdminMutation<{ oldPassword: string; newPassword: string }, null>(
    '/auth/password',
    {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('password.changed'));
      },
      onError: (error) => {
        // A field the server names is shown next to it; anything else as a message.
        const fields = error.fields;
        if (fields.length > 0) {
          form.setFields(
            fields.map((f) => ({ name: f.field as keyof PasswordForm, errors: [ruleMessage(f)] })),
          );
        } else if (error.code === OLD_PASSWORD_WRONG) {
          form.setFields([{ name: 'oldPassword', errors: [error.message] }]);
        } else {
          void message.error(error.message);
        }
      },
    },
  );
  const changeLanguage = useAdminMutation<{ language: LanguageTag }, null>('/auth/language', {
    onSuccess: async (_data, { language }) => {
      client.setQueryData<StaffMe>(ME_KEY, { ...me, language });
      await setLanguage(language);
      void message.success(t('language.changed'));
    },
  });

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <PageHeader title={t('title')} />
      <Card title={t('profile')}>
        <Descriptions column={1}>
          <Descriptions.Item label={t('email')}>{me.email}</Descriptions.Item>
          <Descriptions.Item label={t('name')}>{me.name}</Descriptions.Item>
          <Descriptions.Item label={t('roles')}>
            {me.roles.map((role) => (
              <Tag key={role}>{t(`shell:roles.${role}`)}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('password.title')}>
        <Form<PasswordForm>
          form={form}
          layout="vertical"
          onFinish={({ oldPassword, newPassword }) => changePassword.mutate({ oldPassword, newPassword })}
        >
          <Form.Item
            name="oldPassword"
            label={t('password.old')}
            rules={[{ required: true, message: t('shell:common.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('password.new')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const issue = checkPassword(value, 'newPassword')[0];
                  if (issue) throw new Error(ruleMessage(issue));
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('password.confirm')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('shell:common.required') },
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  if (value && value !== getFieldValue('newPassword'))
                    throw new Error(t('password.mismatch'));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
            {t('password.submit')}
          </Button>
        </Form>
      </Card>
      <Card title={t('language.title')}>
        <Typography.Paragraph type="secondary">{t('language.help')}</Typography.Paragraph>
        <Select<LanguageTag>
          aria-label={t('language.title')}
          value={me.language}
          loading={changeLanguage.isPending}
          onChange={(language) => changeLanguage.mutate({ language })}
          options={LANGUAGE_TAGS.map((tag) => ({ value: tag, label: t(`shell:languages.${tag}`) }))}
          style={{ width: 200 }}
        />
      </Card>
    </Space>
  );
}
