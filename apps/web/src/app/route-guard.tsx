import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../features/account/session-store';
import { vipLoginHref } from '../features/members/member-paths';
import { useMemberStore } from '../features/members/member-store';
import { systemNavigationPending } from './navigation';
import { GUARD_REDIRECT_LIST, loginHref } from './paths';
import { type RouteMeta, routeMetaOf } from './route-meta';

export type { RouteMeta };

/** The route meta of the page shown now (route-meta.ts). */
export function useRouteMeta(): RouteMeta {
  return routeMetaOf(useLocation().pathname);
}

/**
 * The router guard (spec §2, §6): a page flagged as needing login sends an anonymous visitor
 * to its own redirect target or to login with `redirect=<this page>`. Pages on the redirect
 * list (login, the ticket tab) are never redirected.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const meta = useRouteMeta();
  const { pathname, search } = useLocation();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const hasMemberSession = useMemberStore((s) => s.vipToken !== null);
  if (meta.requiresLogin && !loggedIn && !GUARD_REDIRECT_LIST.includes(pathname)) {
    // An expired login is already being sent to the login page, with its own flags.
    if (systemNavigationPending()) return null;
    return <Navigate to={meta.redirectTo ?? loginHref(pathname + search)} replace />;
  }
  if (meta.requiresMember && !hasMemberSession) {
    // A member page without a member session (issue 17): the member login, then back here.
    if (systemNavigationPending()) return null;
    return <Navigate to={vipLoginHref(pathname + search)} replace />;
  }
  return children;
}
