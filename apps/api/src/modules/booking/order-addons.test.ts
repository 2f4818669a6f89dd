import { randomUUID } from 'node:crypto';
import {
  envelope,
  ZAddIncreaseServiceReply,
  ZAddonMenuReply,
  ZOrderDetail,
  ZSavedOrder,
} from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, aReturnFlight, type PrivateFlight, payOrder } from '../../../test/scenarios';
import { client, registerUser } from '../../../test/support/clients';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxGateway,
  sandboxNotification,
} from '../../platform/payments/sandbox/sandbox.gateway';
import { type Client, contact, inventory, offerFor, party, solvedCaptcha } from './test-support';

/*
 * Add-ons chosen in the booking (issue 14, round 2): ibe/addIncreaseService and its "next",
 * computePrice with services, saveTicketOrder writing one price line per choice and holding the
 * chosen seats, and the seats following the order's life (expiry, payment, late payment).
 * Flights are private A320 flights: business rows 1-2, economy 3-31 (row 3 its first row),
 * rows 3-5 UPST, exit rows 12-13. KTI-SAI is a short route (demo catalogue: a SEAT is free).
 */

const MINUTE = 60_000;
const ADD = '/travelsky/ibe/addIncreaseService';
const NEXT = '/travelsky/ibe/addIncreaseServiceNext';
const SAVE = '/travelsky/ibe/saveTicketOrder';
const DETAIL = '/travelsky/ibe/getOrderDetail';

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

type Reply = {
  code: string;
  data: { fields?: Array<{ field: string; key?: string }> } & Record<string, unknown>;
};
const issuesOf = (body: Reply) => Object.fromEntries((body.data?.fields ?? []).map((f) => [f.field, f.key]));

async function menuOf(c: Client, offerId: string) {
  return envelope(ZAddonMenuReply).parse((await c.get(`/travelsky/ibe/backService/${offerId}`)).body).data;
}

/** A one-way KTI → SAI booking of [2, 1, 1]: offer, passengers (adult, adult, child, infant). */
async function booking(
  c: Client = member,
  flight?: PrivateFlight,
  counts: [number, number, number] = [2, 1, 1],
) {
  const f = flight ?? (await aPrivateFlight(t, { from: 'KTI', to: 'SAI' }));
  const offerId = await offerFor(c, counts, [{ flightId: f.flightId, bookingClass: 'M' }]);
  return { flight: f, offerId, passengers: party(counts, f.depLocalDate) };
}

async function save(
  c: Client,
  b: { offerId: string; passengers: unknown[] },
  services: unknown,
  key = randomUUID(),
) {
  return c.post(SAVE, {
    offerId: b.offerId,
    passengers: b.passengers,
    contact,
    idempotencyKey: key,
    acceptTerms: true,
    services,
  });
}

async function seatRow(flightId: string, seat: string) {
  const { rows } = await t.database.pool.query(
    'select order_ref, status from seat_assignments where flight_id = $1 and seat = $2 and released_at is null',
    [Number(flightId), seat],
  );
  return rows[0] as { order_ref: string; status: string } | undefined;
}

async function orderIdOf(orderNo: string): Promise<string> {
  const { rows } = await t.database.pool.query('select id from orders where order_no = $1', [orderNo]);
  return rows[0].id as string;
}

