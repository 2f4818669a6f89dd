import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { EmailCodeForm } from '../../../features/account/components/email-code-form';
import { useSessionStore } from '../../../features/account/session-store';
import '../../../features/account/components/account.css';

/** Changing the e-mail, step 2: the new address and the code sent to it (after verify-password). */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const location = useLocation();
  const user = useSessionStore((s) => s.user);
  const verified = (location.state as { passwordVerified?: boolean } | null)?.passwordVerified === true;
  // Accounts with a password confirm it first; third-party accounts without one come straight here.
  if (!verified && user?.hasPassword !== false) return <Navigate to={paths.verifyPassword} replace />;

  return (
    <div className="account-page">
      <NavBar title={t('verify_email.title')} back={paths.userInfo} />
      <div className="page-body">
        <EmailCodeForm
          testIdPrefix="verify-email"
          intro={<p className="account-intro">{t('verify_email.intro')}</p>}
          submitLabel={t('verify_email.submit')}
          onDone={() => {
            Toast.show({ content: t('verify_email.done'), duration: TOAST_DURATION_MS });
            nav.replace(paths.userInfo);
          }}
        />
      </div>
    </div>
  );
}
