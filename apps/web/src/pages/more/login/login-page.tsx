import { isApiError } from '@wings/api-client';
import { ErrorCodes } from '@wings/contracts';
import { checkPassword } from '@wings/rules';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { type CaptchaResponse, getCaptcha } from '../../../features/account/api/get-captcha';
import { useLogin } from '../../../features/account/api/login';
import {
  OAUTH_PROVIDERS,
  type OauthProvider,
  oauthAuthorizeUrl,
} from '../../../features/account/api/oauth-login';
import { CaptchaChallenge } from '../../../features/account/components/captcha-challenge';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useRedirectTarget } from '../../../features/account/use-redirect-target';
import '../../../features/account/components/account.css';

interface LoginValues extends Record<string, unknown> {
  account: string;
  password: string;
  captcha: string;
}

/** Browser navigation to a provider's consent page (a full page load, outside the hash router). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

/** Login with e-mail or phone and password; a captcha after repeated failures (issue 3). */
export default function LoginPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const redirect = useRedirectTarget();
  const login = useLogin();
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const rules = useCallback(
    (v: LoginValues) => [
      ...(v.account.trim() ? [] : [{ field: 'account', key: 'login.account_required' }]),
      ...(v.password ? [] : checkPassword(v.password)),
      ...(captcha && !v.captcha.trim() ? [{ field: 'captcha', key: 'login.captcha_required' }] : []),
    ],
    [captcha],
  );
  const form = useRuleForm<LoginValues>({ account: '', password: '', captcha: '' }, rules);
  const { values } = form;

  async function refreshCaptcha() {
    form.set('captcha', '');
    try {
      setCaptcha(await getCaptcha());
    } catch {
      // the client has shown why
    }
  }

  async function submit() {
    if (!form.validate()) return;
    try {
      await login.mutateAsync({
        account: values.account.trim(),
        password: values.password,
        ...(captcha ? { captchaId: captcha.captchaId, captcha: values.captcha.trim() } : {}),
      });
      nav.replace(redirect);
    } catch (error) {
      if (!isApiError(error)) return;
      const data = error.data as { captchaRequired?: boolean } | null;
      const captchaCode = error.code === ErrorCodes.captchaError.code;
      if (data?.captchaRequired || captchaCode) {
        const hadCaptcha = captcha !== null;
        await refreshCaptcha();
        // 602 before any captcha was shown asks for one; after, the typed one was wrong.
        if (captchaCode)
          form.setFieldError('captcha', t(hadCaptcha ? 'captcha_error' : 'login.captcha_needed'));
      }
      if (!captchaCode) form.applyServerError(error);
    }
  }

  function oauth(provider: OauthProvider) {
    browser.assign(oauthAuthorizeUrl(provider, redirect));
  }

  return (
    <div className="account-page">
      <NavBar title={t('login.title')} />
      <div className="page-body">
        <p className="account-intro">{t('login.intro')}</p>
        <FormCard onSubmit={submit}>
          <FormField label={t('login.account')} field="account" error={form.error('account')}>
            <TextInput
              field="account"
              testId="login-account"
              value={values.account}
              autoComplete="username"
              inputMode="email"
              placeholder={t('login.account_placeholder')}
              onChange={(v) => form.set('account', v)}
              onBlur={() => form.blur('account')}
              invalid={Boolean(form.error('account'))}
            />
          </FormField>
          <FormField label={t('account.password')} field="password" error={form.error('password')}>
            <TextInput
              field="password"
              testId="login-password"
              type="password"
              value={values.password}
              autoComplete="current-password"
              onChange={(v) => form.set('password', v)}
              onBlur={() => form.blur('password')}
              invalid={Boolean(form.error('password'))}
            />
          </FormField>
          {captcha ? (
            <FormField label={t('login.captcha')} field="captcha" error={form.error('captcha')}>
              <CaptchaChallenge
                captcha={captcha}
                onRefresh={() => void refreshCaptcha()}
                testId="login-captcha"
                hintId="login-captcha-hint"
              />
              <TextInput
                field="captcha"
                testId="login-captcha"
                value={values.captcha}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                aria-describedby="login-captcha-hint"
                onChange={(v) => form.set('captcha', v)}
                onBlur={() => form.blur('captcha')}
                invalid={Boolean(form.error('captcha'))}
              />
            </FormField>
          ) : null}
          <SubmitButton loading={login.isPending} testId="login-submit">
            {t('login.submit')}
          </SubmitButton>
          <div className="form-links">
            <button
              type="button"
              className="text-link"
              data-testid="login-register"
              onClick={() => nav.push(`${paths.register}?redirect=${encodeURIComponent(redirect)}`)}
            >
              {t('login.register')}
            </button>
            <button
              type="button"
              className="text-link"
              data-testid="login-forgot"
              onClick={() => nav.push(paths.forgetPassword)}
            >
              {t('login.forgot')}
            </button>
          </div>
        </FormCard>
        <div className="oauth-title">{t('login.oauth_title')}</div>
        <div className="oauth-row">
          {OAUTH_PROVIDERS.map((provider) => (
            <button
              key={provider}
              type="button"
              className={`oauth-btn oauth-btn-${provider}`}
              data-testid={`login-oauth-${provider}`}
              onClick={() => oauth(provider)}
            >
              {t(`login.oauth_${provider}`)}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
