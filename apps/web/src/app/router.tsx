import type { ComponentType } from 'react';
import { HashRouter, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { AppLayout } from './app-layout';
import { addonTextsLoaded } from './i18n';
import { lazyPage } from './lazy-page';
import { isTabPath, orderHref, paths } from './paths';
import { pageSource, ROUTE_PAGES } from './route-pages';

/** Every page module, each its own chunk, loaded when its route first shows. */
const pageModules = import.meta.glob<{ default: ComponentType<object> }>('../pages/*/*/*-page.tsx');

/**
 * The route of each page in ROUTE_PAGES, lazily loaded (the layout's Suspense waits for it). A
 * page past the tab bar also waits for the add-on screens' texts (fetched beside its chunk, once):
 * they stay out of the first paint (i18n ADDON_NS).
 */
const pageRoutes: RouteObject[] = Object.entries(ROUTE_PAGES).map(([path, page]) => {
  const module = pageModules[`../${pageSource(page)}`];
  if (!module) throw new Error(`route ${path}: no page module ${pageSource(page)}`);
  const load = isTabPath(path)
    ? module
    : () => Promise.all([module(), addonTextsLoaded()]).then(([loaded]) => loaded);
  const Page = lazyPage(load);
  return { path, element: <Page /> };
});

/**
 * The return-from-payment deep link (`abaPayReturn?orderNo=`, with `payResult=fail` after a
 * decline or cancel) opens the order's ticket detail, which confirms the payment or offers a retry.
 */
function PayReturnRedirect() {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const orderNo = query.get('orderNo') ?? '';
  const failed = query.get('payResult') === 'fail' ? { payResult: 'fail' } : undefined;
  return <Navigate to={orderNo ? orderHref(paths.ticketDetail, orderNo, failed) : paths.tickets} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      ...pageRoutes,
      { path: paths.abaPayReturn, element: <PayReturnRedirect /> },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Hash router at base `/` (spec §2), in React Router's declarative mode: the app loads no data in
 * its routes, and the data router's machinery weighs 15 KB gzip in every first load. Which pages
 * need a login is in route-meta.ts; tests render the same `routes` in a memory router.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
