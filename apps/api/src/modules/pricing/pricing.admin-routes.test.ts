import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPrivateFlight } from '../../../test/scenarios';
import { contact, offerFor, party } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';
import { seedDemo } from '../../db/seed';

interface Reply {
  status: number;
  code: string;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  data: any;
}

async function admin(
  t: TestApp,
  who: SignedInStaff,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<Reply> {
  const res = await t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { ...who.headers, 'x-forwarded-for': '10.9.8.7' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { ...res.json(), status: res.statusCode };
}

async function auditRows(t: TestApp, targetType: string, targetId: string) {
  const { rows } = await t.database.pool.query<{
    action: string;
    staff_id: string | null;
    staff_email: string | null;
    before: unknown;
    after: unknown;
    reason: string | null;
    ip: string | null;
  }>(
    'select action, staff_id::text, staff_email, before, after, reason, ip from audit_log where target_type = $1 and target_id = $2 order by id',
    [targetType, targetId],
  );
  return rows;
}

/** The adult fare search shows for a family of the only flight of a route and date. */
async function searchedFare(t: TestApp, from: string, to: string, date: string, family: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/travelsky/ibe/queryFlight',
    headers: t.headers(),
    payload: { depCode: from, arrCode: to, depDate: date, passengers: [1, 0, 0], tripType: 0 },
  });
  const body = res.json();
  expect(body.code, res.body).toBe('0');
  const fare = body.data.flights[0].fares.find((f: { family: string }) => f.family === family);
  return fare?.adultPrice.amount as number | undefined;
}

/** A promotion's terms as the console sends them. */
function promoTerms(overrides: Record<string, unknown> = {}) {
  return {
    title: { zh: '测试优惠', en: 'Test offer', km: 'ការផ្តល់ជូនសាកល្បង' },
    kind: 'percent',
    value: 10,
    currency: null,
    minSpend: null,
    validFrom: '2025-01-01T00:00:00Z',
    validTo: '2031-01-01T00:00:00Z',
    routes: null,
    usageLimit: null,
    listed: false,
    ...overrides,
  };
}

const uniqueCode = (prefix: string) => `${prefix}${randomInt(100_000, 999_999)}`;

