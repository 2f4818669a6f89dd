import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LanguageTag } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchToken, type TestApp, testConfig } from '../../../test/helpers';
import {
  anOrder,
  aPrivateFlight,
  aReturnFlight,
  cancelOrder,
  payOrder,
  type ScenarioOrder,
  ticketOrder,
} from '../../../test/scenarios';
import type { Client } from '../../../test/support/booking';
import { client, newEmail, registerUser } from '../../../test/support/clients';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db';
import { createMailer, type Mailer } from '../../platform/mail/mailer';
import { ITINERARY_SEND_LIMIT } from './itinerary.service';
import { pdfText } from './test-support';

const SEND = '/travelsky/ibe/sendEItineraryByOrder';
const LOOKUP = '/travelsky/ibe/queryOrderByOrderNo';
const HOUR = 60 * 60_000;

/** An order of the file, and the flight numbers of its way out and back. */
type Booked = ScenarioOrder & { out: string; back: string };

describe('sendEItineraryByOrder: the e-ticket itinerary by mail (spec §7, §8)', () => {
  let clock = new Date();
  let t: TestApp;
  /** When set, the mailer fails as an unreachable SMTP server would. */
  let mailDown = false;
  let alice: Client;
  let bob: Client;
  let guest: Client;
  /** The members' user ids, by client. */
  const userIds = new Map<Client, string>();

  beforeAll(async () => {
    // The real dev mailbox, behind a switch that can make it fail (605).
    const config = testConfig();
    const database = openDatabase(inject('databaseUrl'), { error() {} }, 4);
    const outbox = createMailer({ config, db: database.db });
    const mailer: Mailer = {
      async send(mail) {
        if (mailDown) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        await outbox.send(mail);
      },
    };
    const app = await buildApp({ config, database, logger: false, mailer, now: () => clock });
    await app.ready();
    const token = await fetchToken(app, config, clock);
    t = {
      app,
      database,
      config,
      now: () => clock,
      token,
      headers: (extra = {}) => ({ authorization: `Bearer ${token}`, language: '1', ...extra }),
      async close() {
        await app.close();
        await database.close();
      },
    };
    alice = client(t);
    bob = client(t);
    guest = client(t);
    userIds.set(alice, (await registerUser(t, alice)).userId);
    userIds.set(bob, (await registerUser(t, bob)).userId);
  });
  afterAll(() => t.close());

  /** A return trip KTI-KUL for an adult and a child, booked by `c` (a member, or a guest) in `lang`. */
  async function book(c: Client, opts: { guest?: boolean; lang?: LanguageTag } = {}): Promise<Booked> {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'KUL' });
    const back = await aReturnFlight(t, out, { days: 5 });
    const order = await anOrder(t, {
      flight: [out, back],
      passengers: [1, 1, 0],
      userId: opts.guest ? null : userIds.get(c)!,
      lang: opts.lang ?? 'en',
      contact: { email: newEmail() },
    });
    return { ...order, out: out.flightNo, back: back.flightNo };
  }

  /** Paid and ticketed as the payment and ticketing steps leave it: one e-ticket per passenger. */
  async function payAndTicket(order: Booked): Promise<string[]> {
    await payOrder(t, order);
    return ticketOrder(t, order);
  }

  async function send(c: Client, body: object, orderToken?: string) {
    const headers: Record<string, string> = c.headers();
    if (orderToken !== undefined) headers.orderToken = orderToken;
    const res = await t.app.inject({ method: 'POST', url: `/api${SEND}`, headers, payload: body });
    return { status: res.statusCode, body: res.json() };
  }

  /** The newest mail to `to` in the dev mailbox, and its first attachment. */
  async function mailTo(to: string) {
    const list = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` });
    const message = list.json().data.messages[0];
    if (!message) return null;
    const file = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${message.id}/attachments/0` });
    return {
      subject: message.subject as string,
      text: message.text as string,
      attachments: message.attachments as Array<{ filename: string; contentType: string }>,
      pdf: file.rawPayload,
    };
  }

  /** With ITINERARY_PDF_DIR set, the mailed PDFs are kept there to be looked at. */
  function keep(name: string, pdf: Buffer) {
    const dir = process.env.ITINERARY_PDF_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), pdf);
  }

  it("mails the owner's itinerary as a PDF to the order's contact e-mail, and answers it masked", async () => {
    const order = await book(alice);
    const tickets = await payAndTicket(order);
    const res = await send(alice, { orderNo: order.orderNo.toLowerCase() });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      code: '0',
      data: { sentTo: 'u***@example.com' },
    });

    const mail = await mailTo(order.email);
    expect(mail).not.toBeNull();
    expect(mail!.subject).toBe(`Wings Airways: your e-ticket itinerary, booking ${order.pnr}`);
    expect(mail!.text).toContain(order.orderNo);
    expect(mail!.text).toContain(order.out);
    expect(mail!.attachments).toEqual([
      { filename: `itinerary-${order.pnr}.pdf`, contentType: 'application/pdf', size: mail!.pdf.length },
    ]);
    expect(mail!.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    keep('mailed-en.pdf', mail!.pdf);
    const text = pdfText(mail!.pdf);
    expect(text).toContain(order.pnr);
    expect(text).toContain(order.orderNo);
    for (const ticketNo of tickets) expect(text).toMatch(new RegExp(`\\b${ticketNo}\\b`));
    expect(text).toContain(order.out);
    expect(text).toContain(order.back);
    expect(text).toContain('Carry-on 7 kg');
  });

  it('mails a guest holding the look-up grant, to the address they give', async () => {
    const order = await book(guest, { guest: true });
    await payAndTicket(order);
    const found = await guest.post(LOOKUP, { orderNo: order.orderNo, docNumber: order.docs[0] });
    expect(found.body.code, JSON.stringify(found.body)).toBe('0');
    const other = `x${randomUUID()}@example.org`;
    const res = await send(guest, { orderNo: order.orderNo, email: other }, found.body.data.accessToken);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      code: '0',
      data: { sentTo: 'x***@example.org' },
    });
    const mail = await mailTo(other);
    expect(pdfText(mail!.pdf)).toContain(order.pnr);
    expect(await mailTo(order.email)).toBeNull();
  });

  it('writes the mail and the PDF in the language the order was made in', async () => {
    const zh = await book(alice, { lang: 'zh' });
    await payAndTicket(zh);
    const km = await book(alice, { lang: 'km' });
    await payAndTicket(km);
    // The reply is in the caller's language (English here); the mail in the order's.
    expect((await send(alice, { orderNo: zh.orderNo })).body.code).toBe('0');
    expect((await send(alice, { orderNo: km.orderNo })).body.code).toBe('0');

    const zhMail = await mailTo(zh.email);
    expect(zhMail!.subject).toBe(`之翼航空 电子客票行程单（订座编号 ${zh.pnr}）`);
    keep('mailed-zh.pdf', zhMail!.pdf);
    const zhText = pdfText(zhMail!.pdf);
    expect(zhText).toContain('电子客票行程单');
    expect(zhText).toContain('金边德崇国际机场');
    expect(zhText).toContain('吉隆坡国际机场');

    const kmMail = await mailTo(km.email);
    expect(kmMail!.subject).toBe(`វីងស៍ អ៊ែរវេស៍៖ កាលវិភាគធ្វើដំណើររបស់អ្នក លេខយោងការកក់ ${km.pnr}`);
    keep('mailed-km.pdf', kmMail!.pdf);
    const kmText = pdfText(kmMail!.pdf);
    expect(kmText).toContain('អាកាសយានដ្ឋានអន្តរជាតិតេជោ');
    expect(kmText).toContain(km.pnr);
  });

  it("answers 204 alike for an unknown order, another user's order, and a missing or wrong grant", async () => {
    const order = await book(alice);
    await payAndTicket(order);
    const otherOrder = await book(bob);
    await payAndTicket(otherOrder);
    const found = await guest.post(LOOKUP, { orderNo: otherOrder.orderNo, docNumber: otherOrder.docs[0] });
    const grantForOther = found.body.data.accessToken as string;
    const replies = [
      await send(alice, { orderNo: 'NOSUCHORDER1' }),
      await send(bob, { orderNo: order.orderNo }),
      await send(guest, { orderNo: order.orderNo }),
      await send(guest, { orderNo: order.orderNo }, grantForOther),
      await send(guest, { orderNo: order.orderNo }, 'not-a-grant'),
    ];
    for (const r of replies) {
      expect(r.status).toBe(200);
      // Spec §8: sendItinerary's 204 shows the system error; the reason follows in data.
      expect(r.body).toEqual({
        code: '204',
        message: 'The system is running poorly. Please try again later.',
        data: { detail: 'The order does not exist.', reason: 'order_not_found' },
      });
    }
    expect(await mailTo(order.email)).toBeNull();
  });

  it('answers 608 for an unpaid order and 204 for a canceled one, sending nothing', async () => {
    const unpaid = await book(alice);
    const res = await send(alice, { orderNo: unpaid.orderNo });
    expect(res.body).toEqual({ code: '608', message: 'Please pay for the order first.', data: null });

    const canceled = await book(alice);
    await cancelOrder(t, canceled);
    const gone = await send(alice, { orderNo: canceled.orderNo });
    expect(gone.body.code).toBe('204');
    expect(gone.body.message).toBe('The system is running poorly. Please try again later.');
    expect(gone.body.data.detail).toBe('This order was canceled, so it has no itinerary to send.');
    expect(await mailTo(unpaid.email)).toBeNull();
    expect(await mailTo(canceled.email)).toBeNull();
  });

  it('answers 607 while a paid order is still being ticketed', async () => {
    const order = await book(alice);
    await payOrder(t, order);
    // Hold the order row as a ticketing run does, so another file's ticketing sweep on the shared
    // database waits instead of issuing this order's tickets mid-test.
    const ticketing = await t.database.pool.connect();
    try {
      await ticketing.query('begin');
      await ticketing.query('select 1 from orders where order_no = $1 for update', [order.orderNo]);
      const res = await send(alice, { orderNo: order.orderNo });
      expect(res.body).toEqual({
        code: '607',
        message: 'The system is running poorly. Please try again later.',
        data: {
          detail: 'The e-tickets are still being issued. Please send the itinerary a little later.',
          reason: 'itinerary.not_ticketed',
        },
      });
    } finally {
      await ticketing.query('rollback');
      ticketing.release();
    }
    expect(await mailTo(order.email)).toBeNull();
  });

  it('answers 606 after five sends of one order in an hour, and sends again the next hour', async () => {
    const order = await book(alice);
    await payAndTicket(order);
    // At the start of an hour, so the five sends fall in one window.
    clock = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 1000);
    try {
      await alice.refreshAccessToken(clock);
      for (let i = 0; i < ITINERARY_SEND_LIMIT.max; i++) {
        expect((await send(alice, { orderNo: order.orderNo })).body.code).toBe('0');
      }
      const over = await send(alice, { orderNo: order.orderNo });
      expect(over.body).toMatchObject({
        code: '606',
        message: 'The system is running poorly. Please try again later.',
        data: { reason: 'itinerary.too_many' },
      });
      // Another order is not limited by this one.
      const other = await book(alice);
      await payAndTicket(other);
      expect((await send(alice, { orderNo: other.orderNo })).body.code).toBe('0');

      clock = new Date(clock.getTime() + HOUR);
      await alice.refreshAccessToken(clock);
      expect((await send(alice, { orderNo: order.orderNo })).body.code).toBe('0');
    } finally {
      clock = new Date();
      await alice.refreshAccessToken(clock);
    }
  });

  it('answers 605 when the mail cannot be sent', async () => {
    const order = await book(alice);
    await payAndTicket(order);
    mailDown = true;
    try {
      const res = await send(alice, { orderNo: order.orderNo });
      expect(res.body).toEqual({
        code: '605',
        message: 'The system is running poorly. Please try again later.',
        data: {
          detail: 'The itinerary e-mail could not be sent. Please try again later.',
          reason: 'itinerary.send_failed',
        },
      });
    } finally {
      mailDown = false;
    }
    expect(await mailTo(order.email)).toBeNull();
    expect((await send(alice, { orderNo: order.orderNo })).body.code).toBe('0');
  });

  it('refuses a malformed e-mail address with 400, naming the field', async () => {
    const res = await send(alice, { orderNo: 'WC1', email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('email');
  });
});
