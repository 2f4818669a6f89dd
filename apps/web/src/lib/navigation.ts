import { useMemo } from 'react';
import { type NavigateFunction, type NavigateOptions, type To, useNavigate } from 'react-router';
import { paths } from './paths';

/** Navigation calls are debounced by 50 ms (spec §2, §9): a double tap navigates once. */
export const NAVIGATION_DEBOUNCE_MS = 50;

let pending: ReturnType<typeof setTimeout> | null = null;

/** Runs `action` after the debounce window; a newer call inside the window replaces it. */
export function debounceNavigation(action: () => void): void {
  if (pending) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = null;
    action();
  }, NAVIGATION_DEBOUNCE_MS);
}

export interface AppNavigation {
  push: (to: To, options?: NavigateOptions) => void;
  replace: (to: To, options?: NavigateOptions) => void;
  /** Back through browser history; when the app was opened on this page, go to `fallback`. */
  back: (fallback?: string) => void;
}

/** The only way pages navigate: debounced push, replace and back (browser history). */
export function useAppNavigate(): AppNavigation {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      push: (to, options) => debounceNavigation(() => navigate(to, options)),
      replace: (to, options) => debounceNavigation(() => navigate(to, { ...options, replace: true })),
      back: (fallback = paths.home) =>
        debounceNavigation(() => {
          const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
          if (idx > 0) navigate(-1);
          else navigate(fallback, { replace: true });
        }),
    }),
    [navigate],
  );
}

interface BoundRouter {
  navigate: NavigateFunction;
  /** The current path with its query, e.g. `/pages/more/user-info/user-info`. */
  location: () => string;
}

let bound: BoundRouter | null = null;

/** The app layout binds the router here so code outside React (the HTTP client) can navigate. */
export function bindRouter(router: BoundRouter): () => void {
  bound = router;
  return () => {
    if (bound === router) bound = null;
  };
}

/** The current page path and query, from the bound router or else the hash. */
export function currentAppPath(): string {
  return bound ? bound.location() : window.location.hash.replace(/^#/, '') || paths.home;
}

/**
 * Navigates from outside React at once, replacing the current entry: for redirects the system
 * makes (an expired login), not taps, so it is not debounced, and it drops any tap navigation
 * still pending so that nothing lands after it.
 */
export async function navigateOutside(to: string): Promise<void> {
  if (pending) {
    clearTimeout(pending);
    pending = null;
  }
  systemTarget = to;
  if (bound) await bound.navigate(to, { replace: true });
  else window.location.hash = `#${to}`;
}

/**
 * A system redirect is on its way until the layout commits the new location. Until then the
 * page on screen may be the one being left (React keeps it while the next page's code loads),
 * and its route guard must not start a redirect of its own.
 */
let systemTarget: string | null = null;
export function systemNavigationPending(): boolean {
  return systemTarget !== null;
}
export function systemNavigationArrived(): void {
  systemTarget = null;
}
