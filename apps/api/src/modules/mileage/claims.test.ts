import { randomInt } from 'node:crypto';
import {
  envelope,
  memberEnvelope,
  ZAdminClaimPage,
  ZMileageClaim,
  ZMileageClaimList,
} from '@wings/contracts';
import { addDays, HUB_TIME_ZONE, localDate } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fetchToken, type TestApp } from '../../../test/helpers';
import { aPaidOrderWithTickets, aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { memberClient, registerApprovedMember, registerMember } from '../../../test/support/members';
import { callAsStaff, type SignedInStaff, signInStaff } from '../../../test/support/staff';
import { closeCouponsAtDeparture } from '../tickets';
import { CLAIM_TRIES_PER_DAY } from './claims.service';

/*
 * Retroactive mileage claims (issue 18): a flight flown on a ticket a guest booked for the member
 * (no member card on it) is claimed, audited in the console and credited exactly once; each
 * refusal in the order the service checks them; a member reads only their own claims.
 * Flights are private, two days ahead; the app's clock is then moved past their departure.
 */

const HOUR = 3_600_000;
let clock = new Date();
let t: TestApp;
let agent: SignedInStaff;

/** A name no other test's member has (letters only, as registration takes them). */
function newGivenName(): string {
  return `Dara${Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('')}`;
}

interface Traveller {
  givenName: string;
  birthday: string;
}

/** A guest's paid, ticketed order for `who` on `flight`: its ticket number and coupon id. */
async function ticketFor(flight: PrivateFlight, who: Traveller) {
  const order = await aPaidOrderWithTickets(t, {
    flight,
    passengerDetails: [{ surname: 'Sok', givenName: who.givenName, birthday: who.birthday }],
  });
  const ticketNo = order.tickets[0]!;
  const { rows } = await t.database.pool.query<{ id: string; segment_id: string }>(
    'select c.id, c.segment_id from ticket_coupons c join tickets t on t.id = c.ticket_id where t.ticket_no = $1',
    [ticketNo],
  );
  return { ticketNo, couponId: rows[0]!.id, segmentId: rows[0]!.segment_id };
}

/** The departure close of these legs: checked-in coupons flown, the others no-shows (check-in.ts). */
async function closeAtDeparture(flight: PrivateFlight, segmentIds: string[], checkedIn: string[]) {
  for (const couponId of checkedIn) {
    await t.database.pool.query('update ticket_coupons set checked_in_at = $2 where id = $1', [
      couponId,
      new Date(flight.depUtc.getTime() - 90 * 60_000),
    ]);
  }
  await t.database.db.transaction((tx) => closeCouponsAtDeparture(tx, segmentIds, flight.depUtc));
}

const me: Traveller = { givenName: newGivenName(), birthday: '1990-04-12' };
const second: Traveller = { givenName: newGivenName(), birthday: '1985-07-01' };
let secondTicket: { ticketNo: string; couponId: string };
let flownDate: string;
let flown: { ticketNo: string; couponId: string; flightNo: string };
let noShow: { ticketNo: string; flightNo: string };
let notClosed: { ticketNo: string; flightNo: string };
let owner: { memberId: string; vipToken: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const date = addDays(localDate(new Date(), HUB_TIME_ZONE), 2);
  const a = await aPrivateFlight(t, { from: 'KTI', to: 'SAI', date, depTime: '10:00' });
  const b = await aPrivateFlight(t, { from: 'KTI', to: 'SAI', date, depTime: '11:00' });
  const c = await aPrivateFlight(t, { from: 'KTI', to: 'SAI', date, depTime: '12:00' });
  const ta = await ticketFor(a, me);
  const tb = await ticketFor(b, me);
  const tc = await ticketFor(c, me);
  const td = await ticketFor(a, second);
  await closeAtDeparture(a, [ta.segmentId, td.segmentId], [ta.couponId, td.couponId]);
  secondTicket = { ticketNo: td.ticketNo, couponId: td.couponId };
  await closeAtDeparture(b, [tb.segmentId], []);
  flownDate = a.depLocalDate;
  flown = { ticketNo: ta.ticketNo, couponId: ta.couponId, flightNo: a.flightNo };
  noShow = { ticketNo: tb.ticketNo, flightNo: b.flightNo };
  notClosed = { ticketNo: tc.ticketNo, flightNo: c.flightNo };
  // A few hours after the last departure: everyone signs in at the moved clock.
  clock = new Date(c.depUtc.getTime() + 3 * HOUR);
  // The demo app's access token, signed at the moved clock (member clients start from it).
  t.token = await fetchToken(t.app, t.config, clock);
  agent = await signInStaff(t, ['agent']);
  owner = await registerApprovedMember(t, { surname: 'Sok', givenName: me.givenName, birthday: me.birthday });
});
afterAll(() => t.close());

