import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useSessionStore } from '../../../features/account/session-store';
import { useMemberRegister } from '../../../features/members/api/member-register';
import {
  draftOf,
  EMPTY_REGISTER_VALUES,
  RegisterForm,
  type RegisterValues,
  registrationFields,
  valuesFromDraft,
  valuesFromUser,
} from '../../../features/members/components/register-form';
import { useMemberStore } from '../../../features/members/member-store';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

/**
 * Member registration (issue 17; booking-and-account §4): the whole form, kept as a draft on the
 * device (never the password or code) so leaving and coming back keeps it. A signed-in app
 * account starts from its profile and its session joins the member to it (its bookings then
 * earn miles). On success the member is signed in and sees the audit state.
 */
export default function VipRegisterPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const register = useMemberRegister();
  const user = useSessionStore((s) => s.user);
  const loggedIn = useSessionStore((s) => s.loggedIn);
  // The start values once, when the page opens: the kept draft over the account's profile.
  const [initial] = useState<RegisterValues>(() =>
    valuesFromDraft(
      useMemberStore.getState().registerParams,
      valuesFromUser(loggedIn ? user : null, EMPTY_REGISTER_VALUES),
    ),
  );
  const done = useRef(false);
  const keepDraft = useCallback((values: RegisterValues) => {
    // After success the draft is dropped; a last render must not write it back.
    if (!done.current) useMemberStore.getState().setRegisterParams(draftOf(values));
  }, []);

  async function submit(values: RegisterValues) {
    await register.mutateAsync({
      ...registrationFields(values),
      password: values.password,
      confirmPassword: values.confirmPassword,
      code: values.code.trim(),
      agree: values.agree,
    });
    done.current = true;
    useMemberStore.getState().setRegisterParams(null);
    nav.replace(paths.vipRegisterInfo);
  }

  return (
    <div className="account-page">
      <NavBar title={t('members.register_title')} back={paths.vipLogin} />
      <div className="page-body">
        <RegisterForm
          mode="register"
          initial={initial}
          onDraft={keepDraft}
          onSubmit={submit}
          submitting={register.isPending}
          submitLabel={t('members.register_submit')}
          intro={
            <>
              <p className="account-intro">{t('members.register_intro')}</p>
              {loggedIn ? (
                <p className="mb-notice" data-testid="vip-register-join">
                  {t('members.join_account_note')}
                </p>
              ) : null}
            </>
          }
        />
      </div>
    </div>
  );
}
