import { paths } from '../../lib/paths';

/**
 * The member programme's pages a visitor without a member session may open (spec §2): the login
 * pages, registration and the password reset. Every other member page needs a member session
 * (app/route-meta.ts `requiresMember`). Kept tiny: the app shell's guard and HTTP client read it.
 */
export const MEMBER_OPEN_PATHS: readonly string[] = [
  paths.vipLogin,
  paths.vipCodeLogin,
  paths.vipRegister,
  paths.vipForgetPassword,
];

/** A member page to come back to after the member login: the app's own pages, never a login page. */
export function isSafeMemberRedirect(target: string | null | undefined): target is string {
  return (
    typeof target === 'string' &&
    target.startsWith('/pages/') &&
    !target.startsWith(paths.vipLogin) &&
    !target.startsWith(paths.vipCodeLogin) &&
    !target.startsWith(paths.login)
  );
}

/** The member login, coming back to `redirect` afterwards; `isReLogin=1` after CAF9999 (spec §8). */
export function vipLoginHref(redirect?: string, reLogin = false): string {
  const query = new URLSearchParams();
  if (reLogin) query.set('isReLogin', '1');
  if (redirect && isSafeMemberRedirect(redirect)) query.set('redirect', redirect);
  const qs = query.toString();
  return qs ? `${paths.vipLogin}?${qs}` : paths.vipLogin;
}
