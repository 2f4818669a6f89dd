import { STAFF_ROLES } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { expectOnlyRoles, type StaffRequest } from './support/staff';

/**
 * Issue 13: every admin route declares its roles, and every other role is refused. This walks the
 * staff layer's whole route table as the app declares it (a call added tomorrow is checked without
 * a line more here): nobody signed in gets 600, each role not named gets 403 before the call's
 * body is even read, each role named gets through the gate (whatever the call then answers to an
 * empty body). Path parameters get a placeholder; the calls' own tests check what they do.
 */
describe('the roles of every staff call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the calls of the console: sign-in, staff, audit, orders, fares, translations, flights', () => {
    const paths = new Set(t.app.staffRoutes.map((r) => r.url));
    for (const url of [
      '/api/admin/auth/login',
      '/api/admin/staff',
      '/api/admin/audit',
      '/api/admin/orders',
      '/api/admin/pricing/fares',
      '/api/admin/content/translations',
      '/api/admin/flights',
    ]) {
      expect(paths, url).toContain(url);
    }
    for (const route of t.app.staffRoutes) {
      for (const role of route.roles ?? [])
        expect(STAFF_ROLES, `${route.method} ${route.url}`).toContain(role);
    }
  });

  it('refuses nobody and every other role, and lets each named role through, on every call', async () => {
    const routes = t.app.staffRoutes
      .filter((r) => r.roles !== null && r.method !== 'HEAD')
      // Sign-out calls last: they end the session the other checks reuse.
      .sort((a, b) => Number(a.url.includes('/auth/')) - Number(b.url.includes('/auth/')));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_whole, name: string) =>
        /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'X1',
      );
      const payload = route.method === 'GET' ? undefined : {};
      await expectOnlyRoles(t, { method: route.method as StaffRequest['method'], url, payload }, [
        ...(route.roles ?? []),
      ]);
    }
  }, 300_000);
});
