import { randomUUID } from 'node:crypto';
import { envelope, ZAddIncreaseServiceReply, ZOrderDetail } from '@wings/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, payOrder } from '../../../test/scenarios';
import { client, registerUser } from '../../../test/support/clients';
import { callAsStaff, signInStaff } from '../../../test/support/staff';
import { INSURANCE_PURCHASE_JOB } from '../insurance';
import { type Client, contact, offerFor, party } from './test-support';

/*
 * Travel insurance bought in the booking (issue 14): a passenger's `services[i].insurance` (the
 * spec's regionParams with the beneficiary) is checked with the insurance rules on its fields,
 * priced by the insurer for the whole trip as one service-code-10 line, kept on the order, and,
 * once the order is paid, written as a pending policy with its purchase job, bought from the
 * (sandbox) insurer exactly once, and shown on order detail for insurance-detail.
 */

const ADD = '/travelsky/ibe/addIncreaseService';
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

/** A complete entry: the insured lives in Phnom Penh; the beneficiary is a parent. */
const entry = (insuranceType = 'PLUS') => ({
  insuranceType,
  nationality: 'KH',
  region: 'Phnom Penh',
  city: 'Phnom Penh',
  address: '12 Street 310, Boeng Keng Kang',
  postalCode: '12302',
  name: 'Sok Dara',
  relationship: 'parent',
  credentialsType: 1,
  credentialsId: 'N01234567',
  mailbox: 'dara@example.com',
  countryCode: '855',
  contactNumber: '12345678',
});

async function booking(counts: [number, number, number] = [2, 0, 0]) {
  const f = await aPrivateFlight(t, { from: 'KTI', to: 'SAI' });
  const offerId = await offerFor(member, counts, [{ flightId: f.flightId, bookingClass: 'M' }]);
  return { flight: f, offerId, passengers: party(counts, f.depLocalDate) };
}

type Reply = {
  code: string;
  data: { fields?: Array<{ field: string; key?: string }> } & Record<string, unknown>;
};
const issuesOf = (body: Reply) => Object.fromEntries((body.data?.fields ?? []).map((f) => [f.field, f.key]));

async function policies(orderNo: string) {
  const { rows } = await t.database.pool.query(
    `select p.id, p.status, p.policy_no, p.premium_amount, p.cover_from::text, p.cover_to::text, p.attempts
       from insurance_policies p join orders o on o.id = p.order_id
      where o.order_no = $1 order by p.created_at`,
    [orderNo],
  );
  return rows as Array<{
    id: string;
    status: string;
    policy_no: string | null;
    premium_amount: number;
    cover_from: string;
    cover_to: string;
    attempts: number;
  }>;
}

