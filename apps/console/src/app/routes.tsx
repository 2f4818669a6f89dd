import type { StaffMe } from '@wings/contracts';
import { Result, Spin } from 'antd';
import { type ReactNode, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Forbidden, QueryError } from '../components/query-error';
import { ConsoleLayout } from './console-layout';
import { allows, consoleRoutes, menuFor, type RegisteredRoute } from './page-registry';
import { MemberContext, signInPath, useMe, useSignedInMember } from './session';
import { SignInPage } from './sign-in/sign-in-page';

function Loading() {
  const { t } = useTranslation('shell');
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <Spin description={t('common.loading')} />
    </div>
  );
}

/** The signed-in part: asks who is signed in; nobody → sign-in, keeping where the member was. */
function RequireSignIn({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const last = useRef<StaffMe | null>(null);
  if (me.data) last.current = me.data;
  if (last.current && !me.isError) {
    return <MemberContext.Provider value={last.current}>{children}</MemberContext.Provider>;
  }
  if (me.isPending) return <Loading />;
  if (me.isError) {
    if (me.error.code === '600') {
      return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
    }
    return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  }
  return <Loading />;
}

/** A page only the route's roles may open; others read "your role does not allow this". */
function RoleGate({ route }: { route: RegisteredRoute }) {
  const me = useSignedInMember();
  if (!allows(me.roles, route.roles)) return <Forbidden />;
  return <Suspense fallback={<Loading />}>{route.element}</Suspense>;
}

/** The console's start page: the member's first menu entry. */
function Home() {
  const me = useSignedInMember();
  const first = menuFor(consoleRoutes, me.roles)[0];
  return <Navigate to={first ? `/${first.path}` : '/account'} replace />;
}

function NotFound() {
  const { t } = useTranslation('shell');
  return <Result status="404" title="404" subTitle={t('errors.notFound')} />;
}

/** Sign-in, and every registered page inside the signed-in layout. */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="sign-in" element={<SignInPage />} />
      <Route
        element={
          <RequireSignIn>
            <ConsoleLayout />
          </RequireSignIn>
        }
      >
        <Route index element={<Home />} />
        {consoleRoutes.map((route) => (
          <Route key={`${route.area}:${route.path}`} path={route.path} element={<RoleGate route={route} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
