import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useVerifyPassword } from '../../../features/account/api/verify-password';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import '../../../features/account/components/account.css';

const rules = (v: { password: string }) =>
  v.password ? [] : [{ field: 'password', key: 'account.password_required' }];

/** Changing the e-mail, step 1: the current password again (4008 password_wrong). */
export default function VerifyPasswordPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const verify = useVerifyPassword();
  const form = useRuleForm({ password: '' }, rules);

  async function submit() {
    if (!form.validate()) return;
    try {
      await verify.mutateAsync({ password: form.values.password });
      nav.replace(paths.verifyEmail, { state: { passwordVerified: true } });
    } catch (error) {
      form.applyServerError(error);
    }
  }

  return (
    <div className="account-page">
      <NavBar title={t('verify_password.title')} back={paths.userInfo} />
      <div className="page-body">
        <p className="account-intro">{t('verify_password.intro')}</p>
        <FormCard onSubmit={submit}>
          <FormField label={t('account.password')} field="password" error={form.error('password')}>
            <TextInput
              field="password"
              testId="verify-password-password"
              type="password"
              autoComplete="current-password"
              value={form.values.password}
              onChange={(v) => form.set('password', v)}
              onBlur={() => form.blur('password')}
              invalid={Boolean(form.error('password'))}
            />
          </FormField>
          <SubmitButton loading={verify.isPending} testId="verify-password-submit">
            {t('common.next')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
