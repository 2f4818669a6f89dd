import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { LoginFailure, useMemberSignIn } from '../../../features/members/components/login-failure';
import { MemberPasswordInput } from '../../../features/members/components/member-password-input';
import { useMemberRedirect, withRedirect } from '../../../features/members/use-member-redirect';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

interface VipLoginValues extends Record<string, unknown> {
  account: string;
  password: string;
}

const rules = (v: VipLoginValues) => [
  ...(v.account.trim() ? [] : [{ field: 'account', key: 'members.account_required' }]),
  ...(/^\d{6}$/.test(v.password) ? [] : [{ field: 'password', key: 'member.password_format' }]),
];

/**
 * Member login (issue 17; booking-and-account §3, §7 consumer/login): card number, main e-mail or
 * main phone and the 6-digit member password. After CAF9999 (`isReLogin=1`) it says the member
 * session ended. Refusals (800 wrong, 801 locked, 802 and 805 blocked) show under the form.
 */
export default function VipLoginPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const [params] = useSearchParams();
  const redirect = useMemberRedirect();
  const { signIn, failure, pending } = useMemberSignIn();
  const form = useRuleForm<VipLoginValues>({ account: '', password: '' }, useCallback(rules, []));
  const { values } = form;

  function submit() {
    return signIn(
      form,
      () => ({ account: values.account.trim(), password: values.password }),
      () => nav.replace(redirect),
    );
  }

  return (
    <div className="account-page">
      <NavBar title={t('members.login_title')} back={paths.more} />
      <div className="page-body">
        {params.get('isReLogin') === '1' ? (
          <p className="mb-notice" role="status" data-testid="vip-login-relogin">
            {t('members.session_ended')}
          </p>
        ) : null}
        <p className="account-intro">{t('members.login_intro')}</p>
        <FormCard onSubmit={submit}>
          <FormField label={t('members.account')} field="account" error={form.error('account')}>
            <TextInput
              field="account"
              testId="vip-login-account"
              value={values.account}
              autoComplete="username"
              placeholder={t('members.account_placeholder')}
              onChange={(v) => form.set('account', v)}
              onBlur={() => form.blur('account')}
              invalid={Boolean(form.error('account'))}
            />
          </FormField>
          <FormField
            label={t('members.password')}
            field="password"
            error={form.error('password')}
            hint={t('members.password_hint')}
          >
            <MemberPasswordInput
              form={form}
              field="password"
              testId="vip-login-password"
              autoComplete="current-password"
            />
          </FormField>
          <LoginFailure message={failure} testId="vip-login-failure" />
          <SubmitButton loading={pending} testId="vip-login-submit">
            {t('members.login_submit')}
          </SubmitButton>
          <div className="form-links">
            <button
              type="button"
              className="text-link"
              data-testid="vip-login-code"
              onClick={() => nav.push(withRedirect(paths.vipCodeLogin, redirect))}
            >
              {t('members.code_login_link')}
            </button>
            <button
              type="button"
              className="text-link"
              data-testid="vip-login-forgot"
              onClick={() => nav.push(paths.vipForgetPassword)}
            >
              {t('members.forgot_link')}
            </button>
          </div>
        </FormCard>
        <section className="card">
          <p className="muted small">{t('members.join_intro')}</p>
          <button
            type="button"
            className="text-link"
            data-testid="vip-login-register"
            onClick={() => nav.push(paths.vipRegister)}
          >
            {t('members.register_link')}
          </button>
        </section>
      </div>
    </div>
  );
}
