import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AdminInsurancePlan, ZAdminInsurancePlan, ZAdminInsurancePlanList } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, type ReplySchema, renderConsole } from '../../test/render';

const SCHEMAS: ReplySchema[] = [
  [/^GET \/insurance\/plans$/, ZAdminInsurancePlanList],
  [/^(POST|PUT) \/insurance\/plans(\/\d+)?$/, ZAdminInsurancePlan],
  [/^POST \/insurance\/plans\/\d+\/disable$/, ZAdminInsurancePlan],
];

const PLUS: AdminInsurancePlan = ZAdminInsurancePlan.parse({
  id: 12,
  code: 'PLUS',
  currency: 'USD',
  grade: 2,
  name: { zh: '升级保障', en: 'Plus', km: 'បន្ថែម' },
  coverage: [
    { item: 'medical', limit: 10_000_000 },
    { item: 'delay', limit: 30_000 },
  ],
  priceBands: [
    { upToDays: 7, amount: 1300 },
    { upToDays: 90, amount: 8000 },
  ],
  active: true,
  disabledAt: null,
  updatedAt: '2026-11-24T02:00:00.000Z',
});

describe('insurance plans', () => {
  test('lists plans with cover and bands as money; an agent only reads', async () => {
    fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['agent']) },
        'GET /insurance/plans': { data: { list: [PLUS] } },
      },
      SCHEMAS,
    );
    renderConsole('/insurance');
    expect(await screen.findByText('Plus')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Insurance plans/ })).toBeTruthy();
    expect(screen.getByText('Medical: $100,000.00')).toBeTruthy();
    expect(screen.getByText('≤7 days: $13.00')).toBeTruthy();
    expect(screen.getByText('On sale')).toBeTruthy();
    expect(screen.getByText('You can look, but only admins can change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New plan/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit PLUS/ })).toBeNull();
  });

  test('an admin edits a plan’s band, sees a refused band next to it, and disables with a reason', async () => {
    let refused = false;
    const calls = fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['admin']) },
        'GET /insurance/plans': { data: { list: [PLUS] } },
        'PUT /insurance/plans/12': () => {
          if (!refused) {
            refused = true;
            return {
              code: '400',
              status: 400,
              message: 'Bands must go up in days, each price at least the one before.',
              data: {
                fields: [
                  {
                    field: 'priceBands.1.upToDays',
                    key: 'insurance.bands_order',
                    message: 'Bands must go up in days, each price at least the one before.',
                  },
                ],
              },
            };
          }
          return { data: { ...PLUS, grade: 3 } };
        },
        'POST /insurance/plans/12/disable': {
          data: { ...PLUS, active: false, disabledAt: '2026-11-24T03:00:00.000Z' },
        },
      },
      SCHEMAS,
    );
    renderConsole('/insurance');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit PLUS USD' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Grade (1 is the most basic)'), {
      target: { value: '3' },
    });
    fireEvent.change(within(dialog).getByLabelText('Price 2'), { target: { value: '85' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Bands must go up in days, each price at least the one before.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      grade: 3,
      name: { zh: '升级保障', en: 'Plus', km: 'បន្ថែម' },
      coverage: [
        { item: 'medical', limit: 10_000_000 },
        { item: 'delay', limit: 30_000 },
      ],
      priceBands: [
        { upToDays: 7, amount: 1300 },
        { upToDays: 90, amount: 8500 },
      ],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Disable PLUS USD' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.change(within(confirm).getByLabelText('Reason'), {
      target: { value: 'withdrawn by the insurer' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/insurance/plans/12/disable')).toBe(true));
    expect(calls.find((c) => c.path === '/insurance/plans/12/disable')?.body).toEqual({
      reason: 'withdrawn by the insurer',
    });
  });
});
