import { randomUUID } from 'node:crypto';
import { OrderPayStatus } from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight } from '../../../test/scenarios';
import { type Client, contact, inventory, offerFor, party } from '../../../test/support/booking';
import { client, registerUser } from '../../../test/support/clients';
import {
  SANDBOX_SIGNATURE_HEADER,
  SandboxGateway,
  sandboxNotification,
  signSandbox,
} from '../../platform/payments/sandbox/sandbox.gateway';
import {
  SANDBOX_NOTIFY_JOB,
  SANDBOX_NOTIFY_QUEUE,
  sendNotification,
} from '../../platform/payments/sandbox/sandbox.notify';
import { deriveKey, serverKeys } from '../../platform/secrets';
import { TICKETING_JOB, TICKETING_QUEUE, TICKETING_SWEEP_JOB, TICKETING_SWEEP_PAGE } from '../booking';
import { RECONCILE_SWEEP_JOB, REFUND_JOB, REFUND_SWEEP_JOB, registerPaymentsJobs } from './index';
import { bookOrder } from './test-support';

const MINUTE = 60_000;

describe('payment notifications and ticketing, exactly once', () => {
  let t: TestApp;
  let clock = new Date();
  let member: Client;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    member = client(t);
    await registerUser(t, member);
  });
  afterEach(() => {
    clock = new Date();
  });
  afterAll(() => t.close());

  async function order(counts: [number, number, number] = [2, 1, 0]) {
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'KOS' });
    const offerId = await offerFor(member, counts, [{ flightId: flight.flightId, bookingClass: 'M' }]);
    const res = await member.post('/travelsky/ibe/saveTicketOrder', {
      offerId,
      passengers: party(counts, flight.depLocalDate),
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const orderNo = res.body.data.orderNo as string;
    const { rows } = await t.database.pool.query('select id from orders where order_no = $1', [orderNo]);
    return { orderNo, id: rows[0].id as string, flight, total: res.body.data.amountDue.amount as number };
  }

  async function payUrl(orderNo: string) {
    return member.post(`/travelsky/payment/getPayUrl/${orderNo}`, { method: 'abapay' });
  }

  async function notify(body: object | string, opts: { signature?: string; at?: Date } = {}) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const at = Math.floor((opts.at ?? clock).getTime() / 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]:
          opts.signature ?? signSandbox(serverKeys(t.config).sandboxPayment.current, raw, at),
      },
      payload: raw,
    });
    return { status: res.statusCode, body: res.json() as { code: string; data: { outcome?: string } } };
  }

  async function facts(orderId: string) {
    const { rows } = await t.database.pool.query(
      `select o.status,
              (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'paid') as paid_events,
              (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'ticketed') as ticketed_events,
              (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'late_payment_refund') as refund_events,
              (select count(*)::int from tickets k where k.order_id = o.id) as tickets,
              (select count(*)::int from ticket_coupons c join tickets k on k.id = c.ticket_id where k.order_id = o.id) as coupons,
              (select count(*)::int from order_passengers p where p.order_id = o.id) as passengers,
              (select count(*)::int from order_holds h where h.order_id = o.id and h.released_at is null) as live_holds,
              (select string_agg(p.status, ',' order by p.created_at) from payments p
                 join payables b on b.id = p.payable_id where b.kind = 'order' and b.reference = o.order_no) as payments
         from orders o where o.id = $1`,
      [orderId],
    );
    return rows[0];
  }

  it('answers a checkout URL and amount that is the sum of the price lines', async () => {
    const o = await order();
    const res = await payUrl(o.orderNo);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    expect(res.body.data.amount).toEqual({ amount: o.total, currency: 'USD' });
    expect(res.body.data.checkoutUrl).toBe(`/api/pay/sandbox/${res.body.data.paymentId}`);

    const page = await t.app.inject({ method: 'GET', url: res.body.data.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(o.orderNo);
    expect(page.body).toContain((o.total / 100).toFixed(2));
    for (const label of ['Credit / debit card', 'ABA Pay', 'KHQR', 'Decline', 'Cancel']) {
      expect(page.body).toContain(label);
    }
    const approve = await t.app.inject({ method: 'POST', url: `${res.body.data.checkoutUrl}/approve` });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`/#/abaPayReturn?orderNo=${o.orderNo}`);

    const other = client(t);
    await registerUser(t, other);
    // Spec §8: getPayUrl answers another user's order as an unknown one, 204.
    expect(
      (await other.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'card' })).body.code,
    ).toBe('204');
  });

  it('refuses a tampered signature, a stale timestamp, a wrong amount or currency, an unknown payment', async () => {
    const o = await order();
    const pay = (await payUrl(o.orderNo)).body.data;
    const good = sandboxNotification(pay.paymentId, 'succeeded', pay.amount.amount, 'USD');
    const raw = JSON.stringify(good);
    const sig = signSandbox(
      serverKeys(t.config).sandboxPayment.current,
      raw,
      Math.floor(clock.getTime() / 1000),
    );
    expect((await notify(raw.replace('"USD"', '"USD" '), { signature: sig })).status).toBe(400);
    expect((await notify(raw, { signature: sig.replace(/.$/, (c) => (c === '0' ? '1' : '0')) })).status).toBe(
      400,
    );
    expect(
      (
        await notify(raw, {
          signature: signSandbox(deriveKey('another-secret-0123456789-0123456789', 'sandboxPayment'), raw, 1),
        })
      ).status,
    ).toBe(400);
    expect((await notify(good, { at: new Date(clock.getTime() - 6 * MINUTE) })).status).toBe(400);
    expect((await notify({ ...good, amount: good.amount - 1 })).status).toBe(400);
    expect((await notify({ ...good, currency: 'CNY' })).status).toBe(400);
    expect((await notify({ ...good, gatewayReference: `sbx_${randomUUID()}` })).status).toBe(400);
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.un_paid,
      paid_events: 0,
      payments: 'pending',
    });

    expect((await notify(good)).body.data.outcome).toBe('paid');
  });

  it('1000 replayed and reordered notifications pay once; concurrent ticketing issues one set', async () => {
    const o = await order([2, 1, 1]);
    const pay = (await payUrl(o.orderNo)).body.data;
    const events = Array.from({ length: 5 }, () =>
      sandboxNotification(pay.paymentId, 'succeeded', pay.amount.amount, 'USD'),
    );
    const failed = sandboxNotification(pay.paymentId, 'failed', pay.amount.amount, 'USD');
    const all = Array.from({ length: 1000 }, (_, i) => (i % 97 === 0 ? failed : events[i % events.length]!));
    all.sort(() => Math.random() - 0.5);
    const outcomes: string[] = [];
    for (let i = 0; i < all.length; i += 100) {
      const replies = await Promise.all(all.slice(i, i + 100).map((n) => notify(n)));
      for (const r of replies) {
        expect(r.status).toBe(200);
        outcomes.push(r.body.data.outcome ?? '');
      }
    }
    expect(outcomes.filter((x) => x === 'paid')).toHaveLength(1);
    // A crash between payment and ticketing: paid, and no ticket yet (the job never ran).
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      tickets: 0,
      payments: 'succeeded',
    });
    const status = await member.get(`/travelsky/payment/status/${o.orderNo}`);
    expect(status.body.data).toEqual({
      status: OrderPayStatus.paid,
      paymentStatus: 'succeeded',
      ticketsIssued: 0,
    });

    // The job runs (retried, and twice at once): one set of tickets.
    await Promise.all(Array.from({ length: 6 }, () => t.app.ticketing.issueTickets(o.id)));
    await t.app.ticketing.issueTickets(o.id);
    const after = await facts(o.id);
    expect(after).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      ticketed_events: 1,
      passengers: 4,
      tickets: 4,
    });
    expect(after.coupons).toBe(4);
    const { rows } = await t.database.pool.query('select ticket_no from tickets where order_id = $1', [o.id]);
    for (const r of rows) expect(r.ticket_no).toMatch(/^881\d{10}$/);

    const again = await payUrl(o.orderNo);
    expect(again.body.code).toBe('613');
    expect(again.body.message).toBe('This order is already paid. It cannot be paid again.');
    expect((await member.get(`/travelsky/payment/status/${o.orderNo}`)).body.data.ticketsIssued).toBe(4);
  });

  it('declares the sandbox notification worker with payments’ jobs (outside production only) and ticketing with booking’s', async () => {
    expect(t.app.jobs.declared(SANDBOX_NOTIFY_JOB)?.options).toEqual(SANDBOX_NOTIFY_QUEUE);
    expect(t.app.jobs.declared(TICKETING_JOB)?.options).toEqual(TICKETING_QUEUE);
    expect(t.app.jobs.declared(TICKETING_SWEEP_JOB)).toBeDefined();
    // Without the sandbox (production) payments declares its own jobs only.
    const declared: string[] = [];
    const jobs = {
      work: async (name: string) => void declared.push(name),
      schedule: async (name: string) => void declared.push(name),
    };
    await registerPaymentsJobs(jobs, { service: t.app.payments, sandbox: null }, t.app.log);
    expect(declared.sort()).toEqual([RECONCILE_SWEEP_JOB, REFUND_JOB, REFUND_SWEEP_JOB].sort());
  });

  it('delivers a sandbox notification through the job handler, signed at sending time', async () => {
    const o = await order([1, 0, 0]);
    const pay = (await payUrl(o.orderNo)).body.data;
    const body = JSON.stringify(sandboxNotification(pay.paymentId, 'succeeded', pay.amount.amount, 'USD'));
    const gateway = new SandboxGateway(serverKeys(t.config).sandboxPayment, () => clock);
    const deliver = async (_url: string, raw: string, signature: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/pay/notify/sandbox',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          payload: raw,
        })
      ).statusCode;
    await sendNotification(gateway, { url: 'unused', body }, deliver);
    await sendNotification(gateway, { url: 'unused', body }, deliver);
    await expect(sendNotification(gateway, { url: 'unused', body }, async () => 500)).rejects.toThrow();
    expect(await facts(o.id)).toMatchObject({ status: OrderPayStatus.paid, paid_events: 1 });
  });

  it('a payment after expiry takes the seats again when they are still there', async () => {
    const o = await order();
    const pay = (await payUrl(o.orderNo)).body.data;
    const held = await inventory(t, o.flight.flightId, 'M');
    clock = new Date(Date.now() + 21 * MINUTE);
    expect((await t.app.booking.expireOrder(o.id)).expired).toBe(true);
    expect((await inventory(t, o.flight.flightId, 'M')).classSold).toBe(held.classSold - 3);

    const reply = await notify(sandboxNotification(pay.paymentId, 'succeeded', pay.amount.amount, 'USD'));
    expect(reply.body.data.outcome).toBe('late_rehold');
    expect((await inventory(t, o.flight.flightId, 'M')).classSold).toBe(held.classSold);
    await t.app.ticketing.issueTickets(o.id);
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.paid,
      paid_events: 1,
      live_holds: 1,
      tickets: 3,
    });
  });

  it('a payment after expiry whose seats are gone is marked for refund, never lost', async () => {
    const o = await order();
    const pay = (await payUrl(o.orderNo)).body.data;
    clock = new Date(Date.now() + 21 * MINUTE);
    expect((await t.app.booking.expireOrder(o.id)).expired).toBe(true);
    const { rows } = await t.database.pool.query(
      `update flight_class_inventory set authorised_limit = sold + external_sold
        where flight_id = $1 and booking_class = 'M' returning authorised_limit`,
      [o.flight.flightId],
    );
    expect(rows).toHaveLength(1);

    const n = sandboxNotification(pay.paymentId, 'succeeded', pay.amount.amount, 'USD');
    expect((await notify(n)).body.data.outcome).toBe('refund_required');
    expect((await notify(n)).body.data.outcome).toBe('duplicate');
    await t.app.ticketing.issueTickets(o.id);
    expect(await facts(o.id)).toMatchObject({
      status: OrderPayStatus.canceled,
      paid_events: 0,
      refund_events: 1,
      tickets: 0,
      live_holds: 0,
      // Marked for refund, with its refund row; a refund sweep of another test process may already
      // have sent it back (refunds.test.ts follows it to the end).
      payments: expect.stringMatching(/^(refund_required|refunded)$/),
    });
    const refunds = await t.database.pool.query(
      `select r.reason from payment_refunds r join payments p on p.id = r.payment_id where p.payable_id = (select b.id from payables b join orders o on b.kind = 'order' and b.reference = o.order_no where o.id = $1)`,
      [o.id],
    );
    expect(refunds.rows).toEqual([{ reason: 'seats_gone' }]);
  });
});

