import { checkEmail } from '@wings/rules';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useSendResetCode } from '../../../features/account/api/send-reset-code';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import '../../../features/account/components/account.css';

const rules = (v: { email: string }) => checkEmail(v.email);

/** Forgotten password, step 1: the e-mail that gets a reset code. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const send = useSendResetCode();
  const form = useRuleForm({ email: '' }, rules);

  async function submit() {
    if (!form.validate()) return;
    const email = form.values.email.trim();
    try {
      await send.mutateAsync(email);
      nav.push(`${paths.newPassword}?email=${encodeURIComponent(email)}`);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  return (
    <div className="account-page">
      <NavBar title={t('forget.title')} back={paths.login} />
      <div className="page-body">
        <p className="account-intro">{t('forget.intro')}</p>
        <FormCard onSubmit={submit}>
          <FormField label={t('account.email')} field="email" error={form.error('email')}>
            <TextInput
              field="email"
              testId="forget-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={form.values.email}
              onChange={(v) => form.set('email', v)}
              onBlur={() => form.blur('email')}
              invalid={Boolean(form.error('email'))}
            />
          </FormField>
          <SubmitButton loading={send.isPending} testId="forget-submit">
            {t('forget.submit')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
