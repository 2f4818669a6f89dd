import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { FormCard, SubmitButton } from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import {
  ChannelFields,
  type ChannelValues,
  channelRules,
  codeRules,
  EMPTY_CHANNEL,
} from '../../../features/members/components/channel-fields';
import { LoginFailure, useMemberSignIn } from '../../../features/members/components/login-failure';
import { useMemberRedirect } from '../../../features/members/use-member-redirect';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

const rules = (v: ChannelValues) => [...channelRules(v), ...codeRules(v)];

/**
 * Member login with a code (issue 17, the getToken login): the main e-mail or the main phone, a
 * code sent there (consumer/getToken purpose login), then consumer/login with the code.
 */
export default function VipCodeLoginPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const redirect = useMemberRedirect();
  const { signIn, failure, pending } = useMemberSignIn();
  const form = useRuleForm<ChannelValues>(EMPTY_CHANNEL, rules);
  const { values } = form;

  function submit() {
    return signIn(
      form,
      () => ({
        account:
          values.channel === 'email'
            ? values.email.trim().toLowerCase()
            : `${values.countryCode} ${values.phone.trim()}`,
        code: values.code.trim(),
      }),
      () => nav.replace(redirect),
    );
  }

  return (
    <div className="account-page">
      <NavBar title={t('members.code_login_title')} back={paths.vipLogin} />
      <div className="page-body">
        <p className="account-intro">{t('members.code_login_intro')}</p>
        <FormCard onSubmit={submit}>
          <ChannelFields form={form} purpose="login" testIdPrefix="vip-code-login" />
          <LoginFailure message={failure} testId="vip-code-login-failure" />
          <SubmitButton loading={pending} testId="vip-code-login-submit">
            {t('members.login_submit')}
          </SubmitButton>
          <div className="form-links">
            <button
              type="button"
              className="text-link"
              data-testid="vip-code-login-password"
              onClick={() => nav.replace(paths.vipLogin)}
            >
              {t('members.password_login_link')}
            </button>
          </div>
        </FormCard>
      </div>
    </div>
  );
}