describe('ibe/addIncreaseService: every choice priced from the catalogue', () => {
  it('prices seat, baggage, priority and the refundable upgrade per passenger and leg, and the new totals', async () => {
    const b = await booking();
    const menu = await menuOf(member, b.offerId);
    const leg = menu.legs[0]!;
    const upst = leg.seatTypes.find((s) => s.seatType === 'UPST')!.price.amount;
    const seat = leg.seatTypes.find((s) => s.seatType === 'SEAT')!.price.amount;
    const bag10 = leg.baggage.find((x) => x.weightKg === 10)!.price.amount;
    const ertAdult = leg.refundUpgrade!.prices.find((p) => p.passengerType === 1)!.price.amount;
    const services = [
      { legs: [{ seat: '4A', baggageKg: 10, priority: true }], refundUpgrade: true },
      { legs: [{ seat: '20c' }] },
      { legs: [{ seat: '20D' }] },
      null,
    ];
    const res = await member.post(ADD, { offerId: b.offerId, passengers: b.passengers, services });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const reply = envelope(ZAddIncreaseServiceReply).parse(res.body).data;
    const money = (amount: number) => ({ amount, currency: 'USD' });
    expect(reply.lines).toEqual([
      { code: '11', passenger: 0, leg: 0, amount: money(leg.priority!.amount) },
      { code: '12', passenger: 0, leg: 0, seat: '4A', amount: money(upst) },
      { code: '13', passenger: 0, leg: 0, weightKg: 10, amount: money(bag10) },
      { code: 'ERT', passenger: 0, leg: 0, amount: money(ertAdult) },
      { code: '12', passenger: 1, leg: 0, seat: '20C', amount: money(seat) },
      { code: '12', passenger: 2, leg: 0, seat: '20D', amount: money(seat) },
    ]);
    const sum = leg.priority!.amount + upst + bag10 + ertAdult + 2 * seat;
    const plain = await member.post('/travelsky/ibe/computePrice', { offerId: b.offerId });
    expect(reply.price.addons).toEqual(money(sum));
    expect(reply.price.total.amount).toBe(plain.body.data.total.amount + sum);

    // computePrice with the same services answers the same breakdown.
    const priced = await member.post('/travelsky/ibe/computePrice', {
      offerId: b.offerId,
      passengers: b.passengers,
      services,
    });
    expect(priced.body.code, JSON.stringify(priced.body)).toBe('0');
    expect(priced.body.data).toEqual(reply.price);

    // The step's "next" checks the same and answers the same price.
    const next = await member.post(NEXT, { offerId: b.offerId, passengers: b.passengers, services });
    expect(next.body.code, JSON.stringify(next.body)).toBe('0');
    expect(next.body.data.price).toEqual(reply.price);
  });

  it('seats a child beside its adult free (family seating), and charges a child seat elsewhere', async () => {
    const b = await booking();
    const upst = (await menuOf(member, b.offerId)).legs[0]!.seatTypes.find(
      (s) => s.seatType === 'UPST',
    )!.price;
    const priced = async (childSeat: string) => {
      const res = await member.post(ADD, {
        offerId: b.offerId,
        passengers: b.passengers,
        services: [null, { legs: [{ seat: '4A' }] }, { legs: [{ seat: childSeat }] }],
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe('0');
      return envelope(ZAddIncreaseServiceReply).parse(res.body).data.lines;
    };
    // 4A-4B side by side: the adult pays the UPST price, the child nothing.
    expect(await priced('4B')).toEqual([
      { code: '12', passenger: 1, leg: 0, seat: '4A', amount: upst },
      { code: '12', passenger: 2, leg: 0, seat: '4B', amount: { amount: 0, currency: upst.currency } },
    ]);
    // A row behind is not beside: the child's seat is priced as any.
    expect((await priced('5B'))[1]).toEqual({ code: '12', passenger: 2, leg: 0, seat: '5B', amount: upst });
  });

  it('refuses each bad choice on its own field', async () => {
    const b = await booking();
    const res = await member.post(ADD, {
      offerId: b.offerId,
      passengers: b.passengers,
      services: [
        // The first adult carries the infant: no exit row.
        { legs: [{ seat: '12A' }] },
        { legs: [{ seat: '99A', baggageKg: 7 }, { priority: true }] },
        // A child in the cabin's first row.
        { legs: [{ seat: '3A' }] },
        // An infant takes no seat.
        { legs: [{ seat: '20A' }] },
        { legs: [{ priority: true }] },
      ],
    });
    expect(res.status).toBe(400);
    expect(issuesOf(res.body as Reply)).toEqual({
      'services.0.legs.0.seat': 'seat.exit_row_infant',
      'services.1.legs.0.seat': 'seat.not_on_map',
      'services.1.legs.0.baggageKg': 'addons.baggage_not_sold',
      'services.1.legs.1': 'addons.no_such_leg',
      'services.2.legs.0.seat': 'seat.first_row_age',
      'services.3.legs.0.seat': 'seat.infant_no_seat',
      'services.4': 'addons.no_such_passenger',
    });
  });

  it('refuses priority boarding and a seat of the other cabin where none is filed (business), and two passengers on one seat', async () => {
    const f = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const offerId = await offerFor(member, [2, 0, 0], [{ flightId: f.flightId, bookingClass: 'N' }]);
    const passengers = party([2, 0, 0], f.depLocalDate);
    const res = await member.post(ADD, {
      offerId,
      passengers,
      services: [{ legs: [{ priority: true, seat: '2A' }] }, { legs: [{ seat: '2A' }] }],
    });
    expect(res.status).toBe(400);
    expect(issuesOf(res.body as Reply)).toEqual({
      'services.0.legs.0.priority': 'addons.priority_not_sold',
      'services.1.legs.0.seat': 'seat.picked_twice',
    });
    const wrongCabin = await member.post(ADD, {
      offerId,
      passengers,
      services: [{ legs: [{ seat: '20A' }] }],
    });
    expect(issuesOf(wrongCabin.body as Reply)).toEqual({ 'services.0.legs.0.seat': 'seat.wrong_cabin' });
  });

  it('refuses a seat an order holds (seat.taken), and "next" a party that is not the offer\'s', async () => {
    const b = await booking(member, undefined, [1, 0, 0]);
    const first = await save(member, b, [{ legs: [{ seat: '21A' }] }]);
    expect(first.body.code, JSON.stringify(first.body)).toBe('0');
    const other = await booking(member, b.flight, [1, 0, 0]);
    const res = await member.post(ADD, {
      offerId: other.offerId,
      passengers: other.passengers,
      services: [{ legs: [{ seat: '21A' }] }],
    });
    expect(issuesOf(res.body as Reply)).toEqual({ 'services.0.legs.0.seat': 'seat.taken' });
    const next = await member.post(NEXT, {
      offerId: other.offerId,
      passengers: party([2, 0, 0], b.flight.depLocalDate),
      services: [],
    });
    expect(issuesOf(next.body as Reply)).toEqual({ passengers: 'booking.passenger_count_mismatch' });
  });
});

describe('saveTicketOrder with services', () => {
  it('writes one price line per choice, holds the seats, charges them, and replays the same order', async () => {
    const out = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
    const back = await aReturnFlight(t, out, { days: 3 });
    const offerId = await offerFor(
      member,
      [1, 1, 0],
      [
        { flightId: out.flightId, bookingClass: 'M' },
        { flightId: back.flightId, bookingClass: 'M' },
      ],
    );
    const b = { offerId, passengers: party([1, 1, 0], out.depLocalDate) };
    const services = [
      {
        legs: [
          { seat: '22A', baggageKg: 5 },
          { seat: '23A', priority: true },
        ],
        refundUpgrade: true,
      },
      { legs: [{ seat: '22B' }, null] },
    ];
    const quote = await member.post(ADD, { ...b, services });
    expect(quote.body.code, JSON.stringify(quote.body)).toBe('0');
    const key = randomUUID();
    const res = await save(member, b, services, key);
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const saved = envelope(ZSavedOrder).parse(res.body).data;
    expect(saved.price).toEqual(quote.body.data.price);
    expect(saved.amountDue).toEqual(saved.price.total);

    const id = await orderIdOf(saved.orderNo);
    const { rows: lines } = await t.database.pool.query(
      `select l.code, p.seq as passenger, s.seq as leg, l.amount
         from order_price_lines l join order_passengers p on p.id = l.passenger_id
         left join order_segments s on s.id = l.segment_id
        where l.order_id = $1 and l.kind = 'addon' order by p.seq, s.seq, l.code`,
      [id],
    );
    expect(lines).toEqual(
      quote.body.data.lines.map(
        (l: { code: string; passenger: number; leg: number; amount: { amount: number } }) => ({
          code: l.code,
          passenger: l.passenger,
          leg: l.leg,
          amount: l.amount.amount,
        }),
      ),
    );
    const { rows } = await t.database.pool.query(
      `select (select sum(amount)::int from order_price_lines where order_id = $1) as lines,
              (select amount from payables where kind = 'order' and reference = $2) as payable`,
      [id, saved.orderNo],
    );
    expect(rows[0]).toEqual({ lines: saved.amountDue.amount, payable: saved.amountDue.amount });
    expect(await seatRow(out.flightId, '22A')).toEqual({ order_ref: id, status: 'held' });
    expect(await seatRow(out.flightId, '22B')).toEqual({ order_ref: id, status: 'held' });
    expect(await seatRow(back.flightId, '23A')).toEqual({ order_ref: id, status: 'held' });

    // The same request again: the same order and price, nothing written twice.
    const again = await save(member, b, services, key);
    expect(again.body.code, JSON.stringify(again.body)).toBe('0');
    expect(again.body.data.orderNo).toBe(saved.orderNo);
    expect(again.body.data.price).toEqual(saved.price);
    const count = await t.database.pool.query(
      "select count(*)::int as n from order_price_lines where order_id = $1 and kind = 'addon'",
      [id],
    );
    expect(count.rows[0].n).toBe(lines.length);
    // The same key with other add-ons is another booking: refused.
    const changed = await save(member, b, [{ legs: [{ seat: '24A' }] }], key);
    expect(changed.body.code).toBe('615');

    // The owner reads the add-ons in the order detail, with the seat numbers.
    const detail = envelope(ZOrderDetail).parse((await member.get(`${DETAIL}/${saved.orderNo}`)).body).data;
    expect(detail.price.addonTotal).toEqual(saved.price.addons);
    const seats = (detail.price.addonLines ?? []).filter((l) => l.code === '12');
    expect(seats.map((l) => [l.passengerSeq, l.leg, l.seat])).toEqual([
      [0, 0, '22A'],
      [0, 1, '23A'],
      [1, 0, '22B'],
    ]);
    expect((detail.price.addonLines ?? []).filter((l) => l.code === 'ERT').map((l) => l.leg)).toEqual([0, 1]);

    // BOLA: another member, and a guest without the grant, read nothing of it.
    const bob = client(t);
    await registerUser(t, bob);
    const theirs = await bob.get(`${DETAIL}/${saved.orderNo}`);
    expect(theirs.body.code).toBe('CAS912');
    expect(JSON.stringify(theirs.body)).not.toContain('22A');
    const guest = client(t);
    const noGrant = await guest.get(`${DETAIL}/${saved.orderNo}`);
    expect(noGrant.body.code).toBe('CAS912');
    expect(JSON.stringify(noGrant.body)).not.toContain('addonLines');
  });

  it('fails a second order for a held seat whole (640): no order, no seat counters taken', async () => {
    const b = await booking(member, undefined, [1, 0, 0]);
    const first = await save(member, b, [{ legs: [{ seat: '25C' }] }]);
    expect(first.body.code).toBe('0');
    const guest = client(t);
    const c = await booking(guest, b.flight, [1, 0, 0]);
    const key = randomUUID();
    const before = await inventory(t, b.flight.flightId, 'M');
    const res = await guest.post(SAVE, {
      offerId: c.offerId,
      passengers: c.passengers,
      contact,
      idempotencyKey: key,
      acceptTerms: true,
      captchaId: await solvedCaptcha(t, guest),
      captcha: 'abcd',
      services: [{ legs: [{ seat: '25C', baggageKg: 5 }] }],
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('640');
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from orders where idempotency_key = $1',
      [key],
    );
    expect(rows[0].n).toBe(0);
    const after = await inventory(t, b.flight.flightId, 'M');
    expect(after.classSold).toBe(before.classSold);
    expect((await seatRow(b.flight.flightId, '25C'))?.order_ref).toBe(
      await orderIdOf(first.body.data.orderNo),
    );
  });
});

describe('the seats follow the order', () => {
  it('an expired order frees its seat: the next order gets it', async () => {
    const b = await booking(member, undefined, [1, 0, 0]);
    const res = await save(member, b, [{ legs: [{ seat: '26F' }] }]);
    const id = await orderIdOf(res.body.data.orderNo);
    clock = new Date(Date.now() + 21 * MINUTE);
    expect((await t.app.booking.expireOrder(id)).expired).toBe(true);
    expect(await seatRow(b.flight.flightId, '26F')).toBeUndefined();
    clock = new Date();
    const next = await booking(member, b.flight, [1, 0, 0]);
    const taken = await save(member, next, [{ legs: [{ seat: '26F' }] }]);
    expect(taken.body.code, JSON.stringify(taken.body)).toBe('0');
    expect(await seatRow(b.flight.flightId, '26F')).toEqual({
      order_ref: await orderIdOf(taken.body.data.orderNo),
      status: 'held',
    });
  });

  it('a cancelled order frees its seat', async () => {
    const b = await booking(member, undefined, [1, 0, 0]);
    const res = await save(member, b, [{ legs: [{ seat: '27A' }] }]);
    const id = await orderIdOf(res.body.data.orderNo);
    expect((await t.app.booking.cancelUnpaid(id, { kind: 'system', name: 'test' })).canceled).toBe(true);
    expect(await seatRow(b.flight.flightId, '27A')).toBeUndefined();
  });

  it('payment confirms the seats', async () => {
    const b = await booking(member, undefined, [1, 0, 0]);
    const res = await save(member, b, [{ legs: [{ seat: '28A' }] }]);
    await payOrder(t, { orderNo: res.body.data.orderNo });
    expect(await seatRow(b.flight.flightId, '28A')).toMatchObject({ status: 'confirmed' });
  });

  async function payLate(orderNo: string, id: string): Promise<string> {
    const pay = await member.post(`/travelsky/payment/getPayUrl/${orderNo}`, { method: 'abapay' });
    expect(pay.body.code, JSON.stringify(pay.body)).toBe('0');
    clock = new Date(Date.now() + 21 * MINUTE);
    expect((await t.app.booking.expireOrder(id)).expired).toBe(true);
    return JSON.stringify(
      sandboxNotification(
        pay.body.data.paymentId,
        'succeeded',
        pay.body.data.amount.amount,
        pay.body.data.amount.currency,
      ),
    );
  }
  const notify = async (raw: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: (t.app.payments.gateways.get('sandbox') as SandboxGateway).sign(raw),
        },
        payload: raw,
      })
    ).json().data.outcome;

  it('a late payment takes the seat again (late_rehold) and confirms it', async () => {
    const b = await booking(member, undefined, [1, 0, 0]);
    const res = await save(member, b, [{ legs: [{ seat: '29A' }] }]);
    const id = await orderIdOf(res.body.data.orderNo);
    const raw = await payLate(res.body.data.orderNo, id);
    expect(await seatRow(b.flight.flightId, '29A')).toBeUndefined();
    expect(await notify(raw)).toBe('late_rehold');
    expect(await seatRow(b.flight.flightId, '29A')).toEqual({ order_ref: id, status: 'confirmed' });
  });

  it('a late payment whose seat was taken meanwhile is as seats gone: refunded, the seat stays with the other order', async () => {
    const b = await booking(member, undefined, [1, 0, 0]);
    const res = await save(member, b, [{ legs: [{ seat: '30A' }] }]);
    const id = await orderIdOf(res.body.data.orderNo);
    const raw = await payLate(res.body.data.orderNo, id);
    clock = new Date();
    const other = await booking(member, b.flight, [1, 0, 0]);
    const taken = await save(member, other, [{ legs: [{ seat: '30A' }] }]);
    expect(taken.body.code, JSON.stringify(taken.body)).toBe('0');
    const otherId = await orderIdOf(taken.body.data.orderNo);
    expect(await notify(raw)).toBe('refund_required');
    expect(await seatRow(b.flight.flightId, '30A')).toEqual({ order_ref: otherId, status: 'held' });
    const { rows } = await t.database.pool.query(
      'select status, (select count(*)::int from order_holds h where h.order_id = o.id and h.released_at is null) as live from orders o where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: 2, live: 0 });
  });
});
