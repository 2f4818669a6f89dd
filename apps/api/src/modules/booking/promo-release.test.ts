import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { client, registerUser } from '../../../test/support/clients';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxGateway,
  sandboxNotification,
} from '../../platform/payments/sandbox/sandbox.gateway';
import { type Client, contact, offerFor, party } from './test-support';

const URL = '/travelsky/ibe/saveTicketOrder';
const MINUTE = 60_000;

describe('a limited promo code is not burnt by unpaid orders (issue 9)', () => {
  let t: TestApp;
  let clock = new Date();

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterEach(() => {
    clock = new Date();
  });
  afterAll(() => t.close());

  async function member(): Promise<Client> {
    const c = client(t);
    await registerUser(t, c);
    return c;
  }

  /** A code with one use, valid for a month. */
  async function oneUseCode(): Promise<string> {
    const code = `ONE${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    await t.database.pool.query(
      `insert into promo_codes (code, title_zh, title_en, title_km, kind, value, valid_from, valid_to, usage_limit, listed)
       values ($1, 'T', 'T', 'T', 'percent', 10, now() - interval '1 day', now() + interval '30 days', 1, 0)`,
      [code],
    );
    return code;
  }

  async function usedCount(code: string): Promise<number> {
    const { rows } = await t.database.pool.query('select used_count from promo_codes where code = $1', [
      code,
    ]);
    return rows[0].used_count as number;
  }

  async function book(c: Client, flight: PrivateFlight, promoCode: string) {
    const offerId = await offerFor(c, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const res = await c.post(URL, {
      offerId,
      passengers: party([1, 0, 0], flight.depLocalDate),
      contact,
      promoCode,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });
    const id =
      res.body.code === '0'
        ? ((await t.database.pool.query('select id from orders where order_no = $1', [res.body.data.orderNo]))
            .rows[0].id as string)
        : null;
    return { res, id };
  }

  it('gives the use back when the order expires, once, so the next buyer gets the code', async () => {
    const code = await oneUseCode();
    const [a, b] = [await member(), await member()];
    const flight = await aPrivateFlight(t, { from: 'MFM', to: 'KTI' });
    const first = await book(a, flight, code);
    expect(first.res.body.code, JSON.stringify(first.res.body)).toBe('0');
    expect(await usedCount(code)).toBe(1);
    const meanwhile = await book(b, flight, code);
    expect(meanwhile.res.body.data.fields).toEqual([
      expect.objectContaining({ field: 'promoCode', key: 'promo.used_up' }),
    ]);

    // A never pays: at its deadline it expires (three workers racing), and the use comes back once.
    clock = new Date(Date.now() + 21 * MINUTE);
    const runs = await Promise.all([1, 2, 3].map(() => t.app.booking.expireOrder(first.id!)));
    expect(runs.filter((r) => r.expired)).toHaveLength(1);
    expect(await usedCount(code)).toBe(0);
    const { rows } = await t.database.pool.query(
      `select data->>'promoReleased' as promo from order_events where order_id = $1 and type = 'expired'`,
      [first.id],
    );
    expect(rows).toEqual([{ promo: code }]);

    const second = await book(b, await aPrivateFlight(t, { from: 'MFM', to: 'KTI' }), code);
    expect(second.res.body.code, JSON.stringify(second.res.body)).toBe('0');
    expect(second.res.body.data.price.promo).toEqual({ code, applied: true, reason: null });
    expect(await usedCount(code)).toBe(1);
  });

  it('gives the last use to exactly one of two buyers at the same moment', async () => {
    const code = await oneUseCode();
    const buyers = await Promise.all([member(), member()]);
    const flight = await aPrivateFlight(t, { from: 'MFM', to: 'KTI' });
    const results = await Promise.all(buyers.map((c) => book(c, flight, code)));
    const codes = results.map((r) => r.res.body.code).sort();
    expect(codes).toEqual(['0', '400']);
    expect(results.find((r) => r.res.body.code === '400')!.res.body.data.fields).toEqual([
      expect.objectContaining({ field: 'promoCode', key: 'promo.used_up' }),
    ]);
    expect(await usedCount(code)).toBe(1);
  });

  it('refuses a code staff disabled while the traveller was booking with its own message, not "used up"', async () => {
    const code = await oneUseCode();
    const a = await member();
    const flight = await aPrivateFlight(t, { from: 'MFM', to: 'KTI' });
    // The price is worked out with the code applied; staff disable it before the order is written.
    const priced = t.app.pricing.priceBreakdown.bind(t.app.pricing);
    const spy = vi.spyOn(t.app.pricing, 'priceBreakdown').mockImplementation(async (...args) => {
      const result = await priced(...args);
      await t.database.pool.query(
        `update promo_codes set disabled_at = now(), disabled_reason = 'leaked' where code = $1`,
        [code],
      );
      return result;
    });
    try {
      const { res, id } = await book(a, flight, code);
      expect(spy).toHaveBeenCalled();
      expect(id).toBeNull();
      expect(res.body.data.fields).toEqual([
        expect.objectContaining({ field: 'promoCode', key: 'promo.disabled' }),
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(await usedCount(code)).toBe(0);
  });

  it('takes the use again when an expired order is paid late', async () => {
    const code = await oneUseCode();
    const a = await member();
    const o = await book(a, await aPrivateFlight(t, { from: 'MFM', to: 'KTI' }), code);
    expect(o.res.body.code, JSON.stringify(o.res.body)).toBe('0');
    const pay = await a.post(`/travelsky/payment/getPayUrl/${o.res.body.data.orderNo}`, { method: 'abapay' });
    expect(pay.body.code, JSON.stringify(pay.body)).toBe('0');

    clock = new Date(Date.now() + 21 * MINUTE);
    expect((await t.app.booking.expireOrder(o.id!)).expired).toBe(true);
    expect(await usedCount(code)).toBe(0);

    const raw = JSON.stringify(
      sandboxNotification(
        pay.body.data.paymentId,
        'succeeded',
        pay.body.data.amount.amount,
        pay.body.data.amount.currency,
      ),
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        // Signed by the app's own sandbox gateway, at the app's clock.
        [SANDBOX_SIGNATURE_HEADER]: (t.app.payments.gateways.get('sandbox') as SandboxGateway).sign(raw),
      },
      payload: raw,
    });
    expect(reply.json().data.outcome).toBe('late_rehold');
    expect(await usedCount(code)).toBe(1);
  });
});
