import { OrderPayStatus } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import { type FlightChange, flightChangeMails, type OrderOnFlight } from './flight-orders';

const change: FlightChange = {
  kind: 'retimed',
  flightId: '7',
  flightNo: 'WA101',
  origin: 'KTI',
  destination: 'HKG',
  originZone: 'Asia/Phnom_Penh',
  destinationZone: 'Asia/Hong_Kong',
  before: { depUtc: new Date('2027-02-01T01:30:00Z'), arrUtc: new Date('2027-02-01T04:00:00Z') },
  after: { depUtc: new Date('2027-02-01T03:00:00Z'), arrUtc: new Date('2027-02-01T05:30:00Z') },
  actor: 'staff:1',
  reason: 'slot',
};

const order = (over: Partial<OrderOnFlight>): OrderOnFlight => ({
  orderId: 'o1',
  orderNo: 'W1',
  pnr: 'ABCDEF',
  status: OrderPayStatus.paid,
  language: 1,
  ticketed: true,
  contactName: 'Chan Dara',
  contactEmail: 'dara@example.com',
  passengerEmails: [],
  ...over,
});

describe('flight change e-mails (issue 13)', () => {
  it("writes to the paid orders' contacts and passengers once each, never to unpaid orders", () => {
    const mails = flightChangeMails(
      [
        order({ passengerEmails: ['DARA@example.com', 'sokha@example.com'] }),
        order({
          orderId: 'o2',
          orderNo: 'W2',
          status: OrderPayStatus.un_paid,
          contactEmail: 'unpaid@example.com',
        }),
      ],
      change,
    );
    expect(mails.map((m) => m.to)).toEqual(['dara@example.com', 'sokha@example.com']);
  });

  it("gives the old and new times in each airport's zone, in the order's language", () => {
    const [en] = flightChangeMails([order({ language: 1 })], change);
    expect(en!.subject).toBe('Wings Airways: flight WA101 has new times');
    expect(en!.text).toContain(
      'departs KTI 2027-02-01 08:30 (Asia/Phnom_Penh), arrives HKG 2027-02-01 12:00 (Asia/Hong_Kong)',
    );
    expect(en!.text).toContain(
      'departs KTI 2027-02-01 10:00 (Asia/Phnom_Penh), arrives HKG 2027-02-01 13:30 (Asia/Hong_Kong)',
    );
    const [zh] = flightChangeMails([order({ language: 0 })], change);
    expect(zh!.subject).toBe('之翼航空 航班 WA101 时刻变更通知');
    const [km] = flightChangeMails([order({ language: 2 })], {
      ...change,
      kind: 'canceled',
      after: undefined,
    });
    expect(km!.subject).toContain('ត្រូវបានលុបចោល');
    expect(km!.html).toContain('lang="km');
    expect(km!.text).toContain('បានលុបចោល');
  });

  it('says what the traveller may do (issue 16) and links to their ticket detail', () => {
    const [en] = flightChangeMails([order({ language: 1 })], change, 'https://app.example.com/');
    const link = 'https://app.example.com/#/pages/ticket/ticket-detail/ticket-detail?orderNo=W1';
    expect(en!.text).toContain('accept the new time');
    expect(en!.text).toContain('within 3 days');
    expect(en!.text).toContain('full refund, without any fee');
    expect(en!.text).toContain(link);
    expect(en!.html).toContain(`href="${link}"`);
    const [canceled] = flightChangeMails([order({ language: 0 })], { ...change, kind: 'canceled' });
    expect(canceled!.text).not.toContain('接受新的时刻');
    expect(canceled!.text).toContain('全额退票');
    expect(canceled!.text).not.toContain('ticket-detail');
    const [km] = flightChangeMails([order({ language: 2 })], change, 'https://app.example.com');
    expect(km!.text).toContain(link);
    expect(km!.text).toContain('ទទួលយកម៉ោងថ្មី');
  });
});
