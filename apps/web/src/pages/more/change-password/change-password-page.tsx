import { checkPassword, checkPasswordPair, type RuleIssue } from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { useChangePassword } from '../../../features/account/api/change-password';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import '../../../features/account/components/account.css';

interface ChangePasswordValues extends Record<string, unknown> {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

const rules = (v: ChangePasswordValues): RuleIssue[] => [
  ...(v.oldPassword ? [] : [{ field: 'oldPassword', key: 'account.password_required' }]),
  ...checkPassword(v.password),
  ...(v.password && v.password === v.oldPassword
    ? [{ field: 'password', key: 'account.password_same' }]
    : []),
  ...checkPasswordPair(v.password, v.confirmPassword),
];

/** Change password: the old one must be right (4006 old_password_wrong). */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const change = useChangePassword();
  const form = useRuleForm<ChangePasswordValues>(
    { oldPassword: '', password: '', confirmPassword: '' },
    rules,
  );
  const { values } = form;

  async function submit() {
    if (!form.validate()) return;
    try {
      await change.mutateAsync({ ...values });
      Toast.show({ content: t('change_password.done'), duration: TOAST_DURATION_MS });
      nav.back(paths.more);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  const field = (
    name: 'oldPassword' | 'password' | 'confirmPassword',
    testId: string,
    autoComplete: string,
  ) => (
    <TextInput
      field={name}
      testId={testId}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(v) => form.set(name, v)}
      onBlur={() => form.blur(name)}
      invalid={Boolean(form.error(name))}
    />
  );

  return (
    <div className="account-page">
      <NavBar title={t('change_password.title')} back={paths.more} />
      <div className="page-body">
        <FormCard onSubmit={submit}>
          <FormField label={t('account.old_password')} field="oldPassword" error={form.error('oldPassword')}>
            {field('oldPassword', 'change-password-old', 'current-password')}
          </FormField>
          <FormField
            label={t('account.new_password')}
            field="password"
            error={form.error('password')}
            hint={t('account.password_hint')}
          >
            {field('password', 'change-password-new', 'new-password')}
          </FormField>
          <FormField
            label={t('account.confirm_password')}
            field="confirmPassword"
            error={form.error('confirmPassword')}
          >
            {field('confirmPassword', 'change-password-confirm', 'new-password')}
          </FormField>
          <SubmitButton loading={change.isPending} testId="change-password-submit">
            {t('change_password.submit')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
