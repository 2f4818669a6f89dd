import { checkEmailCode, checkPassword, checkPasswordPair, type RuleIssue } from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { useResetPassword } from '../../../features/account/api/reset-password';
import { useSendResetCode } from '../../../features/account/api/send-reset-code';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { SendCodeButton } from '../../../features/account/components/send-code-button';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import '../../../features/account/components/account.css';

interface NewPasswordValues extends Record<string, unknown> {
  code: string;
  password: string;
  confirmPassword: string;
}

const rules = (v: NewPasswordValues): RuleIssue[] => [
  ...checkEmailCode(v.code),
  ...checkPassword(v.password),
  ...checkPasswordPair(v.password, v.confirmPassword),
];

/** Forgotten password, step 2: the code from the e-mail and the new password twice. */
export default function NewPasswordPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const reset = useResetPassword();
  const resend = useSendResetCode();
  const form = useRuleForm<NewPasswordValues>({ code: '', password: '', confirmPassword: '' }, rules);
  const { values } = form;

  async function submit() {
    if (!form.validate()) return;
    try {
      await reset.mutateAsync({
        email,
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      Toast.show({ content: t('new_password.done'), duration: TOAST_DURATION_MS });
      nav.replace(paths.login);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  const field = (name: 'code' | 'password' | 'confirmPassword', testId: string, extra = {}) => (
    <TextInput
      field={name}
      testId={testId}
      value={values[name]}
      onChange={(v) => form.set(name, v)}
      onBlur={() => form.blur(name)}
      invalid={Boolean(form.error(name))}
      {...extra}
    />
  );

  return (
    <div className="account-page">
      <NavBar title={t('new_password.title')} back={paths.forgetPassword} />
      <div className="page-body">
        <p className="account-intro" data-testid="new-password-email">
          {t('new_password.intro', { email })}
        </p>
        <FormCard onSubmit={submit}>
          <FormField
            label={t('account.code')}
            field="code"
            error={form.error('code')}
            addon={
              <SendCodeButton
                testId="new-password-send-code"
                onSend={async () => {
                  try {
                    const reply = await resend.mutateAsync(email);
                    return reply?.resendAfterSeconds ?? 0;
                  } catch {
                    return false;
                  }
                }}
              />
            }
          >
            {field('code', 'new-password-code', {
              inputMode: 'numeric',
              maxLength: 6,
              autoComplete: 'one-time-code',
            })}
          </FormField>
          <FormField
            label={t('account.new_password')}
            field="password"
            error={form.error('password')}
            hint={t('account.password_hint')}
          >
            {field('password', 'new-password-password', { type: 'password', autoComplete: 'new-password' })}
          </FormField>
          <FormField
            label={t('account.confirm_password')}
            field="confirmPassword"
            error={form.error('confirmPassword')}
          >
            {field('confirmPassword', 'new-password-confirm', {
              type: 'password',
              autoComplete: 'new-password',
            })}
          </FormField>
          <SubmitButton loading={reset.isPending} testId="new-password-submit">
            {t('new_password.submit')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
