import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { useSessionStore } from '../features/account/session-store';
import { systemNavigationPending } from './navigation';
import { GUARD_REDIRECT_LIST, loginHref } from './paths';

/** What a route declares about itself in its `handle`. */
export interface RouteMeta {
  /** Anonymous visitors are sent to login (or to `redirectTo`) and come back afterwards. */
  requiresLogin?: boolean;
  /** The page's own redirect target for anonymous visitors, instead of the login page. */
  redirectTo?: string;
}

/** The route meta of the deepest matched route that declares one. */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle && (handle.requiresLogin || handle.redirectTo)) return handle;
  }
  return {};
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
  if (meta.requiresLogin && !loggedIn && !GUARD_REDIRECT_LIST.includes(pathname)) {
    // An expired login is already being sent to the login page, with its own flags.
    if (systemNavigationPending()) return null;
    return <Navigate to={meta.redirectTo ?? loginHref(pathname + search)} replace />;
  }
  return children;
}
