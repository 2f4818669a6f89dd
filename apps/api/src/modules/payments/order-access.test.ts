import { OrderPayStatus } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Client } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import { signOrderGrant } from '../../platform/order-grant';
import { deriveKey, serverKeys } from '../../platform/secrets';
import { bookOrder, orderFacts } from './test-support';

const PAY_URL = '/travelsky/payment/getPayUrl';
const STATUS = '/travelsky/payment/status';

describe('payment calls: only the order’s owner, or a caller with its grant (order numbers are sequential)', () => {
  let t: TestApp;
  let guest: Client;
  let member: Client;
  let stranger: Client;
  /** What an order number nobody booked answers: every refusal must look the same. */
  let unknownPay: unknown;
  let unknownStatus: unknown;

  beforeAll(async () => {
    t = await createTestApp();
    guest = client(t);
    member = client(t);
    await registerUser(t, member);
    stranger = client(t);
    await registerUser(t, stranger);
    unknownPay = (await guest.post(`${PAY_URL}/WC991231999999`, { method: 'card' })).body;
    unknownStatus = (await guest.get(`${STATUS}/WC991231999999`)).body;
    // Spec §8: getPayUrl 204 for an unknown order, with the system error message.
    expect(unknownPay).toEqual({
      code: '204',
      message: 'The system is running poorly. Please try again later.',
      data: { detail: 'The order does not exist.', reason: 'order_not_found' },
    });
  });
  afterAll(() => t.close());

  const grant = (orderToken: string) => ({ orderToken });

  it('asks for the access token first on every payment call (main layer); the gateways’ notification stays public', async () => {
    const g = await bookOrder(t, guest, { from: 'KOS', to: 'KTI' });
    const withoutToken = [
      { method: 'POST' as const, url: `/api${PAY_URL}/${g.orderNo}`, payload: { method: 'card' } },
      { method: 'GET' as const, url: `/api${STATUS}/${g.orderNo}` },
      { method: 'POST' as const, url: `/api/pay/payment/wechat/jsPrepayOrder/${g.orderNo}`, payload: {} },
    ];
    for (const call of withoutToken) {
      // Not even the order's grant opens a call without the app's access token (spec §7: 2000).
      const res = await t.app.inject({ ...call, headers: grant(g.orderToken) });
      expect(res.json(), call.url).toMatchObject({ code: '2000' });
    }
    // A gateway has no access token: its notification reaches the route, which checks the signature.
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(notify.statusCode).toBe(400);
    expect(notify.json().code).not.toBe('2000');
    expect((await orderFacts(t, g.id)).payments).toBeNull();
  });

  /** A genuine grant of the order that expired a second ago. */
  const expiredGrant = (orderNo: string) =>
    signOrderGrant(serverKeys(t.config).orderGrant.current, orderNo, new Date(Date.now() - 1000), 'full');

  it('refuses getPayUrl and status of a guest order without its grant, with another order’s or an expired one, alike, and starts no payment', async () => {
    const g = await bookOrder(t, guest, { from: 'KOS', to: 'KTI' });
    const other = await bookOrder(t, client(t), { from: 'KOS', to: 'KTI' });
    const refused: Array<[Client, Record<string, string>]> = [
      [guest, {}],
      [client(t), {}],
      [stranger, {}],
      [guest, grant(other.orderToken)],
      [stranger, grant(other.orderToken)],
      [guest, grant(expiredGrant(g.orderNo))],
      [guest, grant('garbage')],
      [
        guest,
        grant(
          signOrderGrant(
            deriveKey('another-secret-0123456789-0123456789', 'orderGrant'),
            g.orderNo,
            new Date(Date.now() + 60_000),
            'full',
          ),
        ),
      ],
    ];
    for (const [c, headers] of refused) {
      for (const method of ['card', 'wechat']) {
        expect((await c.post(`${PAY_URL}/${g.orderNo}`, { method }, headers)).body).toEqual(unknownPay);
      }
      expect((await c.get(`${STATUS}/${g.orderNo}`, headers)).body).toEqual(unknownStatus);
    }
    expect((await orderFacts(t, g.id)).payments).toBeNull();
  });

  it('lets a guest pay its order and read its pay status with its own grant, from any client, logged in or not', async () => {
    const g = await bookOrder(t, guest, { from: 'KOS', to: 'KTI' });
    const pay = await guest.post(`${PAY_URL}/${g.orderNo}`, { method: 'card' }, grant(g.orderToken));
    expect(pay.body.code, JSON.stringify(pay.body)).toBe('0');
    expect(pay.body.data).toMatchObject({ gateway: 'sandbox', amount: { amount: g.total, currency: 'USD' } });
    const status = await guest.get(`${STATUS}/${g.orderNo}`, grant(g.orderToken));
    expect(status.body.data).toEqual({
      status: OrderPayStatus.un_paid,
      paymentStatus: 'pending',
      ticketsIssued: 0,
    });
    // The guest's other device, and a logged-in user paying for the guest, hold the same grant.
    expect((await client(t).get(`${STATUS}/${g.orderNo}`, grant(g.orderToken))).body.code).toBe('0');
    const byMember = await stranger.post(`${PAY_URL}/${g.orderNo}`, { method: 'khqr' }, grant(g.orderToken));
    expect(byMember.body.code, JSON.stringify(byMember.body)).toBe('0');
    expect((await orderFacts(t, g.id)).payments).toBe('pending,pending');
  });

  it('keeps a member’s order to its owner: another user, a guest, or another order’s grant get the unknown-order answer', async () => {
    const m = await bookOrder(t, member, { from: 'KOS', to: 'KTI' });
    const g = await bookOrder(t, guest, { from: 'KOS', to: 'KTI' });
    for (const [c, headers] of [
      [stranger, {}],
      [guest, {}],
      [stranger, grant(g.orderToken)],
      [guest, grant(expiredGrant(m.orderNo))],
    ] as Array<[Client, Record<string, string>]>) {
      expect((await c.post(`${PAY_URL}/${m.orderNo}`, { method: 'card' }, headers)).body).toEqual(unknownPay);
      expect((await c.get(`${STATUS}/${m.orderNo}`, headers)).body).toEqual(unknownStatus);
    }
    expect((await orderFacts(t, m.id)).payments).toBeNull();
    // The owner's own login pays it and reads its status.
    expect((await member.post(`${PAY_URL}/${m.orderNo}`, { method: 'card' })).body.code).toBe('0');
    expect((await member.get(`${STATUS}/${m.orderNo}`)).body.data).toMatchObject({
      paymentStatus: 'pending',
    });
    expect((await orderFacts(t, m.id)).payments).toBe('pending');
  });
});
