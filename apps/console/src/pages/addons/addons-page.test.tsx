import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminAddonPrice,
  ZAdminAddonOptions,
  ZAdminAddonPage,
  ZAdminAddonPrice,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, pickOption, renderConsole } from '../../test/render';

// Every fake reply is parsed with its contract: a reply the API could not send fails the test.
const OPTIONS = ZAdminAddonOptions.parse({
  routes: [
    { code: 'KTI-SAI', origin: 'KTI', destination: 'SAI', currency: 'USD', currencies: ['USD'] },
    { code: 'CAN-KTI', origin: 'CAN', destination: 'KTI', currency: 'CNY', currencies: ['USD', 'CNY'] },
  ],
  kinds: ['baggage', 'priority', 'seat', 'refund_upgrade'],
  seatTypes: ['PFST', 'UPST', 'SEAT'],
  baggageSteps: [5, 10, 15, 20, 25, 30, 35, 40],
  allowance: { carryOnKg: 7, checkedKg: 20 },
  percent: { min: 1, max: 100 },
});

const row = (over: Partial<AdminAddonPrice> = {}): AdminAddonPrice =>
  ZAdminAddonPrice.parse({
    id: 7,
    routeCode: 'KTI-SAI',
    origin: 'KTI',
    destination: 'SAI',
    cabin: 'Y',
    kind: 'baggage',
    serviceCode: 13,
    weightKg: 5,
    seatType: null,
    currency: 'USD',
    price: { amount: 1200, currency: 'USD' },
    percent: null,
    validFrom: '2024-01-01',
    validTo: null,
    state: 'active',
    disabledAt: null,
    disabledReason: null,
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...over,
  });

const page = (list: AdminAddonPrice[]) =>
  ZAdminAddonPage.parse({ list, total: list.length, page: 1, pageSize: 100 });

describe('add-on catalogue page', () => {
  test('lists prices per route and cabin with their option, service code and state; filters by route', async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['agent']) },
      'GET /addons/options': { data: OPTIONS },
      'GET /addons/prices': {
        data: page([
          row(),
          row({
            id: 8,
            kind: 'seat',
            serviceCode: 12,
            weightKg: null,
            seatType: 'SEAT',
            price: { amount: 0, currency: 'USD' },
          }),
          row({ id: 9, kind: 'refund_upgrade', serviceCode: null, weightKg: null, price: null, percent: 12 }),
        ]),
      },
    });
    renderConsole('/addons');
    expect(await screen.findByText('+5 kg (25 kg checked)')).toBeTruthy();
    expect(screen.getByText('$12.00')).toBeTruthy();
    expect(screen.getByText('Free ($0.00)')).toBeTruthy();
    expect(screen.getByText('12% of the fare')).toBeTruthy();
    expect(screen.getByText('SEAT standard seat')).toBeTruthy();
    expect(screen.getAllByText('Active')).toHaveLength(3);
    // Agents read, but change nothing.
    expect(screen.getByText('You can read these; only admins can change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New price/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Route' }));
    fireEvent.click(await screen.findByTitle('CAN-KTI'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/addons/prices' && c.query.get('route') === 'CAN-KTI')).toBe(true),
    );
  });

  test('an admin files a price: the form refuses a broken rule before sending, then sends minor units', async () => {
    let list = [row()];
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /addons/options': { data: OPTIONS },
      'GET /addons/prices': () => ({ data: page(list) }),
      'POST /addons/prices': (call) => {
        const body = call.body as { amount: number };
        const created = row({
          id: 20,
          kind: 'priority',
          serviceCode: 11,
          weightKg: null,
          price: { amount: body.amount, currency: 'USD' },
          validFrom: '2027-01-01',
          state: 'scheduled',
        });
        list = [...list, created];
        return { data: created };
      },
    });
    renderConsole('/addons');
    await screen.findByText('$12.00');
    fireEvent.click(screen.getByRole('button', { name: /New price/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByLabelText('Route'));
    await pickOption('KTI-SAI');
    fireEvent.mouseDown(within(dialog).getByLabelText('Add-on'));
    await pickOption('Priority boarding');
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('First departure date'), {
      target: { value: '2027-01-01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // checkAddonPrice, the API's rule, refuses a free priority boarding next to the field.
    expect(await within(dialog).findByText('The price must be more than 0.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '8.5' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'summer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('$8.50');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      routeCode: 'KTI-SAI',
      cabin: 'Y',
      currency: 'USD',
      kind: 'priority',
      weightKg: null,
      seatType: null,
      amount: 850,
      percent: null,
      validFrom: '2027-01-01',
      validTo: null,
      reason: 'summer',
    });
  });

  test('an admin edits a price, sees the server’s refusal on its field, and disables a row with a reason', async () => {
    let current = row();
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /addons/options': { data: OPTIONS },
      'GET /addons/prices': () => ({ data: page([current]) }),
      'PUT /addons/prices/7': (call) => {
        const body = call.body as { amount: number; validFrom: string };
        if (body.validFrom === '2024-06-01') {
          return {
            code: '400',
            status: 400,
            message: 'This route, cabin and add-on already have a price from this date.',
            data: {
              fields: [
                {
                  field: 'validFrom',
                  key: 'addons.price_exists',
                  message: 'This route, cabin and add-on already have a price from this date.',
                },
              ],
            },
          };
        }
        current = row({ price: { amount: body.amount, currency: 'USD' } });
        return { data: current };
      },
      'POST /addons/prices/7/disable': (call) => {
        current = row({
          state: 'disabled',
          disabledAt: '2026-11-24T00:00:00.000Z',
          disabledReason: (call.body as { reason: string }).reason,
        });
        return { data: current };
      },
    });
    renderConsole('/addons');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit KTI-SAI Y baggage 5 USD/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '13' } });
    fireEvent.change(within(dialog).getByLabelText('First departure date'), {
      target: { value: '2024-06-01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This route, cabin and add-on already have a price from this date.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('First departure date'), {
      target: { value: '2024-01-01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('$13.00');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      amount: 1300,
      percent: null,
      validFrom: '2024-01-01',
      validTo: null,
    });

    fireEvent.click(screen.getByRole('button', { name: /^Disable KTI-SAI Y baggage 5 USD/ }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.change(within(confirm).getByLabelText('Reason'), { target: { value: 'not sold any more' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disabled')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/addons/prices/7/disable')?.body).toEqual({
      reason: 'not sold any more',
    });
    expect(screen.queryByRole('button', { name: /^Edit KTI-SAI/ })).toBeNull();
  });
});