describe('staff console: fares, taxes and promo codes (/api/admin/pricing)', () => {
  let t: TestApp;
  let boss: SignedInStaff;
  let finance: SignedInStaff;

  beforeAll(async () => {
    t = await createTestApp();
    boss = await signInStaff(t, ['admin']);
    finance = await signInStaff(t, ['finance']);
  });
  afterAll(() => t.close());

  describe('roles: read by admin, finance and auditor; changed by admin only', () => {
    const readers = ['admin', 'finance', 'auditor'] as const;
    it.each([
      ['GET', '/api/admin/pricing/options'],
      ['GET', '/api/admin/pricing/fares?route=KTI-BKK'],
      ['GET', '/api/admin/pricing/taxes?code=KH'],
      ['GET', '/api/admin/pricing/promos'],
    ] as const)('%s %s', async (method, url) => {
      await expectOnlyRoles(t, { method, url }, [...readers]);
    });
    // Bodies the schema refuses: the allowed role gets past the gate to a 400, and nothing changes.
    it.each([
      ['POST', '/api/admin/pricing/fares'],
      ['PUT', '/api/admin/pricing/fares/1'],
      ['POST', '/api/admin/pricing/taxes'],
      ['PUT', '/api/admin/pricing/taxes/1'],
      ['POST', '/api/admin/pricing/promos'],
      ['PUT', '/api/admin/pricing/promos/FLY5'],
      ['POST', '/api/admin/pricing/promos/FLY5/disable'],
    ] as const)('%s %s', async (method, url) => {
      await expectOnlyRoles(t, { method, url, payload: { bad: true } }, ['admin']);
    });
  });

  it('lists fares filtered by route, family and class, as money, with the class’s family and cabin', async () => {
    const r = await admin(t, finance, 'GET', '/pricing/fares?route=KTI-BKK&family=Grand');
    expect(r.code).toBe('0');
    expect(r.data.total).toBeGreaterThan(0);
    for (const f of r.data.list) {
      expect(f).toMatchObject({
        routeCode: 'KTI-BKK',
        origin: 'KTI',
        destination: 'BKK',
        family: 'Grand',
        cabin: 'Y',
      });
      expect(['M', 'U', 'H']).toContain(f.bookingClass);
      expect(Number.isInteger(f.adultFare.amount)).toBe(true);
    }
    const m = await admin(t, finance, 'GET', '/pricing/fares?route=KTI-BKK&bookingClass=m');
    expect(m.data.list.every((f: { bookingClass: string }) => f.bookingClass === 'M')).toBe(true);
    const bad = await admin(t, finance, 'GET', '/pricing/fares?route=KTIBKK');
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('route');
    const options = await admin(t, finance, 'GET', '/pricing/options');
    expect(options.data.classes).toContainEqual({
      letter: 'M',
      family: 'Grand',
      cabin: 'Y',
      nestOrder: expect.any(Number),
    });
    expect(options.data.routes).toContainEqual({
      code: 'KTI-BKK',
      origin: 'KTI',
      destination: 'BKK',
      currency: 'USD',
    });
  });

  it('files and changes a fare: live for the next search, audited with before and after, kept by a new seed', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'FOC', searchable: 'alone' });
    const date = flight.depLocalDate;
    const created = await admin(t, boss, 'POST', '/pricing/fares', {
      routeCode: 'kti-foc',
      bookingClass: 'm',
      currency: 'USD',
      adultAmount: 1234,
      validFrom: date,
      validTo: date,
      reason: 'launch price',
    });
    expect(created.code, JSON.stringify(created)).toBe('0');
    expect(created.data).toMatchObject({
      routeCode: 'KTI-FOC',
      bookingClass: 'M',
      family: 'Grand',
      adultFare: { amount: 1234, currency: 'USD' },
      validFrom: date,
      validTo: date,
    });
    const id: number = created.data.id;
    expect(await searchedFare(t, 'KTI', 'FOC', date, 'Grand')).toBe(1234);

    const again = await admin(t, boss, 'POST', '/pricing/fares', {
      routeCode: 'KTI-FOC',
      bookingClass: 'M',
      currency: 'USD',
      adultAmount: 999,
      validFrom: date,
      validTo: null,
    });
    expect(again.status).toBe(400);
    expect(again.data.fields).toContainEqual(
      expect.objectContaining({ field: 'validFrom', key: 'admin.fare_exists' }),
    );

    const changed = await admin(t, boss, 'PUT', `/pricing/fares/${id}`, {
      adultAmount: 1111,
      validFrom: date,
      validTo: date,
      reason: 'match the competition',
    });
    expect(changed.code, JSON.stringify(changed)).toBe('0');
    expect(changed.data.adultFare).toEqual({ amount: 1111, currency: 'USD' });
    expect(await searchedFare(t, 'KTI', 'FOC', date, 'Grand')).toBe(1111);
    // The priced offer follows the new fare too.
    const offer = await t.app.pricing.createOffer({
      passengers: [1, 0, 0],
      segments: [{ flightId: flight.flightId, bookingClass: 'M' }],
      userId: null,
    });
    expect(offer.prices[0]!.fare.amount).toBe(1111);

    const rows = await auditRows(t, 'fare', String(id));
    expect(rows.map((r) => r.action)).toEqual(['fare.create', 'fare.update']);
    expect(rows[1]).toMatchObject({
      staff_id: boss.staff.id,
      staff_email: boss.staff.email,
      before: { adultAmount: 1234, routeCode: 'KTI-FOC', bookingClass: 'M', validFrom: date },
      after: { adultAmount: 1111, routeCode: 'KTI-FOC', bookingClass: 'M', validFrom: date },
      reason: 'match the competition',
      ip: '10.9.8.7',
    });

    // The demo seed adds only what is missing: a change staff made stays.
    await seedDemo(t.database.db);
    const kept = await admin(t, finance, 'GET', '/pricing/fares?route=KTI-FOC&bookingClass=M');
    expect(kept.data.list.find((f: { id: number }) => f.id === id).adultFare.amount).toBe(1111);
  });

  it('names the field of a bad fare change, and answers 404 for an unknown one', async () => {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'FOC' });
    const created = await admin(t, boss, 'POST', '/pricing/fares', {
      routeCode: 'KTI-FOC',
      bookingClass: 'M',
      currency: 'USD',
      adultAmount: 5000,
      validFrom: flight.depLocalDate,
      validTo: null,
    });
    expect(created.code).toBe('0');
    const backwards = await admin(t, boss, 'PUT', `/pricing/fares/${created.data.id}`, {
      adultAmount: 5000,
      validFrom: flight.depLocalDate,
      validTo: '2020-01-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.data.fields).toEqual([
      expect.objectContaining({ field: 'validTo', key: 'admin.valid_to_before_from' }),
    ]);
    const zero = await admin(t, boss, 'PUT', `/pricing/fares/${created.data.id}`, {
      adultAmount: 0,
      validFrom: flight.depLocalDate,
      validTo: null,
    });
    expect(zero.status).toBe(400);
    expect(zero.data.fields[0].field).toBe('adultAmount');
    const cents = await admin(t, boss, 'PUT', `/pricing/fares/${created.data.id}`, {
      adultAmount: 12.5,
      validFrom: flight.depLocalDate,
      validTo: null,
    });
    expect(cents.data.fields[0].field).toBe('adultAmount');
    const unknown = await admin(t, boss, 'PUT', '/pricing/fares/987654321', {
      adultAmount: 100,
      validFrom: flight.depLocalDate,
      validTo: null,
    });
    expect(unknown.status).toBe(404);
    const noRoute = await admin(t, boss, 'POST', '/pricing/fares', {
      routeCode: 'KTI-XXX',
      bookingClass: 'Z',
      currency: 'USD',
      adultAmount: 100,
      validFrom: flight.depLocalDate,
      validTo: null,
    });
    expect(noRoute.data.fields.map((f: { field: string }) => f.field)).toEqual(['routeCode', 'bookingClass']);
    // Refused changes wrote nothing.
    expect((await auditRows(t, 'fare', String(created.data.id))).map((r) => r.action)).toEqual([
      'fare.create',
    ]);
  });

  it('files and changes a tax, audited; names a bad place code', async () => {
    // A filing far in the future, so no offer of another test pays it.
    const code = `Z${randomInt(0, 10)}`;
    const validFrom = `20${randomInt(70, 99)}-0${randomInt(1, 10)}-1${randomInt(0, 10)}`;
    const created = await admin(t, boss, 'POST', '/pricing/taxes', {
      code,
      scope: 'airport',
      scopeCode: 'kti',
      passengerType: 'child',
      amount: 250,
      currency: 'USD',
      descriptionEn: 'Test charge',
      validFrom,
      validTo: null,
    });
    expect(created.code, JSON.stringify(created)).toBe('0');
    expect(created.data).toMatchObject({
      code,
      scope: 'airport',
      scopeCode: 'KTI',
      amount: { amount: 250, currency: 'USD' },
    });
    const changed = await admin(t, boss, 'PUT', `/pricing/taxes/${created.data.id}`, {
      amount: 300,
      descriptionEn: 'Test charge, raised',
      validFrom,
      validTo: null,
      reason: 'airport raised it',
    });
    expect(changed.data.amount).toEqual({ amount: 300, currency: 'USD' });
    const listed = await admin(t, finance, 'GET', `/pricing/taxes?code=${code}&scopeCode=KTI`);
    expect(listed.data.list).toContainEqual(
      expect.objectContaining({ id: created.data.id, amount: { amount: 300, currency: 'USD' } }),
    );
    const rows = await auditRows(t, 'tax', String(created.data.id));
    expect(rows.map((r) => r.action)).toEqual(['tax.create', 'tax.update']);
    expect(rows[1]).toMatchObject({
      before: { amount: 250 },
      after: { amount: 300 },
      reason: 'airport raised it',
    });

    const badPlace = await admin(t, boss, 'POST', '/pricing/taxes', {
      code: 'KH',
      scope: 'country',
      scopeCode: 'KHM',
      passengerType: 'adult',
      amount: 100,
      currency: 'USD',
      descriptionEn: 'x',
      validFrom,
      validTo: null,
    });
    expect(badPlace.data.fields).toEqual([
      expect.objectContaining({ field: 'scopeCode', key: 'admin.scope_code_format' }),
    ]);
    const badCode = await admin(t, boss, 'POST', '/pricing/taxes', {
      code: 'K',
      scope: 'country',
      scopeCode: 'KH',
      passengerType: 'adult',
      amount: 100,
      currency: 'USD',
      descriptionEn: 'x',
      validFrom,
      validTo: null,
    });
    expect(badCode.data.fields[0].field).toBe('code');
  });

  describe('promo codes', () => {
    it('refuses terms the server could not apply, naming each field (the rules of @wings/rules checkPromotion)', async () => {
      const code = uniqueCode('BAD');
      const r = await admin(t, boss, 'POST', '/pricing/promos', {
        code,
        ...promoTerms({
          value: 101,
          minSpend: 5000,
          validTo: '2024-01-01T00:00:00Z',
          routes: ['KTI-KTI'],
          usageLimit: 0,
        }),
      });
      expect(r.status).toBe(400);
      expect(r.data.fields.map((f: { field: string; key: string }) => `${f.field}:${f.key}`)).toEqual([
        'value:promo.percent_range',
        'currency:promo.currency_required',
        'validTo:promo.valid_to_before_from',
        'routes:promo.route_format',
        'usageLimit:promo.value_positive',
      ]);
      const unknownRoute = await admin(t, boss, 'POST', '/pricing/promos', {
        code,
        ...promoTerms({ routes: ['KTI-ZZZ'] }),
      });
      expect(unknownRoute.data.fields).toEqual([
        expect.objectContaining({ field: 'routes', key: 'admin.route_unknown' }),
      ]);
      expect(unknownRoute.message).toContain('KTI-ZZZ');
      const badCode = await admin(t, boss, 'POST', '/pricing/promos', { code: 'a b', ...promoTerms() });
      expect(badCode.data.fields[0]).toMatchObject({ field: 'code', key: 'admin.promo_code_format' });
      const taken = await admin(t, boss, 'POST', '/pricing/promos', { code: 'FLY5', ...promoTerms() });
      expect(taken.data.fields[0]).toMatchObject({ field: 'code', key: 'admin.promo_exists' });
    });

    it('applies a code the way its latest edit says when an order is made, and shows its uses', async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
      const fare = await admin(t, boss, 'POST', '/pricing/fares', {
        routeCode: 'KTI-SIN',
        bookingClass: 'M',
        currency: 'USD',
        adultAmount: 30_000,
        validFrom: flight.depLocalDate,
        validTo: flight.depLocalDate,
      });
      expect(fare.code, JSON.stringify(fare)).toBe('0');
      const code = uniqueCode('EDIT');
      const created = await admin(t, boss, 'POST', '/pricing/promos', {
        code: code.toLowerCase(),
        ...promoTerms({ routes: ['KTI-SIN'], usageLimit: 5 }),
      });
      expect(created.code, JSON.stringify(created)).toBe('0');
      expect(created.data).toMatchObject({ code, kind: 'percent', value: 10, usedCount: 0, state: 'active' });

      const edited = await admin(t, boss, 'PUT', `/pricing/promos/${code}`, {
        ...promoTerms({ kind: 'amount', value: 4_500, currency: 'USD', routes: ['KTI-SIN'], usageLimit: 5 }),
        reason: 'fixed amount instead',
      });
      expect(edited.code, JSON.stringify(edited)).toBe('0');

      const offer = await t.app.pricing.createOffer({
        passengers: [1, 0, 0],
        segments: [{ flightId: flight.flightId, bookingClass: 'M' }],
        userId: null,
      });
      const order = await anOrder(t, { flight, promoCode: code });
      // 10% of the 300.00 fare would be 30.00: the order takes the 45.00 of the edit.
      expect(order.total).toBe(offer.total.amount - 4_500);

      const listed = await admin(t, finance, 'GET', '/pricing/promos');
      expect(listed.data.list.find((p: { code: string }) => p.code === code)).toMatchObject({
        kind: 'amount',
        value: 4_500,
        usedCount: 1,
        usageLimit: 5,
      });
      const below = await admin(
        t,
        boss,
        'PUT',
        `/pricing/promos/${code}`,
        promoTerms({ routes: ['KTI-SIN'], usageLimit: 0 }),
      );
      expect(below.data.fields[0]).toMatchObject({ field: 'usageLimit', key: 'promo.value_positive' });
      const rows = await auditRows(t, 'promo', code);
      expect(rows.map((r) => r.action)).toEqual(['promo.create', 'promo.update']);
      expect(rows[1]).toMatchObject({
        before: { kind: 'percent', value: 10 },
        after: { kind: 'amount', value: 4_500, currency: 'USD' },
        reason: 'fixed amount instead',
      });
    });

    it('disables a code with a reason: its dates stay, the next price and booking refuse it as disabled', async () => {
      const flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
      const code = uniqueCode('STOP');
      const created = await admin(t, boss, 'POST', '/pricing/promos', { code, ...promoTerms() });
      expect(created.code).toBe('0');
      expect(created.data).toMatchObject({ state: 'active', disabledAt: null, disabledReason: null });
      const offer = await t.app.pricing.createOffer({
        passengers: [1, 0, 0],
        segments: [{ flightId: flight.flightId, bookingClass: 'M' }],
        userId: null,
      });
      const before = await t.app.pricing.priceBreakdown(offer.offerId, code);
      expect(before.breakdown.promo).toMatchObject({ applied: true });

      const noReason = await admin(t, boss, 'POST', `/pricing/promos/${code}/disable`, { reason: ' ' });
      expect(noReason.data.fields[0].field).toBe('reason');
      const disabled = await admin(t, boss, 'POST', `/pricing/promos/${code}/disable`, {
        reason: 'leaked online',
      });
      expect(disabled.code).toBe('0');
      expect(disabled.data).toMatchObject({
        state: 'disabled',
        disabledReason: 'leaked online',
        validFrom: created.data.validFrom,
        validTo: created.data.validTo,
      });
      expect(Date.parse(disabled.data.disabledAt)).toBeLessThanOrEqual(Date.now());
      const listed = await admin(t, finance, 'GET', '/pricing/promos');
      expect(listed.data.list.find((p: { code: string }) => p.code === code)).toMatchObject({
        state: 'disabled',
        disabledReason: 'leaked online',
      });
      const after = await t.app.pricing.priceBreakdown(offer.offerId, code);
      expect(after.breakdown.promo).toMatchObject({ applied: false, reason: 'promo.disabled' });

      // A traveller booking with it (the real booking call) is refused with its own message.
      const traveller = client(t);
      await registerUser(t, traveller);
      const offerId = await offerFor(
        traveller,
        [1, 0, 0],
        [{ flightId: flight.flightId, bookingClass: 'M' }],
      );
      const booked = await traveller.post('/travelsky/ibe/saveTicketOrder', {
        offerId,
        passengers: party([1, 0, 0], flight.depLocalDate),
        contact,
        promoCode: code.toLowerCase(),
        idempotencyKey: randomUUID(),
        acceptTerms: true,
      });
      expect(booked.body.code).toBe('400');
      expect(booked.body.data.fields).toEqual([
        expect.objectContaining({ field: 'promoCode', key: 'promo.disabled' }),
      ]);
      expect(booked.body.message).toContain('no longer available');
      const used = await t.database.pool.query('select used_count from promo_codes where code = $1', [code]);
      expect(used.rows[0].used_count).toBe(0);

      const rows = await auditRows(t, 'promo', code);
      expect(rows.at(-1)).toMatchObject({
        action: 'promo.disable',
        reason: 'leaked online',
        after: expect.objectContaining({ disabledReason: 'leaked online' }),
      });
      const again = await admin(t, boss, 'POST', `/pricing/promos/${code}/disable`, { reason: 'twice' });
      expect(again.code).toBe('4750');
      expect((await auditRows(t, 'promo', code)).length).toBe(rows.length);
      const unknown = await admin(t, boss, 'POST', '/pricing/promos/NOSUCHCODE1/disable', { reason: 'x' });
      expect(unknown.status).toBe(404);
    });
  });
});

