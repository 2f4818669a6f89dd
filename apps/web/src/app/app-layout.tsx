import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { DelayedLoading } from '../components/delayed-loading';
import { PageErrorBoundary } from '../components/error-boundary';
import { bindRouter, systemNavigationArrived } from './navigation';
import { isTabPath, pageOrder, paths } from './paths';
import { RouteGuard } from './route-guard';
import { TabBar } from './tab-bar';

type Direction = 'none' | 'forward' | 'back';

/**
 * Slide direction by page order (spec §2): a later page slides in from the right (moving
 * left), an earlier one from the left. Switching between tabs does not slide.
 */
function useSlideDirection(pathname: string): Direction {
  const last = useRef<{ path: string; dir: Direction }>({ path: pathname, dir: 'none' });
  if (last.current.path !== pathname) {
    const from = last.current.path;
    const dir: Direction =
      isTabPath(from) && isTabPath(pathname)
        ? 'none'
        : pageOrder(pathname) >= pageOrder(from)
          ? 'forward'
          : 'back';
    last.current = { path: pathname, dir };
  }
  return last.current.dir;
}

/** Mounted once per page (the page container is keyed by path): a new page starts at the top. */
function ScrollToTop() {
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, []);
  return null;
}

/** The app shell: the current page with its transition, and the tab bar on tab pages. */
export function AppLayout() {
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();
  const here = useRef('');
  here.current = location.pathname + location.search;
  useEffect(() => bindRouter({ navigate, location: () => here.current }), [navigate]);
  // A committed location ends any system redirect in flight (see navigateOutside).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location on purpose.
  useEffect(() => systemNavigationArrived(), [location.key]);
  const direction = useSlideDirection(pathname);
  const withTabs = isTabPath(pathname) || pathname === paths.login;

  return (
    <div className={`app-shell${withTabs ? ' app-shell-tabs' : ''}`}>
      <div key={pathname} className={`page page-${direction}`}>
        <ScrollToTop />
        <PageErrorBoundary>
          <Suspense fallback={<DelayedLoading />}>
            <RouteGuard>
              <Outlet />
            </RouteGuard>
          </Suspense>
        </PageErrorBoundary>
      </div>
      {withTabs ? <TabBar /> : null}
    </div>
  );
}
