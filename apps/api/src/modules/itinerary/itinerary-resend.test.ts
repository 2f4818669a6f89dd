import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { anOrder, aPaidOrderWithTickets, aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';

/** The itinerary mailed again on the system's initiative after a change of date (issue 16). */
describe('app.itinerary.resendItinerary', () => {
  let t: TestApp;
  let flight: PrivateFlight;

  beforeAll(async () => {
    t = await createTestApp();
    flight = await aPrivateFlight(t, { from: 'KTI', to: 'CAN' });
  });
  afterAll(() => t.close());

  /** What the development mailbox (GET /api/dev/mail) holds for an address. */
  async function mailbox(to: string): Promise<Array<{ subject: string; attachments: unknown[] }>> {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` });
    return res.json().data.messages;
  }

  it("mails a ticketed order's itinerary to its contact, with the PDF", async () => {
    const order = await aPaidOrderWithTickets(t, { flight });
    await t.app.itinerary.resendItinerary(order.orderNo, 'rescheduled');
    const mails = await mailbox(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(order.pnr);
    expect(mails[0]!.attachments).toHaveLength(1);
  });

  it('skips an unpaid or unknown order without throwing', async () => {
    const unpaid = await anOrder(t, { flight });
    await expect(t.app.itinerary.resendItinerary(unpaid.orderNo, 'rescheduled')).resolves.toBeUndefined();
    await expect(t.app.itinerary.resendItinerary('NO-SUCH-ORDER', 'rescheduled')).resolves.toBeUndefined();
    expect(await mailbox(unpaid.email)).toEqual([]);
  });
});