async function as(vipToken: string) {
  const c = memberClient(t, { vipToken });
  await c.refreshAccessToken(clock);
  return c;
}

async function claim(vipToken: string, body: Record<string, unknown>) {
  return (await (await as(vipToken)).post('/consumer/claim/saveClaim', body)).body;
}

const ledgerRowsOf = async (couponId: string) =>
  (
    await t.database.pool.query<{ kind: string; miles: number; actor: string }>(
      'select kind, miles, actor from mileage_ledger where source_key = $1',
      [`coupon:${couponId}`],
    )
  ).rows;

describe('retroactive claims', () => {
  it('refuses, in order: outside the window (870), no such flight (863), not the member (862), a no-show (872), not flown (863)', async () => {
    const future = addDays(localDate(clock, HUB_TIME_ZONE), 1);
    expect((await claim(owner.vipToken, { ...flown, flightDate: future })).status).toBe('870');
    expect((await claim(owner.vipToken, { ...flown, flightDate: '2001-01-01' })).status).toBe('870');
    expect((await claim(owner.vipToken, { ...flown, flightNo: 'WC1', flightDate: flownDate })).status).toBe(
      '863',
    );
    expect((await claim(owner.vipToken, { ...flown, flightDate: addDays(flownDate, -1) })).status).toBe(
      '863',
    );
    expect(
      (
        await claim(owner.vipToken, {
          ticketNo: '9999999999999',
          flightNo: flown.flightNo,
          flightDate: flownDate,
        })
      ).status,
    ).toBe('863');

    // Someone else's ticket: another member of another name (or birthday) is refused.
    const stranger = await registerApprovedMember(t, { surname: 'Sok', givenName: newGivenName() });
    expect((await claim(stranger.vipToken, { ...flown, flightDate: flownDate })).status).toBe('862');
    const twin = await registerApprovedMember(t, {
      surname: 'Sok',
      givenName: me.givenName,
      birthday: '1991-04-12',
    });
    expect((await claim(twin.vipToken, { ...flown, flightDate: flownDate })).status).toBe('862');

    expect((await claim(owner.vipToken, { ...noShow, flightDate: flownDate })).status).toBe('872');
    expect((await claim(owner.vipToken, { ...notClosed, flightDate: flownDate })).status).toBe('863');
  });

  it(`lets a member try ${CLAIM_TRIES_PER_DAY} claims a day, then 429: ticket numbers cannot be probed`, async () => {
    const prober = await registerApprovedMember(t, { surname: 'Sok', givenName: newGivenName() });
    const probe = { ticketNo: '9999999999999', flightNo: flown.flightNo, flightDate: flownDate };
    for (let i = 0; i < CLAIM_TRIES_PER_DAY; i++) {
      expect((await claim(prober.vipToken, probe)).status).toBe('863');
    }
    expect((await claim(prober.vipToken, probe)).status).toBe('429');
    // Another member is not held back by this one's tries.
    expect((await claim(owner.vipToken, { ...noShow, flightDate: flownDate })).status).toBe('872');
  });

  it('refuses a member under audit (803) and a caller without a session', async () => {
    const pending = await registerMember(t, {
      surname: 'Sok',
      givenName: me.givenName,
      birthday: me.birthday,
    });
    expect((await claim(pending.vipToken, { ...flown, flightDate: flownDate })).status).toBe('803');
    const anonymous = memberClient(t);
    await anonymous.refreshAccessToken(clock);
    expect(
      (await anonymous.post('/consumer/claim/saveClaim', { ...flown, flightDate: flownDate })).body.status,
    ).toBe('CAF9999');
  });

  it('files a claim under audit, lists it to its member only, and staff approve it: credited exactly once', async () => {
    const saved = memberEnvelope(ZMileageClaim).parse(
      await claim(owner.vipToken, {
        ...flown,
        ticketNo: `${flown.ticketNo.slice(0, 3)}-${flown.ticketNo.slice(3)}`,
        flightDate: flownDate,
      }),
    ).data;
    expect(saved).toMatchObject({
      ticketNo: flown.ticketNo,
      flightNo: flown.flightNo,
      flightDate: flownDate,
      depCode: 'KTI',
      arrCode: 'SAI',
      status: 'auditing',
      miles: null,
      decidedAt: null,
    });
    // A second claim of the same coupon while one waits.
    expect((await claim(owner.vipToken, { ...flown, flightDate: flownDate })).status).toBe('871');

    const mine = memberEnvelope(ZMileageClaimList).parse(
      (await (await as(owner.vipToken)).post('/consumer/claim/queryClaimList')).body,
    ).data;
    expect(mine.list.map((c) => c.id)).toEqual([saved.id]);
    const stranger = await registerApprovedMember(t, { surname: 'Sok', givenName: newGivenName() });
    const theirs = memberEnvelope(ZMileageClaimList).parse(
      (await (await as(stranger.vipToken)).post('/consumer/claim/queryClaimList')).body,
    ).data;
    expect(theirs.list).toEqual([]);

    const queue = envelope(ZAdminClaimPage).parse(
      (await callAsStaff(t, agent, 'GET', '/mileage/claims?status=auditing&pageSize=100')).body,
    ).data;
    const row = queue.list.find((r) => r.id === saved.id)!;
    expect(row).toMatchObject({
      memberId: owner.memberId,
      passengerName: `Sok ${me.givenName}`.toUpperCase(),
      bookingClass: 'M',
      status: 'auditing',
    });
    expect(row.miles).toBeGreaterThan(0);
    expect(queue.list.every((r) => r.status === 'auditing')).toBe(true);

    const approved = await callAsStaff(t, agent, 'POST', `/mileage/claims/${saved.id}/approve`);
    const decided = envelope(ZMileageClaim).parse(approved.body).data;
    expect(decided).toMatchObject({ status: 'approved', miles: row.miles });
    expect(await ledgerRowsOf(flown.couponId)).toEqual([
      { kind: 'claim', miles: row.miles, actor: `staff:${agent.staff.id}` },
    ]);

    // Approving again, or filing again, credits nothing more.
    const again = await callAsStaff(t, agent, 'POST', `/mileage/claims/${saved.id}/approve`);
    expect(again.body.code).toBe('4141');
    expect((await claim(owner.vipToken, { ...flown, flightDate: flownDate })).status).toBe('871');
    expect(await ledgerRowsOf(flown.couponId)).toHaveLength(1);

    const listed = memberEnvelope(ZMileageClaimList).parse(
      (await (await as(owner.vipToken)).post('/consumer/claim/queryClaimList')).body,
    ).data;
    expect(listed.list[0]).toMatchObject({ id: saved.id, status: 'approved', miles: row.miles });

    const audit = await t.database.pool.query(
      `select action, staff_id from audit_log where target_type = 'mileage_claim' and target_id = $1`,
      [saved.id],
    );
    expect(audit.rows).toEqual([{ action: 'mileage.claim_approve', staff_id: agent.staff.id }]);
  });

  it('rejects a claim with the reason its member reads; the coupon may then be claimed again', async () => {
    const member = await registerApprovedMember(t, {
      surname: 'Sok',
      givenName: second.givenName,
      birthday: second.birthday,
    });
    const body = { ticketNo: secondTicket.ticketNo, flightNo: flown.flightNo, flightDate: flownDate };
    const saved = memberEnvelope(ZMileageClaim).parse(await claim(member.vipToken, body)).data;
    const rejected = await callAsStaff(t, agent, 'POST', `/mileage/claims/${saved.id}/reject`, {
      reason: 'The boarding record shows another seat',
    });
    expect(envelope(ZMileageClaim).parse(rejected.body).data).toMatchObject({
      status: 'rejected',
      rejectReason: 'The boarding record shows another seat',
      miles: null,
    });
    expect((await callAsStaff(t, agent, 'POST', `/mileage/claims/${saved.id}/approve`)).body.code).toBe(
      '4141',
    );
    expect(await ledgerRowsOf(secondTicket.couponId)).toEqual([]);

    const listed = memberEnvelope(ZMileageClaimList).parse(
      (await (await as(member.vipToken)).post('/consumer/claim/queryClaimList')).body,
    ).data;
    expect(listed.list[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'The boarding record shows another seat',
    });
    // A rejected claim is no longer live: the member may file again.
    expect(memberEnvelope(ZMileageClaim).parse(await claim(member.vipToken, body)).data.status).toBe(
      'auditing',
    );

    expect(
      (
        await callAsStaff(t, agent, 'POST', '/mileage/claims/00000000-0000-4000-8000-000000000000/reject', {
          reason: 'no such claim',
        })
      ).body.code,
    ).toBe('4140');
    expect((await callAsStaff(t, agent, 'POST', '/mileage/claims/nope/approve')).body.code).toBe('4140');
  });

  it('lets agents and admins decide, auditors only read (403)', async () => {
    const auditor = await signInStaff(t, ['auditor']);
    expect((await callAsStaff(t, auditor, 'GET', '/mileage/claims')).status).toBe(200);
    const refused = await callAsStaff(
      t,
      auditor,
      'POST',
      '/mileage/claims/00000000-0000-4000-8000-000000000000/approve',
    );
    expect(refused.status).toBe(403);
  });
});
