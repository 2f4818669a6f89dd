import type { MemberCodeChannel, MemberCodePurpose } from '@wings/contracts';
import { checkEmail, checkEmailCode, checkPhone, type RuleIssue } from '@wings/rules';
import { useTranslation } from 'react-i18next';
import { Choice, FormField, TextInput } from '../../account/components/form-field';
import { PhoneField } from '../../account/components/phone-field';
import { SendCodeButton } from '../../account/components/send-code-button';
import type { RuleForm } from '../../account/components/use-rule-form';
import { memberGetToken } from '../api/member-session';

/** The address a member code goes to: the main e-mail, or the main phone with its country code. */
export interface ChannelValues extends Record<string, unknown> {
  channel: MemberCodeChannel;
  email: string;
  countryCode: string;
  phone: string;
  code: string;
}

export const EMPTY_CHANNEL: ChannelValues = {
  channel: 'email',
  email: '',
  countryCode: '+855',
  phone: '',
  code: '',
};

/** The rules of the address the code goes to (only the chosen channel's fields). */
export function channelRules(v: ChannelValues): RuleIssue[] {
  return v.channel === 'email' ? checkEmail(v.email) : checkPhone(v.countryCode, v.phone, { required: true });
}

/** The address and the code: what getToken, login and resetPwd take. */
export function channelBody(v: ChannelValues) {
  return v.channel === 'email'
    ? { channel: v.channel, email: v.email.trim().toLowerCase() }
    : { channel: v.channel, countryCode: v.countryCode, phone: v.phone.trim() };
}

export function codeRules(v: ChannelValues): RuleIssue[] {
  return checkEmailCode(v.code);
}

/**
 * E-mail or SMS (a switch), the address, and the code with its send button (the countdown from
 * the reply's resendAfterSeconds). Used by the code login and the password reset.
 */
export function ChannelFields<V extends ChannelValues>({
  form,
  purpose,
  testIdPrefix,
}: {
  form: RuleForm<V>;
  purpose: MemberCodePurpose;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const { values } = form;

  async function send(): Promise<number | false> {
    if (channelRules(values).length > 0) {
      form.blur(values.channel === 'email' ? 'email' : 'phone');
      form.focusFirstError();
      return false;
    }
    try {
      const sent = await memberGetToken({ ...channelBody(values), purpose });
      return sent.resendAfterSeconds;
    } catch {
      // The client has shown why (807 too soon, 808 not sent).
      return false;
    }
  }

  return (
    <>
      <FormField label={t('members.channel')} field="channel" error={null}>
        <Choice
          field="channel"
          value={values.channel}
          options={[
            { value: 'email' as const, label: t('members.channel_email') },
            { value: 'sms' as const, label: t('members.channel_sms') },
          ]}
          onChange={(v) => form.set('channel', v as V['channel'])}
          testIdPrefix={`${testIdPrefix}-channel`}
        />
      </FormField>
      {values.channel === 'email' ? (
        <FormField label={t('members.main_email')} field="email" error={form.error('email')}>
          <TextInput
            field="email"
            testId={`${testIdPrefix}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(v) => form.set('email', v as V['email'])}
            onBlur={() => form.blur('email')}
            invalid={Boolean(form.error('email'))}
          />
        </FormField>
      ) : (
        <PhoneField
          label={t('members.mobile')}
          phoneField="phone"
          countryField="countryCode"
          countryCode={values.countryCode}
          phone={values.phone}
          error={form.error('phone') ?? form.error('countryCode')}
          onCountryCode={(dial) => form.set('countryCode', dial as V['countryCode'])}
          onPhone={(v) => form.set('phone', v as V['phone'])}
          onBlur={(which) => form.blur(which)}
          testIds={{ countryCode: `${testIdPrefix}-countryCode`, phone: `${testIdPrefix}-phone` }}
        />
      )}
      <FormField
        label={t('members.code')}
        field="code"
        error={form.error('code')}
        addon={<SendCodeButton testId={`${testIdPrefix}-send-code`} onSend={send} />}
      >
        <TextInput
          field="code"
          testId={`${testIdPrefix}-code`}
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          value={values.code}
          onChange={(v) => form.set('code', v as V['code'])}
          onBlur={() => form.blur('code')}
          invalid={Boolean(form.error('code'))}
        />
      </FormField>
    </>
  );
}
