import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { NavBar } from '../../../components/nav-bar';
import { EmailCodeForm } from '../../../features/account/components/email-code-form';
import { useRedirectTarget } from '../../../features/account/use-redirect-target';
import '../../../features/account/components/account.css';

/** After a first third-party login: bind an e-mail to the new account, then go where the visitor was going. */
export default function AssociateEmailPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const redirect = useRedirectTarget();
  return (
    <div className="account-page">
      <NavBar title={t('associate.title')} />
      <div className="page-body">
        <EmailCodeForm
          testIdPrefix="associate-email"
          intro={<p className="account-intro">{t('associate.intro')}</p>}
          submitLabel={t('associate.submit')}
          onDone={() => nav.replace(redirect)}
        />
      </div>
    </div>
  );
}