describe('insurance in the booking: one line per insured passenger, priced by the insurer', () => {
  it('prices a plan for the trip per insured passenger (code 10, leg 0, the cover dates)', async () => {
    const b = await booking();
    const quote = await member.post('/travelsky/insurance/getInsurancePrice', {
      insuranceType: 'PLUS',
      offerId: b.offerId,
      insuredCount: 1,
    });
    expect(quote.body.code, JSON.stringify(quote.body)).toBe('0');
    const res = await member.post(ADD, {
      offerId: b.offerId,
      passengers: b.passengers,
      services: [{ insurance: entry('plus') }, { insurance: entry() }],
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('0');
    const reply = envelope(ZAddIncreaseServiceReply).parse(res.body).data;
    const line = {
      code: '10',
      leg: 0,
      insuranceType: 'PLUS',
      coverFrom: quote.body.data.cover.coverFrom,
      coverTo: quote.body.data.cover.coverTo,
      amount: quote.body.data.unitPrice,
    };
    expect(reply.lines).toEqual([
      { ...line, passenger: 0 },
      { ...line, passenger: 1 },
    ]);
    expect(reply.price.addons).toEqual({ amount: 2 * quote.body.data.unitPrice.amount, currency: 'USD' });
    // The insured's entry is the server's: never echoed in the priced lines.
    expect(JSON.stringify(res.body)).not.toContain('N01234567');
  });

  it('refuses an incomplete entry on each field, and a plan not sold, by passenger', async () => {
    const b = await booking();
    const res = await member.post(ADD, {
      offerId: b.offerId,
      passengers: b.passengers,
      services: [
        { insurance: { ...entry(), name: '索达', postalCode: '', relationship: 'boss', contactNumber: '' } },
        { insurance: entry('GOLDEN') },
      ],
    });
    expect(res.body.code).toBe('400');
    expect(issuesOf(res.body)).toEqual({
      'services.0.insurance.name': 'insurance.beneficiary_name_english',
      'services.0.insurance.postalCode': 'insurance.field_required',
      'services.0.insurance.relationship': 'insurance.relationship_invalid',
      'services.0.insurance.contactNumber': 'person.phone_invalid',
      'services.1.insurance.insuranceType': 'insurance.plan_unknown',
    });
  });
});

describe('a paid order buys its policies exactly once', () => {
  it('saves the line, writes one pending policy per insured at payment, buys it once, and shows it masked', async () => {
    const b = await booking();
    const saved = await member.post(SAVE, {
      offerId: b.offerId,
      passengers: b.passengers,
      contact,
      idempotencyKey: randomUUID(),
      acceptTerms: true,
      services: [{ insurance: entry() }, { legs: [{ baggageKg: 10 }] }],
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe('0');
    const { orderNo } = saved.body.data;
    const unpaid = envelope(ZOrderDetail).parse((await member.get(`${DETAIL}/${orderNo}`)).body).data;
    const insLine = unpaid.price.addonLines!.find((l) => l.code === '10')!;
    expect(insLine).toMatchObject({ passengerSeq: 0, leg: 0, insuranceType: 'PLUS' });
    expect(unpaid.price.addonLines!.find((l) => l.code === '13')).toMatchObject({
      passengerSeq: 1,
      weightKg: 10,
    });
    // Nothing is bought before the money is in.
    expect(await policies(orderNo)).toEqual([]);
    expect(unpaid.insurance).toBeUndefined();

    const send = vi.spyOn(t.app.jobs, 'send');
    const wake = vi.spyOn(t.app.jobs, 'wake');
    await payOrder(t, { orderNo });
    const [pending, ...none] = await policies(orderNo);
    expect(none).toEqual([]);
    expect(pending).toMatchObject({
      status: 'pending',
      policy_no: null,
      premium_amount: insLine.amount.amount,
    });
    // The purchase job was enqueued in the payment's transaction, one per policy, and its
    // workers woken after the commit (the runner does not run in tests: the job's work is below).
    const purchases = send.mock.calls.filter(([name]) => name === INSURANCE_PURCHASE_JOB);
    expect(purchases.map(([, data]) => data)).toEqual([{ policyId: pending!.id }]);
    expect(purchases[0]![2]).toMatchObject({ singletonKey: pending!.id });
    expect(purchases[0]![2]?.tx).toBeDefined();
    expect(wake).toHaveBeenCalledWith(INSURANCE_PURCHASE_JOB);
    send.mockRestore();
    wake.mockRestore();

    // The job's work, twice (a retry, a second worker): one policy, one number.
    const first = await t.app.insurance.issue(pending!.id);
    const again = await t.app.insurance.issue(pending!.id);
    expect(first).toMatchObject({ status: 'issued' });
    expect(first!.policyNo).toMatch(/^SBX\d{12}$/);
    expect(again!.policyNo).toBe(first!.policyNo);
    const { rows: book } = await t.database.pool.query(
      'select count(*)::int as n from sandbox_insurance_policies where policy_no = $1',
      [first!.policyNo],
    );
    expect(book[0].n).toBe(1);

    const detail = envelope(ZOrderDetail).parse((await member.get(`${DETAIL}/${orderNo}`)).body).data;
    expect(detail.insurance).toHaveLength(1);
    const policy = detail.insurance![0]!;
    expect(policy).toMatchObject({
      passengerSeq: 0,
      insuranceType: 'PLUS',
      status: 'issued',
      policyNo: first!.policyNo,
      premium: insLine.amount,
      coverFrom: pending!.cover_from,
      coverTo: pending!.cover_to,
      insured: { nationality: 'KH', city: 'Phnom Penh', postalCode: '12302' },
      beneficiary: { name: 'Sok Dara', relationship: 'parent', credentialsType: 1, countryCode: '855' },
    });
    expect(policy.planName.en).toBe('Plus');
    expect(policy.days).toBeGreaterThanOrEqual(1);
    expect(policy.beneficiary.credentialsId).toBe('*****4567');
    expect(policy.beneficiary.contactNumber).not.toContain('3456');
    expect(policy.beneficiary.mailbox).toBe('d***@example.com');
    expect(policy.externalUrl).toMatch(/\/api\/insurance\/sandbox\/policies\/SBX\d{12}\?sig=/);

    // Staff see the add-ons and the policy's purchase on the console's order page.
    const agent = await signInStaff(t, ['agent']);
    const staffView = await callAsStaff(t, agent, 'GET', `/orders/${orderNo}`);
    expect(staffView.body.code, JSON.stringify(staffView.body)).toBe('0');
    expect(staffView.body.data.price.addonLines).toEqual([
      expect.objectContaining({ code: '10', passengerSeq: 0, insuranceType: 'PLUS' }),
      expect.objectContaining({ code: '13', passengerSeq: 1, leg: 0, weightKg: 10 }),
    ]);
    expect(staffView.body.data.insurance).toEqual([
      expect.objectContaining({
        passengerSeq: 0,
        insuranceType: 'PLUS',
        status: 'issued',
        policyNo: first!.policyNo,
        provider: 'sandbox',
        attempts: 1,
        lastError: null,
      }),
    ]);

    // Another user reads nothing of it (the order itself is refused).
    const stranger = client(t);
    await registerUser(t, stranger);
    const refused = await stranger.get(`${DETAIL}/${orderNo}`);
    expect(refused.body.code).not.toBe('0');
  });
});
