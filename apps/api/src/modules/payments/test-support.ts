import { createTestApp, type TestApp } from '../../../test/helpers';
import { type FakePayWay, startFakePayWay } from '../../platform/payments/aba/testing/fake-payway';

/**
 * Test support of the payments tests: what the database says of an order's payments. Orders are
 * booked with `bookOrder` (test/support/booking.ts) or built with the scenario builders.
 */
export { type BookedOrder, bookOrder } from '../../../test/support/booking';

/** The order's status, its payment-related events, tickets, and its payments' statuses (sorted), as stored. */
export async function orderFacts(t: TestApp, orderId: string) {
  const { rows } = await t.database.pool.query(
    `select o.status,
            (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'paid') as paid_events,
            (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'refunded') as refunded_events,
            (select count(*)::int from order_events e where e.order_id = o.id and e.type = 'refund_notified') as notified_events,
            (select count(*)::int from tickets k where k.order_id = o.id) as tickets,
            (select string_agg(p.status, ',' order by p.status) from payments p
               join payables b on b.id = p.payable_id where b.kind = 'order' and b.reference = o.order_no) as payments,
            (select string_agg(r.status, ',' order by r.created_at) from payment_refunds r
               join payments p on p.id = r.payment_id
               join payables b on b.id = p.payable_id where b.kind = 'order' and b.reference = o.order_no) as refunds
       from orders o where o.id = $1`,
    [orderId],
  );
  return rows[0] as {
    status: number;
    paid_events: number;
    refunded_events: number;
    notified_events: number;
    tickets: number;
    payments: string | null;
    refunds: string | null;
  };
}

/** The refunds of an order's payments, oldest first. */
export async function refundsOf(t: TestApp, orderId: string) {
  const { rows } = await t.database.pool.query(
    `select r.id, r.payment_id, r.amount, r.currency, r.reason, r.status
       from payment_refunds r join payments p on p.id = r.payment_id
      where p.payable_id = (select b.id from payables b join orders o on b.kind = 'order' and b.reference = o.order_no where o.id = $1) order by r.created_at`,
    [orderId],
  );
  return rows as {
    id: string;
    payment_id: string;
    amount: number;
    currency: string;
    reason: string;
    status: string;
  }[];
}

/** Mail kept in the dev mailbox for an address, newest first. */
export async function mailTo(t: TestApp, address: string) {
  const { rows } = await t.database.pool.query(
    'select subject, text_body, html_body from mail_outbox where to_address = $1 order by created_at desc',
    [address.toLowerCase()],
  );
  return rows as { subject: string; text_body: string; html_body: string }[];
}

/** What our notify endpoint answered one of PayWay's pushbacks. */
export interface PushbackAnswer {
  status: number;
  outcome?: string;
}

/**
 * A test app that takes card payments through a stand-in for ABA PayWay, whose pushbacks are
 * delivered to the app in process (the URL is our notify URL); `answers` records each answer.
 */
export async function startAbaTestApp(): Promise<{
  t: TestApp;
  fake: FakePayWay;
  answers: PushbackAnswer[];
}> {
  const answers: PushbackAnswer[] = [];
  let app: TestApp | undefined;
  const fake = await startFakePayWay({
    deliver: async (url, body, headers) => {
      if (!app) throw new Error('app not ready');
      const res = await app.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers,
        payload: body,
      });
      const json = res.json() as { data?: { outcome?: string } };
      answers.push({ status: res.statusCode, outcome: json.data?.outcome });
      return res.statusCode;
    },
  });
  app = await createTestApp({
    env: {
      PAYMENT_GATEWAY: 'aba',
      ABA_MERCHANT_ID: fake.merchantId,
      ABA_API_KEY: fake.apiKey,
      ABA_API_URL: fake.url,
      ABA_RSA_PUBLIC_KEY: fake.rsaPublicKey.replace(/\n/g, '\\n'),
      PUBLIC_URL: 'https://fly.example',
    },
  });
  return { t: app, fake, answers };
}
