import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPaidOrderWithTickets, aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';

/** The staff console mails an order's itinerary again (issue 13). */
describe('staff console: resending the itinerary', () => {
  let t: TestApp;
  let agent: SignedInStaff;
  let flight: PrivateFlight;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await signInStaff(t, ['agent']);
    flight = await aPrivateFlight(t, { from: 'KTI', to: 'SIN' });
  });
  afterAll(() => t.close());

  async function resend(orderNo: string, payload: object = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNo}/itinerary`,
      headers: agent.headers,
      payload,
    });
    return res.json();
  }

  /** What the development mailbox (GET /api/dev/mail) holds for an address. */
  async function mailbox(to: string): Promise<Array<{ subject: string; attachments: unknown[] }>> {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` });
    return res.json().data.messages;
  }

  async function auditOf(orderNo: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderNo}`,
      headers: agent.headers,
    });
    return res.json().data.audit;
  }

  it('lets only admins and agents resend an itinerary', async () => {
    // Unpaid: an allowed role gets past the gate to "pay first" (608), and nothing is mailed.
    const order = await anOrder(t, { flight });
    await expectOnlyRoles(
      t,
      { method: 'POST', url: `/api/admin/orders/${order.orderNo}/itinerary`, payload: {} },
      ['admin', 'agent'],
    );
    expect(await mailbox(order.email)).toEqual([]);
  });

  it("mails it to the order's contact, seen in the dev mailbox, and writes the audit row", async () => {
    const order = await aPaidOrderWithTickets(t, { flight });
    const res = await resend(order.orderNo);
    expect(res).toMatchObject({ code: '0', data: { sentTo: order.email } });
    const mails = await mailbox(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(order.pnr);
    expect(await auditOf(order.orderNo)).toEqual([
      expect.objectContaining({
        staffId: agent.staff.id,
        action: 'order.resend_itinerary',
        targetType: 'order',
        targetId: order.orderNo,
        after: { to: order.email },
      }),
    ]);
  });

  it('mails it to an address the agent types', async () => {
    const order = await aPaidOrderWithTickets(t, { flight });
    const other = `desk.${Date.now().toString(36)}@example.com`;
    const res = await resend(order.orderNo, { email: other });
    expect(res).toMatchObject({ code: '0', data: { sentTo: other } });
    expect(await mailbox(other)).toHaveLength(1);
    expect(await mailbox(order.email)).toEqual([]);
    expect((await auditOf(order.orderNo))[0].after).toEqual({ to: other });
  });

  it('refuses an unpaid order (608) and a bad address (400, naming the field), writing no audit row', async () => {
    const order = await anOrder(t, { flight });
    expect((await resend(order.orderNo)).code).toBe('608');
    const bad = await resend(order.orderNo, { email: 'not-an-address' });
    expect(bad.code).toBe('400');
    expect(bad.data.fields[0].field).toContain('email');
    expect(await auditOf(order.orderNo)).toEqual([]);
  });
});
