import { checkMemberPassword, checkMemberPasswordPair } from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { FormCard, FormField, SubmitButton } from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useResetMemberPassword } from '../../../features/members/api/member-account';
import {
  ChannelFields,
  type ChannelValues,
  channelBody,
  channelRules,
  codeRules,
  EMPTY_CHANNEL,
} from '../../../features/members/components/channel-fields';
import { MemberPasswordInput } from '../../../features/members/components/member-password-input';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

interface ResetValues extends ChannelValues {
  password: string;
  confirmPassword: string;
}

const rules = (v: ResetValues) => [
  ...channelRules(v),
  ...codeRules(v),
  ...checkMemberPassword(v.password),
  ...checkMemberPasswordPair(v.password, v.confirmPassword),
];

/**
 * Member password reset (issue 17, consumer/resetPwd): a code to the main e-mail or phone, then a
 * new 6-digit password twice. Every member session ends; the member logs in again.
 */
export default function VipForgetPasswordPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const reset = useResetMemberPassword();
  const form = useRuleForm<ResetValues>({ ...EMPTY_CHANNEL, password: '', confirmPassword: '' }, rules);
  const { values } = form;

  async function submit() {
    if (!form.validate()) return;
    try {
      await reset.mutateAsync({
        ...channelBody(values),
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      Toast.show({ content: t('members.reset_done'), duration: TOAST_DURATION_MS });
      nav.replace(paths.vipLogin);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  return (
    <div className="account-page">
      <NavBar title={t('members.forgot_title')} back={paths.vipLogin} />
      <div className="page-body">
        <p className="account-intro">{t('members.forgot_intro')}</p>
        <FormCard onSubmit={submit}>
          <ChannelFields form={form} purpose="reset" testIdPrefix="vip-reset" />
          <FormField
            label={t('members.new_password')}
            field="password"
            error={form.error('password')}
            hint={t('members.password_rules')}
          >
            <MemberPasswordInput
              form={form}
              field="password"
              testId="vip-reset-password"
              autoComplete="new-password"
            />
          </FormField>
          <FormField
            label={t('members.confirm_password')}
            field="confirmPassword"
            error={form.error('confirmPassword')}
          >
            <MemberPasswordInput
              form={form}
              field="confirmPassword"
              testId="vip-reset-confirm"
              autoComplete="new-password"
            />
          </FormField>
          <SubmitButton loading={reset.isPending} testId="vip-reset-submit">
            {t('members.reset_submit')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
