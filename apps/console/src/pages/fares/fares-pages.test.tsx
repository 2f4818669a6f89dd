import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminFare,
  type AdminPromo,
  ZAdminFare,
  ZAdminFarePage,
  ZAdminPricingOptions,
  ZAdminPromo,
  ZAdminPromoList,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, renderConsole } from '../../test/render';

// Every fake reply is parsed with its contract: a reply the API could not send fails the test.
const OPTIONS = ZAdminPricingOptions.parse({
  routes: [
    { code: 'KTI-BKK', origin: 'KTI', destination: 'BKK', currency: 'USD' },
    { code: 'KTI-SAI', origin: 'KTI', destination: 'SAI', currency: 'USD' },
  ],
  classes: [
    { letter: 'M', family: 'Grand', cabin: 'Y', nestOrder: 3 },
    { letter: 'W', family: 'Basic', cabin: 'Y', nestOrder: 6 },
  ],
  families: ['WingsFlex', 'Premium', 'Grand', 'Basic', 'Value'],
});

const fare = (over: Partial<AdminFare> = {}): AdminFare =>
  ZAdminFare.parse({
    id: 41,
    routeCode: 'KTI-BKK',
    origin: 'KTI',
    destination: 'BKK',
    bookingClass: 'M',
    family: 'Grand',
    cabin: 'Y',
    adultFare: { amount: 12_345, currency: 'USD' },
    validFrom: '2025-01-01',
    validTo: null,
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...over,
  });

const promo = (over: Partial<AdminPromo> = {}): AdminPromo =>
  ZAdminPromo.parse({
    code: 'ANGKOR20',
    title: { zh: '吴哥之旅立减 20 美元', en: 'USD 20 off Phnom Penh – Siem Reap', km: 'បញ្ចុះតម្លៃ 20 ដុល្លារ' },
    kind: 'amount',
    value: 2_000,
    currency: 'USD',
    minSpend: null,
    validFrom: '2024-12-31T17:00:00.000Z',
    validTo: '2030-12-31T16:59:59.000Z',
    routes: ['KTI-SAI', 'SAI-KTI'],
    usageLimit: 100,
    usedCount: 7,
    listed: true,
    state: 'active',
    disabledAt: null,
    disabledReason: null,
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...over,
  });

