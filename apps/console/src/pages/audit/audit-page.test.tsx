import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuditEntry } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, renderConsole } from '../../test/render';
import { diffFields } from './audit-diff';
import { auditQuery } from './audit-page';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '1',
  at: '2026-11-24T03:00:00.000Z',
  staffId: '00000000-0000-4000-8000-000000000001',
  staffEmail: 'admin@demo.wings-airways.test',
  action: 'staff.update',
  targetType: 'staff',
  targetId: '00000000-0000-4000-8000-0000000000a1',
  before: { name: 'Sokha', roles: ['agent'], active: true },
  after: { name: 'Sokha', roles: ['agent', 'finance'], active: false },
  reason: 'Moved to finance',
  ip: '10.0.0.8',
  ...over,
});

/** A picked day as antd's date picker hands it over (local midnight of that day). */
const day = (y: number, m: number, d: number) => ({ toDate: () => new Date(y, m - 1, d, 12) });

describe('audit filters', () => {
  test('build the API query: trimmed texts, days as the first and last instant, empty ones left out', () => {
    expect(
      auditQuery(
        {
          staffId: 'abc',
          action: ' fare.update ',
          targetType: '',
          targetId: ' X1 ',
          dates: [day(2026, 11, 1), day(2026, 11, 24)],
        },
        3,
      ),
    ).toEqual({
      staffId: 'abc',
      action: 'fare.update',
      targetType: undefined,
      targetId: 'X1',
      from: new Date(2026, 10, 1, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 10, 24, 23, 59, 59, 999).toISOString(),
      page: 3,
      pageSize: 50,
    });
  });

  test('the page sends the filters typed and the page chosen', async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['auditor']) },
      'GET /staff': { data: { list: [] } },
      'GET /audit': (call) => ({
        data: {
          list: [entry({ id: call.query.get('page') ?? '1' })],
          total: 120,
          page: Number(call.query.get('page') ?? 1),
          pageSize: 50,
        },
      }),
    });
    renderConsole('/audit');
    await screen.findByText('Moved to finance');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'staff.update' } });
    fireEvent.change(screen.getByLabelText('Target type'), { target: { value: 'staff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/audit').length).toBe(2));
    const searched = calls.filter((c) => c.path === '/audit')[1];
    expect(Object.fromEntries(searched?.query ?? [])).toEqual({
      action: 'staff.update',
      targetType: 'staff',
      page: '1',
      pageSize: '50',
    });

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/audit').length).toBe(3));
    expect(calls.filter((c) => c.path === '/audit')[2]?.query.get('page')).toBe('2');
    expect(calls.filter((c) => c.path === '/audit')[2]?.query.get('action')).toBe('staff.update');
  });

  test('a row opens to what changed, field by field', async () => {
    fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /staff': { data: { list: [] } },
      'GET /audit': { data: { list: [entry()], total: 1, page: 1, pageSize: 50 } },
    });
    renderConsole('/audit');
    await screen.findByText('Moved to finance');
    fireEvent.click(screen.getByRole('button', { name: /expand row/i }));
    await screen.findByText('roles');
    expect(screen.getByText('["agent"]')).toBeTruthy();
    expect(screen.getByText('["agent","finance"]')).toBeTruthy();
    expect(screen.getByText('active')).toBeTruthy();
    expect(screen.queryByText('name')).toBeNull();
  });
});

describe('diffFields', () => {
  test('lists changed fields, nested ones by path; a creation lists all', () => {
    expect(diffFields({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 5, d: 3 }, e: 'x' })).toEqual([
      { field: 'b.c', before: 2, after: 5 },
      { field: 'e', before: undefined, after: 'x' },
    ]);
    expect(diffFields(null, { a: 1 })).toEqual([{ field: 'a', before: undefined, after: 1 }]);
    expect(diffFields({ a: [1] }, { a: [1] })).toEqual([]);
  });
});
