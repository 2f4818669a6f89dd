import { isApiError } from '@wings/api-client';
import { ErrorCodes } from '@wings/contracts';
import { checkMemberPassword, checkMemberPasswordPair, type RuleIssue } from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { FormCard, FormField, SubmitButton } from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useChangeMemberPassword } from '../../../features/members/api/member-account';
import { MemberPasswordInput } from '../../../features/members/components/member-password-input';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

interface ChangeValues extends Record<string, unknown> {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

const rules = (v: ChangeValues): RuleIssue[] => [
  ...(/^\d{6}$/.test(v.oldPassword) ? [] : [{ field: 'oldPassword', key: 'member.password_format' }]),
  ...checkMemberPassword(v.password),
  ...(v.password && v.password === v.oldPassword
    ? [{ field: 'password', key: 'members.password_same_as_old' }]
    : []),
  ...checkMemberPasswordPair(v.password, v.confirmPassword),
];

/** Change the member password (issue 17, consumer/user/updateUserPassword): the old one, the new one twice. */
export default function VipChangePasswordPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const change = useChangeMemberPassword();
  const form = useRuleForm<ChangeValues>({ oldPassword: '', password: '', confirmPassword: '' }, rules);
  const { values } = form;

  async function submit() {
    if (!form.validate()) return;
    try {
      await change.mutateAsync({
        oldPassword: values.oldPassword,
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      Toast.show({ content: t('members.password_changed'), duration: TOAST_DURATION_MS });
      nav.back(paths.vipHome);
    } catch (error) {
      // 812: the old password is wrong; it belongs on its field.
      if (isApiError(error) && error.code === ErrorCodes.memberOldPasswordWrong.code) {
        form.setFieldError('oldPassword', error.message);
        return;
      }
      form.applyServerError(error);
    }
  }

  return (
    <div className="account-page">
      <NavBar title={t('members.change_password_title')} back={paths.vipHome} />
      <div className="page-body">
        <FormCard onSubmit={submit}>
          <FormField label={t('members.old_password')} field="oldPassword" error={form.error('oldPassword')}>
            <MemberPasswordInput
              form={form}
              field="oldPassword"
              testId="vip-password-old"
              autoComplete="current-password"
            />
          </FormField>
          <FormField
            label={t('members.new_password')}
            field="password"
            error={form.error('password')}
            hint={t('members.password_rules')}
          >
            <MemberPasswordInput
              form={form}
              field="password"
              testId="vip-password-new"
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
              testId="vip-password-confirm"
              autoComplete="new-password"
            />
          </FormField>
          <SubmitButton loading={change.isPending} testId="vip-password-submit">
            {t('members.change_password_submit')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