describe('fares', () => {
  test('lists fares as money with child and infant fares, filters by route, and edits an amount in a modal', async () => {
    let current = fare();
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /pricing/options': { data: OPTIONS },
      'GET /pricing/fares': () => ({
        data: ZAdminFarePage.parse({ list: [current], total: 1, page: 1, pageSize: 50 }),
      }),
      'PUT /pricing/fares/41': (call) => {
        const body = call.body as { adultAmount: number; validTo: string | null };
        if (body.validTo === '2020-01-01') {
          return {
            code: '400',
            status: 400,
            message: 'The last date cannot be before the first date.',
            data: {
              fields: [
                {
                  field: 'validTo',
                  key: 'admin.valid_to_before_from',
                  message: 'The last date cannot be before the first date.',
                },
              ],
            },
          };
        }
        current = fare({ adultFare: { amount: body.adultAmount, currency: 'USD' } });
        return { data: current };
      },
    });
    renderConsole('/fares');
    expect(await screen.findByText('$123.45')).toBeTruthy();
    expect(screen.getByText('$92.59')).toBeTruthy(); // 75% for a child, rounded as booking does
    expect(screen.getByText('Until further notice')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Route' }));
    fireEvent.click(await screen.findByTitle('KTI-BKK'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/pricing/fares' && c.query.get('route') === 'KTI-BKK')).toBe(true),
    );

    fireEvent.click(await screen.findByRole('button', { name: /^Edit KTI-BKK M USD/ }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Adult fare');
    fireEvent.change(amount, { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText('Last departure date'), {
      target: { value: '2020-01-01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The server's message is shown next to its field, and the modal stays open.
    expect(await within(dialog).findByText('The last date cannot be before the first date.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Last departure date'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'new season' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('$150.00');
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.at(-1)?.body).toEqual({
      adultAmount: 15_000,
      validFrom: '2025-01-01',
      validTo: null,
      reason: 'new season',
    });
  });

  test('finance and auditors read fares without edit buttons', async () => {
    fakeAdminApi({
      'GET /auth/me': { data: aMember(['auditor']) },
      'GET /pricing/options': { data: OPTIONS },
      'GET /pricing/fares': {
        data: ZAdminFarePage.parse({ list: [fare()], total: 1, page: 1, pageSize: 50 }),
      },
    });
    renderConsole('/fares');
    await screen.findByText('$123.45');
    expect(screen.getByText('You can read these; only admins can change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /New fare/ })).toBeNull();
  });
});

describe('promo codes', () => {
  test('shows uses so far; refuses terms the server would refuse before sending, naming the field', async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /pricing/options': { data: OPTIONS },
      'GET /pricing/promos': { data: ZAdminPromoList.parse({ list: [promo()] }) },
      'POST /pricing/promos': (call) => ({
        data: promo({ code: (call.body as { code: string }).code, usedCount: 0 }),
      }),
    });
    renderConsole('/fares/promos');
    expect(await screen.findByText('7 / 100')).toBeTruthy();
    expect(screen.getByText('$20.00 off')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /New promo code/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'rainy15' } });
    fireEvent.change(within(dialog).getByLabelText('Title (Chinese)'), { target: { value: '雨季 85 折' } });
    fireEvent.change(within(dialog).getByLabelText('Title (English)'), {
      target: { value: '15% off in the rainy season' },
    });
    fireEvent.change(within(dialog).getByLabelText('Title (Khmer)'), {
      target: { value: 'បញ្ចុះតម្លៃ 15% រដូវវស្សា' },
    });
    fireEvent.change(within(dialog).getByLabelText('Percentage'), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByLabelText('Starts (Phnom Penh time)'), {
      target: { value: '2026-06-01T00:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Ends (Phnom Penh time)'), {
      target: { value: '2026-05-01T00:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // @wings/rules checkPromotion, in the member's language, next to each field; nothing sent.
    expect(await within(dialog).findByText('A percentage off must be from 1 to 100.')).toBeTruthy();
    expect(within(dialog).getByText('The end must be after the start.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Percentage'), { target: { value: '15' } });
    fireEvent.change(within(dialog).getByLabelText('Ends (Phnom Penh time)'), {
      target: { value: '2026-10-31T23:59' },
    });
    fireEvent.change(within(dialog).getByLabelText('Usage limit'), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'RAINY15',
      title: { zh: '雨季 85 折', en: '15% off in the rainy season', km: 'បញ្ចុះតម្លៃ 15% រដូវវស្សា' },
      kind: 'percent',
      value: 15,
      currency: null,
      minSpend: null,
      // Phnom Penh wall clock (UTC+7) as instants.
      validFrom: '2026-05-31T17:00:00.000Z',
      validTo: '2026-10-31T16:59:00.000Z',
      routes: null,
      usageLimit: 500,
      listed: true,
    });
  });

  test('disables a code with a reason, then lists it as disabled with when and why', async () => {
    let current = promo();
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /pricing/options': { data: OPTIONS },
      'GET /pricing/promos': () => ({ data: ZAdminPromoList.parse({ list: [current] }) }),
      'POST /pricing/promos/ANGKOR20/disable': (call) => {
        current = promo({
          state: 'disabled',
          disabledAt: '2026-11-24T03:00:00.000Z',
          disabledReason: (call.body as { reason: string }).reason,
        });
        return { data: current };
      },
    });
    renderConsole('/fares/promos');
    await screen.findByText('ANGKOR20');
    fireEvent.click(screen.getByRole('button', { name: 'Disable ANGKOR20' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'leaked online' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/pricing/promos/ANGKOR20/disable')?.body).toEqual({
        reason: 'leaked online',
      }),
    );
    // Shown in the hub's time (Phnom Penh, UTC+7), with the reason; no second disabling.
    expect(await screen.findByText(/^Disabled .*10:00:00.*: leaked online$/)).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable ANGKOR20' })).toBeNull();
  });
});