// This block runs after the block above (one file), so its sweeps cannot ticket that block's order
// between its payment and its check of no tickets.
describe('ticketing keeps up with bursts and backlogs (issue 9)', () => {
  let t: TestApp;
  let member: Client;

  beforeAll(async () => {
    // A burst is many unpaid orders of one member at once: the hold limits are not tested here.
    t = await createTestApp({ env: { BOOKING_MAX_UNPAID_ORDERS: '0', BOOKING_MAX_UNPAID_SEATS: '0' } });
    member = client(t);
    await registerUser(t, member);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => t.close());

  async function notify(body: object) {
    const raw = JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandbox(
          serverKeys(t.config).sandboxPayment.current,
          raw,
          Math.floor(Date.now() / 1000),
        ),
      },
      payload: raw,
    });
    return (res.json() as { data: { outcome: string } }).data.outcome;
  }

  /** `n` unpaid orders of one adult each, with a pending card payment each. */
  async function unpaidOrders(n: number) {
    const orders: { id: string; paymentId: string; amount: number }[] = [];
    const flight = await aPrivateFlight(t, { from: 'KTI', to: 'KOS' });
    for (let i = 0; i < n; i++) {
      const o = await bookOrder(t, member, flight);
      const pay = await member.post(`/travelsky/payment/getPayUrl/${o.orderNo}`, { method: 'card' });
      expect(pay.body.code, JSON.stringify(pay.body)).toBe('0');
      orders.push({ id: o.id, paymentId: pay.body.data.paymentId, amount: pay.body.data.amount.amount });
    }
    return orders;
  }

  /** Per order: passengers, tickets, coupons, ticketed events and whether ticketed_at is set. */
  async function ticketing(orderIds: string[]) {
    const { rows } = await t.database.pool.query<{
      id: string;
      passengers: number;
      tickets: number;
      coupons: number;
      ticketed_events: number;
      ticketed: boolean;
    }>(
      `select o.id,
              (select count(*)::int from order_passengers p where p.order_id = o.id) as passengers,
              (select count(*)::int from tickets k where k.order_id = o.id) as tickets,
              (select count(*)::int from ticket_coupons c join tickets k on k.id = c.ticket_id where k.order_id = o.id) as coupons,
              (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'ticketed') as ticketed_events,
              o.ticketed_at is not null as ticketed
         from orders o where o.id = any($1::uuid[])`,
      [orderIds],
    );
    return rows;
  }

  it('a burst of 30 payments is ticketed by the ticketing workers as it lands, one fetch per worker', async () => {
    const orders = await unpaidOrders(30);
    const send = vi.spyOn(t.app.jobs, 'send');
    const wake = vi.spyOn(t.app.jobs, 'wake');
    const outcomes = await Promise.all(
      orders.map((o) => notify(sandboxNotification(o.paymentId, 'succeeded', o.amount, 'USD'))),
    );
    expect(outcomes).toEqual(orders.map(() => 'paid'));

    // Each payment enqueued its order's ticketing job in its own transaction, and woke the
    // workers once committed (the job runner is not started in tests: the jobs are handed to
    // the queue's handler here, as its workers fetch them).
    const prompts = send.mock.calls.filter(([name]) => name === TICKETING_JOB);
    expect(prompts.map(([, data]) => (data as { orderId: string }).orderId).sort()).toEqual(
      orders.map((o) => o.id).sort(),
    );
    for (const [, data, options] of prompts)
      expect(options).toEqual({ singletonKey: (data as { orderId: string }).orderId, tx: expect.anything() });
    expect(wake.mock.calls.filter(([name]) => name === TICKETING_JOB)).toHaveLength(orders.length);
    const queue = t.app.jobs.declared<{ orderId: string }>(TICKETING_JOB);
    const { batchSize = 1, workers = 1 } = queue?.options ?? {};
    const batches: { orderId: string }[][] = [];
    for (let i = 0; i < prompts.length; i += batchSize) {
      batches.push(prompts.slice(i, i + batchSize).map(([, data]) => data as { orderId: string }));
    }
    // One fetch of each worker takes the whole burst (it used to be one order per 2-second poll).
    expect(batches.length).toBeLessThanOrEqual(workers);
    await Promise.all(
      batches.map(async (batch) => {
        for (const job of batch) await queue?.handler(job, { id: job.orderId, name: TICKETING_JOB });
      }),
    );
    // A retried job issues nothing more.
    await queue?.handler({ orderId: orders[0]!.id }, { id: 'retry', name: TICKETING_JOB });
    const after = await ticketing(orders.map((o) => o.id));
    expect(after).toHaveLength(30);
    for (const o of after) {
      expect(o).toMatchObject({ passengers: 1, tickets: 1, coupons: 1, ticketed_events: 1, ticketed: true });
    }
  });

  it(`the sweep tickets a backlog past its page of ${TICKETING_SWEEP_PAGE} in one run; two at once issue one set; a held order is skipped, not waited for`, async () => {
    // A crash lost the ticketing jobs of many paid orders: one paid here, the rest its copies.
    const [paid] = await unpaidOrders(1);
    expect(await notify(sandboxNotification(paid!.paymentId, 'succeeded', paid!.amount, 'USD'))).toBe('paid');
    const backlog = [paid!.id];
    const db = await t.database.pool.connect();
    try {
      await db.query('begin');
      for (let i = 0; i < TICKETING_SWEEP_PAGE + 20; i++) {
        const id = randomUUID();
        await db.query(
          `insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
             'id', $2::uuid, 'order_no', $3::text, 'pnr', $4::text, 'idempotency_key', $2::text,
             'ticketed_at', null))).*
             from orders o where o.id = $1`,
          [paid!.id, id, `SWEEP${id.slice(0, 13)}`, randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()],
        );
        for (const table of ['order_passengers', 'order_segments']) {
          await db.query(
            `insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(x) || jsonb_build_object(
               'id', gen_random_uuid(), 'order_id', $2::uuid))).*
               from ${table} x where x.order_id = $1`,
            [paid!.id, id],
          );
        }
        backlog.push(id);
      }
      await db.query('commit');

      // A ticketing job holds one of them right now.
      await db.query('begin');
      await db.query('select 1 from orders where id = $1 for update', [backlog[7]]);
      const [a, b] = await Promise.all([t.app.ticketing.ticketMissing(), t.app.ticketing.ticketMissing()]);
      expect(a + b).toBeGreaterThanOrEqual(backlog.length - 1);
      const swept = await ticketing(backlog);
      expect(swept.filter((o) => !o.ticketed).map((o) => o.id)).toEqual([backlog[7]]);
      for (const o of swept.filter((x) => x.id !== backlog[7])) {
        expect(o).toMatchObject({ passengers: 1, tickets: 1, coupons: 1, ticketed_events: 1 });
      }
      await db.query('rollback');
    } finally {
      db.release();
    }
    // Let go, it is ticketed by the next run.
    await t.app.ticketing.ticketMissing();
    expect(await ticketing([backlog[7]!])).toMatchObject([
      { tickets: 1, ticketed_events: 1, ticketed: true },
    ]);
  });
});