describe('a fare change reaches the search cache of every process (LISTEN/NOTIFY)', () => {
  // Two app instances on one database, each with its own 5-second search cache, on a clock that
  // stands still: a new price can only come from the change dropping the cached result.
  const clock = new Date();
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { SEARCH_CACHE_TTL_MS: '5000' };
    a = await createTestApp({ now: () => clock, env });
    b = await createTestApp({ now: () => clock, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** Resolves when `t`'s process has dropped what a change of `route` touches (its cache first). */
  function dropped(t: TestApp, route: string): Promise<void> {
    return new Promise((resolve) =>
      t.app.searchChanges.subscribe((change) => {
        if (change === 'all' || change.routes.includes(route)) resolve();
      }),
    );
  }

  it('drops the route’s cached results in the other process at commit, and in its own at once', async () => {
    const staff = await signInStaff(a, ['admin']);
    const flight = await aPrivateFlight(a, { from: 'KTI', to: 'FOC', searchable: 'alone' });
    const date = flight.depLocalDate;
    const filedHeard = dropped(b, 'KTI-FOC');
    const filed = await admin(a, staff, 'POST', '/pricing/fares', {
      routeCode: 'KTI-FOC',
      bookingClass: 'M',
      currency: 'USD',
      adultAmount: 1500,
      validFrom: date,
      validTo: date,
    });
    expect(filed.code, JSON.stringify(filed)).toBe('0');
    await filedHeard;
    // Both processes now cache the route's results.
    expect(await searchedFare(a, 'KTI', 'FOC', date, 'Grand')).toBe(1500);
    expect(await searchedFare(b, 'KTI', 'FOC', date, 'Grand')).toBe(1500);

    // Cached: a change behind the cache's back (no announcement) is not seen while it is kept.
    await b.database.pool.query('update fares set adult_amount = 1400 where id = $1', [filed.data.id]);
    expect(await searchedFare(b, 'KTI', 'FOC', date, 'Grand')).toBe(1500);

    const changeHeard = dropped(b, 'KTI-FOC');
    const changed = await admin(a, staff, 'PUT', `/pricing/fares/${filed.data.id}`, {
      adultAmount: 1300,
      validFrom: date,
      validTo: date,
    });
    expect(changed.code).toBe('0');
    // The process that made the change sees it at once.
    expect(await searchedFare(a, 'KTI', 'FOC', date, 'Grand')).toBe(1300);
    // The other drops the route when the notification arrives (delivered at commit).
    await changeHeard;
    expect(await searchedFare(b, 'KTI', 'FOC', date, 'Grand')).toBe(1300);
  });

  it('a change that rolls back announces nothing', async () => {
    const heard: unknown[] = [];
    b.app.searchChanges.subscribe((change) => heard.push(change));
    const marker = dropped(b, 'KTI-PVG');
    await expect(
      a.database.db.transaction(async (tx) => {
        await a.app.searchChanges.announce(tx, { routes: ['KTI-CAN'] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A change committed after it: by the time the other process hears it, it would have heard the first.
    await a.database.db.transaction((tx) => a.app.searchChanges.announce(tx, { routes: ['KTI-PVG'] }));
    await marker;
    expect(heard).toContainEqual({ routes: ['KTI-PVG'] });
    expect(heard).not.toContainEqual({ routes: ['KTI-CAN'] });
  });
});
