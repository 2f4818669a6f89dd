import { Language } from '@wings/contracts';
import {
  checkEmail,
  checkEmailCode,
  checkPassword,
  checkPasswordPair,
  checkPhone,
  type RuleIssue,
} from '@wings/rules';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { NavBar } from '../../../components/nav-bar';
import { useRegister } from '../../../features/account/api/register';
import {
  FieldError,
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { PhoneField } from '../../../features/account/components/phone-field';
import { SendCodeButton } from '../../../features/account/components/send-code-button';
import { useEmailCodeSender } from '../../../features/account/components/use-email-code';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useRedirectTarget } from '../../../features/account/use-redirect-target';
import '../../../features/account/components/account.css';

interface RegisterValues extends Record<string, unknown> {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
  /** Optional: a phone to log in with as well (issue 3: "phone + e-mail code"). */
  countryCode: string;
  phone: string;
  agree: boolean;
}

/** Spec §5: e-mail, its code, a password typed twice, and the ticked user agreement. */
export function registerRules(v: RegisterValues): RuleIssue[] {
  return [
    ...checkEmail(v.email),
    ...checkEmailCode(v.code),
    ...checkPassword(v.password),
    ...checkPasswordPair(v.password, v.confirmPassword),
    ...checkPhone(v.countryCode, v.phone, { required: false }),
    ...(v.agree ? [] : [{ field: 'agree', key: 'account.agree_required' }]),
  ];
}

/** Registration with an e-mail code (issue 3); signed in at once afterwards. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const redirect = useRedirectTarget();
  const register = useRegister();
  const [agreementOpen, setAgreementOpen] = useState(false);
  const form = useRuleForm<RegisterValues>(
    { email: '', code: '', password: '', confirmPassword: '', countryCode: '+855', phone: '', agree: false },
    registerRules,
  );
  const { values } = form;
  const sendCode = useEmailCodeSender(values.email, 'register', () => form.blur('email'));

  async function submit() {
    if (!form.validate()) return;
    try {
      await register.mutateAsync({
        email: values.email.trim(),
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        agree: values.agree,
        ...(values.phone.trim() ? { countryCode: values.countryCode, phone: values.phone.trim() } : {}),
        language: Language[currentLanguage()],
      });
      nav.replace(redirect);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  const input = (
    field: 'email' | 'code' | 'password' | 'confirmPassword' | 'phone',
    testId: string,
    extra = {},
  ) => (
    <TextInput
      field={field}
      testId={testId}
      value={values[field]}
      onChange={(v) => form.set(field, v)}
      onBlur={() => form.blur(field)}
      invalid={Boolean(form.error(field))}
      {...extra}
    />
  );

  return (
    <div className="account-page">
      <NavBar title={t('register.title')} back />
      <div className="page-body">
        <FormCard onSubmit={submit}>
          <FormField label={t('account.email')} field="email" error={form.error('email')}>
            {input('email', 'register-email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
          </FormField>
          <FormField
            label={t('account.code')}
            field="code"
            error={form.error('code')}
            addon={<SendCodeButton testId="register-send-code" onSend={sendCode} />}
          >
            {input('code', 'register-code', {
              inputMode: 'numeric',
              maxLength: 6,
              autoComplete: 'one-time-code',
            })}
          </FormField>
          <FormField
            label={t('account.password')}
            field="password"
            error={form.error('password')}
            hint={t('account.password_hint')}
          >
            {input('password', 'register-password', { type: 'password', autoComplete: 'new-password' })}
          </FormField>
          <FormField
            label={t('account.confirm_password')}
            field="confirmPassword"
            error={form.error('confirmPassword')}
          >
            {input('confirmPassword', 'register-confirm', { type: 'password', autoComplete: 'new-password' })}
          </FormField>
          <PhoneField
            label={t('register.phone_optional')}
            phoneField="phone"
            countryField="countryCode"
            countryCode={values.countryCode}
            phone={values.phone}
            error={form.error('phone') ?? form.error('countryCode')}
            onCountryCode={(dial) => form.set('countryCode', dial)}
            onPhone={(v) => form.set('phone', v)}
            onBlur={(which) => form.blur(which)}
            testIds={{ countryCode: 'register-countryCode', phone: 'register-phone' }}
          />
          <div className="agree-row">
            <input
              id="register-agree"
              type="checkbox"
              checked={values.agree}
              aria-invalid={Boolean(form.error('agree')) || undefined}
              data-testid="register-agree"
              onChange={(e) => {
                form.set('agree', e.target.checked);
                form.blur('agree');
              }}
            />
            <span>
              <label htmlFor="register-agree">{t('register.agree')}</label>{' '}
              <button
                type="button"
                className="text-link"
                data-testid="register-agreement-link"
                onClick={() => setAgreementOpen(true)}
              >
                {t('register.agreement')}
              </button>
            </span>
          </div>
          <FieldError field="agree" message={form.error('agree')} />
          <SubmitButton loading={register.isPending} testId="register-submit">
            {t('register.submit')}
          </SubmitButton>
        </FormCard>
      </div>
      <Popup
        visible={agreementOpen}
        onMaskClick={() => setAgreementOpen(false)}
        onClose={() => setAgreementOpen(false)}
        position="bottom"
        bodyClassName="sheet"
      >
        <div className="sheet-header">
          <span className="sheet-title">{t('register.agreement_title')}</span>
          <button
            type="button"
            className="sheet-close"
            aria-label={t('common.close')}
            data-testid="agreement-close"
            onClick={() => setAgreementOpen(false)}
          >
            ×
          </button>
        </div>
        <div className="sheet-body">
          <div className="agreement-text" data-testid="agreement-text">
            {t('register.agreement_text')}
          </div>
        </div>
      </Popup>
    </div>
  );
}
