import { SpinLoading } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { clientHooks } from '../../../api/client-hooks';
import { useAppNavigate } from '../../../app/navigation';
import { isSafeRedirect, loginHref, paths } from '../../../app/paths';
import { useOauthLogin } from '../../../features/account/api/oauth-login';

/**
 * Where the API sends the browser back after a third-party consent page: trades the one-time
 * ticket for a session, then binds an e-mail first if the account has none.
 */
export default function OauthCallbackPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const [params] = useSearchParams();
  const login = useOauthLogin();
  const started = useRef(false);
  const ticket = params.get('ticket');
  const error = params.get('error');
  const returnTo = params.get('returnTo');
  const target = isSafeRedirect(returnTo) ? returnTo : paths.more;

  useEffect(() => {
    // The ticket is single use: StrictMode's second effect run must not spend it again.
    if (started.current) return;
    started.current = true;
    if (error || !ticket) {
      clientHooks.toast(t('oauth_failed'));
      nav.replace(loginHref(target));
      return;
    }
    login.mutate(
      { ticket },
      {
        onSuccess: (reply) =>
          nav.replace(
            reply.needsEmail ? `${paths.associateEmail}?redirect=${encodeURIComponent(target)}` : target,
          ),
        onError: () => nav.replace(loginHref(target)),
      },
    );
  }, [error, ticket, target, login, nav, t]);

  return (
    <div className="page-loading" role="status" data-testid="oauth-callback">
      <SpinLoading color="primary" />
      <span>{t('oauth.signing_in')}</span>
    </div>
  );
}
