import { checkEmail, checkEmailCode, type RuleIssue } from '@wings/rules';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BIND_EMAIL_PURPOSE, useAssociateEmail } from '../api/associate-email';
import { checkBindEmail } from '../api/check-bind-email';
import { FormField, TextInput } from './form-field';
import { SendCodeButton } from './send-code-button';
import { useEmailCodeSender } from './use-email-code';
import { useRuleForm } from './use-rule-form';

interface EmailCodeValues extends Record<string, unknown> {
  email: string;
  code: string;
}

const rules = (v: EmailCodeValues): RuleIssue[] => [...checkEmail(v.email), ...checkEmailCode(v.code)];

/**
 * An e-mail and the code sent to it, then associateEmail: used to change the e-mail
 * (verify-email) and to bind one after a first third-party login (associate-email).
 */
export function EmailCodeForm({
  testIdPrefix,
  submitLabel,
  onDone,
  intro,
}: {
  testIdPrefix: string;
  submitLabel: string;
  onDone: () => void;
  intro?: ReactNode;
}) {
  const { t } = useTranslation();
  const associate = useAssociateEmail();
  const form = useRuleForm<EmailCodeValues>({ email: '', code: '' }, rules);
  const { values } = form;
  const send = useEmailCodeSender(values.email, BIND_EMAIL_PURPOSE, () => form.blur('email'));

  async function sendCode(): Promise<number | false> {
    if (checkEmail(values.email).length === 0) {
      try {
        const { bindable } = await checkBindEmail({ email: values.email.trim() });
        if (!bindable) {
          form.setFieldError('email', t('email_bound'));
          return false;
        }
      } catch {
        return false;
      }
    }
    return send();
  }

  async function submit() {
    if (!form.validate()) return;
    try {
      await associate.mutateAsync({ email: values.email.trim(), code: values.code.trim() });
      onDone();
    } catch (error) {
      form.applyServerError(error);
    }
  }

  return (
    <>
      {intro}
      <form
        className="card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField label={t('account.email')} field="email" error={form.error('email')}>
          <TextInput
            field="email"
            testId={`${testIdPrefix}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(v) => form.set('email', v)}
            onBlur={() => form.blur('email')}
            invalid={Boolean(form.error('email'))}
          />
        </FormField>
        <FormField
          label={t('account.code')}
          field="code"
          error={form.error('code')}
          addon={<SendCodeButton testId={`${testIdPrefix}-send-code`} onSend={sendCode} />}
        >
          <TextInput
            field="code"
            testId={`${testIdPrefix}-code`}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            value={values.code}
            onChange={(v) => form.set('code', v)}
            onBlur={() => form.blur('code')}
            invalid={Boolean(form.error('code'))}
          />
        </FormField>
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          className="form-submit"
          loading={associate.isPending}
          data-testid={`${testIdPrefix}-submit`}
        >
          {submitLabel}
        </Button>
      </form>
    </>
  );
}
