import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffRole } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, pickOption, renderConsole } from '../test/render';
import { consoleRoutes, menuFor } from './page-registry';

const shellRoutes = {
  'GET /audit': { data: { list: [], total: 0, page: 1, pageSize: 50 } },
  'GET /staff': { data: { list: [] } },
};

async function menuLabels(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Navigation' });
  return within(nav)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('the page registry', () => {
  test("collects every area's routes with its area name", () => {
    const mine = consoleRoutes.filter((r) => ['account', 'staff', 'audit'].includes(r.area));
    expect(mine.map((r) => [r.area, r.path])).toEqual(
      expect.arrayContaining([
        ['account', 'account'],
        ['staff', 'staff'],
        ['audit', 'audit'],
      ]),
    );
  });

  test.each<[StaffRole[], string[], string[]]>([
    [['admin'], ['staff', 'audit', 'account'], []],
    [['auditor'], ['staff', 'audit', 'account'], []],
    [['agent'], ['account'], ['staff', 'audit']],
    [['finance'], ['account'], ['staff', 'audit']],
    [['content_editor'], ['account'], ['staff', 'audit']],
  ])('the menu of %j shows %j and hides %j', (roles, shown, hidden) => {
    const paths = menuFor(consoleRoutes, roles).map((r) => r.path);
    for (const path of shown) expect(paths).toContain(path);
    for (const path of hidden) expect(paths).not.toContain(path);
  });
});

describe('the console shell', () => {
  test('an admin sees the staff, audit and account entries, and their name and role', async () => {
    fakeAdminApi({ 'GET /auth/me': { data: aMember(['admin']) }, ...shellRoutes });
    renderConsole('/account');
    const labels = await menuLabels();
    expect(labels).toEqual(expect.arrayContaining(['Staff accounts', 'Audit log', 'My account']));
    expect(screen.getByTestId('member-name').textContent).toBe('Demo admin');
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0);
  });

  test('an agent sees neither staff accounts nor the audit log, and opening one reads "not allowed"', async () => {
    const calls = fakeAdminApi({ 'GET /auth/me': { data: aMember(['agent']) }, ...shellRoutes });
    renderConsole('/audit');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    const labels = await menuLabels();
    expect(labels).toContain('My account');
    expect(labels).not.toContain('Staff accounts');
    expect(labels).not.toContain('Audit log');
    // The page was never asked for.
    expect(calls.map((c) => c.path)).toEqual(['/auth/me']);
  });

  test('not signed in (600): to sign-in, keeping the page; signing in comes back to it', async () => {
    let signedIn = false;
    fakeAdminApi({
      'GET /auth/me': () =>
        signedIn
          ? { data: aMember(['auditor']) }
          : { code: '600', message: 'Please sign in', data: { status: 600 } },
      'POST /auth/login': { data: { stage: 'totp', challenge: 'x'.repeat(20), expiresInSeconds: 300 } },
      'POST /auth/verify': () => {
        signedIn = true;
        return { data: { staff: aMember(['auditor']), expiresAt: '2026-11-24T18:00:00.000Z' } };
      },
      ...shellRoutes,
    });
    renderConsole('/staff');
    await screen.findByRole('button', { name: 'Next' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/console/sign-in?from=%2Fstaff');
  });

  test('a session that ends while working (600 on a page call) goes to sign-in, keeping the page', async () => {
    fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /staff': { code: '600', message: 'Please sign in', data: { status: 600 } },
    });
    renderConsole('/staff');
    await screen.findByRole('button', { name: 'Next' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/console/sign-in?from=%2Fstaff');
  });

  test('a call the API refuses for the role (HTTP 403) reads "your role does not allow this"', async () => {
    fakeAdminApi({
      'GET /auth/me': { data: aMember(['auditor']) },
      'GET /staff': { code: '403', message: 'Forbidden', status: 403 },
    });
    renderConsole('/staff');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
  });

  test("the console speaks the member's language, and the header switch keeps the new one on the account", async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['agent'], 'zh') },
      'POST /auth/language': { data: null },
    });
    renderConsole('/account');
    await screen.findByRole('heading', { name: '我的账号' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '界面语言' }));
    await pickOption('ខ្មែរ');
    await screen.findByRole('heading', { name: 'គណនីរបស់ខ្ញុំ' });
    const change = calls.find((c) => c.path === '/auth/language');
    expect(change?.body).toEqual({ language: 'km' });
    // Sent while the console spoke the member's Chinese (language 0), after this browser's English.
    expect(calls[0]?.headers.language).toBe('1');
    expect(change?.headers.language).toBe('0');
    await waitFor(() => expect(document.documentElement.lang).toBe('km-KH'));
  });

  test('sign out ends the session and goes to sign-in', async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['agent']) },
      'POST /auth/logout': { data: null },
    });
    renderConsole('/account');
    fireEvent.click(await screen.findByRole('button', { name: /Sign out$/ }));
    await screen.findByRole('button', { name: 'Next' });
    expect(calls.find((c) => c.path === '/auth/logout')?.method).toBe('POST');
  });
});
