import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight } from '../../../test/scenarios';
import { client, fieldsOf, registerUser } from '../../../test/support/clients';
import { bookingRequestHash } from './booking.service';
import { contact, offerFor, party, passenger, solvedCaptcha } from './test-support';

const URL = '/travelsky/ibe/saveTicketOrder';

async function ordersWithKey(t: TestApp, key: string): Promise<number> {
  const { rows } = await t.database.pool.query(
    'select count(*)::int as n from orders where idempotency_key = $1',
    [key],
  );
  return rows[0].n as number;
}

describe('an idempotency key answers only the same caller and the same request (issue 9)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("never hands a guest's order and grant to another guest sending the same key with other passengers", async () => {
    const flight = await aPrivateFlight(t, { from: 'HKG', to: 'KTI' });
    const first = client(t);
    const offerId = await offerFor(first, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const body = {
      offerId,
      passengers: party([1, 0, 0], flight.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    };
    const made = await first.post(URL, {
      ...body,
      captchaId: await solvedCaptcha(t, first),
      captcha: 'abcd',
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe('0');

    const second = client(t);
    const stolen = await second.post(URL, {
      ...body,
      passengers: [passenger(1, 5, flight.depLocalDate, { surname: 'Other', docNumber: 'X7654321' })],
      contact: { ...contact, email: 'other@example.com' },
      captchaId: await solvedCaptcha(t, second),
      captcha: 'abcd',
    });
    expect(stolen.body.code).toBe('615');
    expect(stolen.body.message).toBe(
      'This booking request was already used for a different booking; start again.',
    );
    expect(fieldsOf(stolen.body)).toEqual(['idempotencyKey']);
    expect(JSON.stringify(stolen.body)).not.toContain(made.body.data.orderNo);
    expect(stolen.body.data.orderToken).toBeUndefined();
    expect(await ordersWithKey(t, body.idempotencyKey)).toBe(1);

    const zh = await second.post(
      URL,
      { ...body, contact: { ...contact, phone: '99999999' } },
      { language: '0' },
    );
    expect(zh.body).toMatchObject({ code: '615', message: '此预订请求已用于另一笔预订，请重新开始预订。' });
  });

  it('refuses a retry whose passengers changed instead of silently answering the old order', async () => {
    const flight = await aPrivateFlight(t, { from: 'HKG', to: 'KTI' });
    const member = client(t);
    await registerUser(t, member);
    const offerId = await offerFor(member, [1, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const body = {
      offerId,
      passengers: party([1, 0, 0], flight.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    };
    expect((await member.post(URL, body)).body.code).toBe('0');

    const renamed = await member.post(URL, {
      ...body,
      passengers: [passenger(1, 0, flight.depLocalDate, { givenName: 'Sophea' })],
    });
    expect(renamed.body.code).toBe('615');
    const promo = await member.post(URL, { ...body, promoCode: 'WINGS10' });
    expect(promo.body.code).toBe('615');
    const otherMember = client(t);
    await registerUser(t, otherMember);
    expect((await otherMember.post(URL, body)).body.code).toBe('615');
    expect(await ordersWithKey(t, body.idempotencyKey)).toBe(1);
  });

  it('answers an honest retry with the same order and grant, for a guest even from another address', async () => {
    const flight = await aPrivateFlight(t, { from: 'HKG', to: 'KTI' });
    const guest = client(t);
    const offerId = await offerFor(guest, [2, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const body = {
      offerId,
      passengers: party([2, 0, 0], flight.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    };
    const made = await guest.post(URL, {
      ...body,
      captchaId: await solvedCaptcha(t, guest),
      captcha: 'abcd',
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe('0');

    // The phone moved from Wi-Fi to mobile data: another address, a new captcha, the same request.
    guest.ip = '10.250.250.250';
    const retry = await guest.post(URL, {
      ...body,
      passengers: body.passengers.map((p) => ({ ...p, middleName: undefined })), // null and absent alike
      captchaId: await solvedCaptcha(t, guest),
      captcha: 'abcd',
    });
    expect(retry.body.code, JSON.stringify(retry.body)).toBe('0');
    expect(retry.body.data.orderNo).toBe(made.body.data.orderNo);
    expect(retry.body.data.orderToken).toBeTruthy();
    const detail = await client(t).get(`/travelsky/ibe/getOrderDetail/${made.body.data.orderNo}`, {
      orderToken: retry.body.data.orderToken,
    });
    expect(detail.body.code, JSON.stringify(detail.body)).toBe('0');

    // A member's honest retry, too.
    const member = client(t);
    await registerUser(t, member);
    const mine = {
      ...body,
      offerId: await offerFor(member, [2, 0, 0], [{ flightId: flight.flightId, bookingClass: 'M' }]),
      idempotencyKey: randomUUID(),
    };
    const once = await member.post(URL, mine);
    const twice = await member.post(URL, mine);
    expect(twice.body.data).toEqual(once.body.data);
  });

  it('hashes the request canonically: key order, null and absent do not matter; content does', () => {
    const base = {
      offerId: 'o-1',
      passengers: party([1, 0, 0], '2027-01-01'),
      contact,
      promoCode: 'wings10 ',
      idempotencyKey: 'k-12345678',
      acceptTerms: true as const,
    };
    const reordered = {
      acceptTerms: true as const,
      idempotencyKey: 'another-key',
      captcha: 'abcd',
      contact: {
        email: contact.email,
        phone: contact.phone,
        countryCode: contact.countryCode,
        name: contact.name,
      },
      promoCode: 'WINGS10',
      passengers: base.passengers.map(({ middleName: _m, ...p }) => p),
      offerId: 'o-1',
    };
    // biome-ignore lint/suspicious/noExplicitAny: the test builds bodies loosely, as a client would send them.
    const hash = (b: any) => bookingRequestHash(b);
    expect(hash(reordered)).toBe(hash(base));
    expect(hash({ ...base, offerId: 'o-2' })).not.toBe(hash(base));
    expect(hash({ ...base, promoCode: null })).not.toBe(hash(base));
    expect(hash({ ...base, contact: { ...contact, phone: '1' } })).not.toBe(hash(base));
  });
});
