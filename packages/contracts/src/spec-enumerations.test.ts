import { describe, expect, it } from 'vitest';
import * as enums from './enums';
import { CALL_ERROR_MESSAGES, callErrorMessageKey, ErrorCodes } from './errors';
import { messages } from './messages';

/**
 * Every enumeration the spec lists, with its stored codes, copied from the spec's text
 * (booking-and-account.md §3 "Enumerations (label to stored code)", §4 order pay status, the
 * seat and message entries of §3; after-sales-and-loyalty.md §3 "Stored enumerations"). Each row
 * names the export of enums.ts that must hold exactly those codes: an enumeration the spec adds
 * or a code typed wrong fails here (issue 10, item 21).
 */
const SPEC_ENUMERATIONS: ReadonlyArray<{ spec: string; exported: keyof typeof enums; codes: object }> = [
  {
    spec: 'Client type: h5=CA-H5, android=CA_ANDROID, ios=CA_IOS, mpWeixin=CA-WCM',
    exported: 'ClientType',
    codes: { h5: 'CA-H5', android: 'CA_ANDROID', ios: 'CA_IOS', mpWeixin: 'CA-WCM' },
  },
  { spec: 'Language: zh=0, en=1, km=2', exported: 'Language', codes: { zh: 0, en: 1, km: 2 } },
  {
    spec: 'Passenger type: adult=1, child=2, infant=3',
    exported: 'PassengerType',
    codes: { adult: 1, child: 2, infant: 3 },
  },
  {
    spec: 'a second numbering: adult=0, child=1, unaccompanied child=2, infant=3',
    exported: 'PassengerTypeAlt',
    codes: { adult: 0, child: 1, unaccompaniedChild: 2, infant: 3 },
  },
  {
    spec: 'Non-Chinese locales show ADT, CHD, INF',
    exported: 'PassengerTypeLabel',
    codes: { adult: 'ADT', child: 'CHD', infant: 'INF' },
  },
  {
    spec: 'Trip type: oneway=0, return=1, round=2',
    exported: 'TripType',
    codes: { oneway: 0, return: 1, round: 2 },
  },
  { spec: 'Gender: male=0, female=1', exported: 'Gender', codes: { male: 0, female: 1 } },
  { spec: 'Title: mr=0, miss=1, mrs=2', exported: 'Title', codes: { mr: 0, miss: 1, mrs: 2 } },
  { spec: 'Yes/no: 1/0', exported: 'YesNo', codes: { yes: 1, no: 0 } },
  { spec: 'Cabin level: economy=Y, business=C', exported: 'Cabin', codes: { economy: 'Y', business: 'C' } },
  {
    spec: 'Added service: insurance=10, priority boarding=11, online seat=12, extra baggage=13',
    exported: 'AddedService',
    codes: { insurance: 10, priorityBoarding: 11, onlineSeat: 12, extraBaggage: 13 },
  },
  {
    spec: 'Insurance status: insured=1, uninsured=0',
    exported: 'InsuranceStatus',
    codes: { insured: 1, uninsured: 0 },
  },
  {
    spec: 'Member level: silver=0, gold=1, platinum=2',
    exported: 'MemberLevel',
    codes: { silver: 0, gold: 1, platinum: 2 },
  },
  {
    spec: 'Member document type: KH ID card=0, passport=1',
    exported: 'MemberDocumentType',
    codes: { khIdCard: 0, passport: 1 },
  },
  {
    spec: 'Time units: DAYS, HOURS, MINUTES, SECONDS',
    exported: 'TimeUnit',
    codes: { days: 'DAYS', hours: 'HOURS', minutes: 'MINUTES', seconds: 'SECONDS' },
  },
  {
    spec: 'Fare classes: WingsFlex (N/O), Premium (Y/B), Grand (M/U/H), Basic (W/Q/V/L/T), Value (K/I/R)',
    exported: 'FARE_FAMILIES',
    codes: {
      WingsFlex: ['N', 'O'],
      Premium: ['Y', 'B'],
      Grand: ['M', 'U', 'H'],
      Basic: ['W', 'Q', 'V', 'L', 'T'],
      Value: ['K', 'I', 'R'],
    },
  },
  {
    spec: 'Seat types: vip=PFST, front=UPST, standard=SEAT',
    exported: 'SeatType',
    codes: { vip: 'PFST', front: 'UPST', standard: 'SEAT' },
  },
  {
    spec: 'Messages: status (unpublished=0, launched=1, disabled=2, expired=3)',
    exported: 'MessageStatus',
    codes: { unpublished: 0, launched: 1, disabled: 2, expired: 3 },
  },
  {
    spec: 'Order pay status: un_paid=0, paid=1, canceled=2',
    exported: 'OrderPayStatus',
    codes: { un_paid: 0, paid: 1, canceled: 2 },
  },
  // after-sales-and-loyalty.md §3
  {
    spec: 'Ticket status: issued 0, refunded 1, re_issued 2, canceled 3, refunding 4, issue error 5, change_in 6',
    exported: 'TicketStatus',
    codes: { issued: 0, refunded: 1, reIssued: 2, canceled: 3, refunding: 4, issueError: 5, changeIn: 6 },
  },
  {
    spec: 'Change status: change_in 11, change_success 12',
    exported: 'ChangeStatus',
    codes: { changeIn: 11, changeSuccess: 12 },
  },
  {
    spec: 'Member ticket status: init 0, issuing 1, issue error 2, issued 3',
    exported: 'MemberTicketStatus',
    codes: { init: 0, issuing: 1, issueError: 2, issued: 3 },
  },
  {
    spec: 'Refund status: refunding ticket 10, refunding money 11, refund success 12',
    exported: 'RefundStatus',
    codes: { refundingTicket: 10, refundingMoney: 11, refundSuccess: 12 },
  },
  {
    spec: 'Refund money status: accepted 10, processing 11, success 12',
    exported: 'RefundMoneyStatus',
    codes: { accepted: 10, processing: 11, success: 12 },
  },
  { spec: 'Check-in status: unused 10, used 11', exported: 'CheckInStatus', codes: { unused: 10, used: 11 } },
  {
    spec: 'Mileage order convert status: pay-cash-pending 0, paying 1, canceled 2, converted 3',
    exported: 'MileageConvertStatus',
    codes: { payCashPending: 0, paying: 1, canceled: 2, converted: 3 },
  },
  {
    spec: 'Mileage ticket status: not issued 0, issuing 1, error 2, issued 3',
    exported: 'MileageTicketStatus',
    codes: { notIssued: 0, issuing: 1, error: 2, issued: 3 },
  },
  {
    spec: 'Miles trading status: success 0, failure 1, processing 2, refused 3',
    exported: 'MilesTradingStatus',
    codes: { success: 0, failure: 1, processing: 2, refused: 3 },
  },
  {
    spec: 'Miles trading type: accumulate 0, consume 1, expire 2',
    exported: 'MilesTradingType',
    codes: { accumulate: 0, consume: 1, expire: 2 },
  },
  {
    spec: 'Rescheduled status: processing 0, success 1',
    exported: 'RescheduledStatus',
    codes: { processing: 0, success: 1 },
  },
];

/** The codes of an export, fare families reduced to their classes. */
function storedCodes(name: keyof typeof enums): unknown {
  if (name === 'FARE_FAMILIES') {
    return Object.fromEntries(
      Object.entries(enums.FARE_FAMILIES).map(([family, f]) => [family, [...f.classes]]),
    );
  }
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the table names exports; a test bundles nothing.
  return enums[name];
}

describe('every enumeration of the spec has its stored codes in enums.ts', () => {
  it.each(SPEC_ENUMERATIONS)('$spec', ({ exported, codes }) => {
    expect(storedCodes(exported)).toEqual(codes);
  });

  it('recognises the Chinese words of the passenger types, the first of each the one shown', () => {
    expect(enums.PassengerTypeWordsZh.adult[0]).toBe('成人');
    expect(enums.PassengerTypeWordsZh.child[0]).toBe('儿童');
    expect(enums.PassengerTypeWordsZh.infant[0]).toBe('婴儿');
  });
});

/**
 * Spec §8's per-call table (booking-and-account.md §8; after-sales-and-loyalty.md §8), copied from
 * the spec: call, codes, message key.
 */
const SPEC_CALL_MESSAGES: ReadonlyArray<[call: string, path: string, codes: string[], key: string]> = [
  ['queryFlight', '/travelsky/ibe/queryFlight', ['204', '301', '500'], 'flight_not_found'],
  ['queryFlight', '/travelsky/ibe/queryFlight', ['610'], 'flight_select_limit'],
  ['queryFlight', '/travelsky/ibe/queryFlight', ['CAC2112'], 'flight_no_support_round_trip'],
  ['saveTicketOrder', '/travelsky/ibe/saveTicketOrder', ['602'], 'captcha_error'],
  ['saveTicketOrder', '/travelsky/ibe/saveTicketOrder', ['301', '204', '500'], 'system_error'],
  ['saveTicketOrder', '/travelsky/ibe/saveTicketOrder', ['609'], 'passenger_limit'],
  ['login', '/travelsky/user/login', ['203'], 'login_limit'],
  ['login', '/travelsky/user/login', ['601'], 'incorrect_token'],
  ['login', '/travelsky/user/login', ['500'], 'system_error'],
  ['register', '/travelsky/user/register', ['500'], 'system_error'],
  ['register', '/travelsky/user/register', ['4001'], 'phone_exist'],
  ['register', '/travelsky/user/register', ['4002'], 'email_exist'],
  ['verifyEmail', '/travelsky/user/testEmail', ['606', '500'], 'system_error'],
  ['getPayUrl', '/travelsky/payment/getPayUrl/WC2612010001', ['204', '500'], 'system_error'],
  ['sendItinerary', '/travelsky/ibe/sendEItineraryByOrder', ['204', '605', '606', '607'], 'system_error'],
  ['sendItinerary', '/travelsky/ibe/sendEItineraryByOrder', ['608'], 'itinerary.unpaid'],
  ['searchOrder', '/travelsky/ibe/queryOrderByOrderNo', ['CAS912'], 'order_not_found'],
  ['getOrderDetail', '/travelsky/ibe/getOrderDetail/WC2612010001', ['500'], 'system_error'],
];

describe("spec §8's per-call messages", () => {
  it.each(SPEC_CALL_MESSAGES)('%s %s: %j shows %s', (_call, path, codes, key) => {
    for (const code of codes) {
      expect(callErrorMessageKey(path, code), code).toBe(key);
      expect(callErrorMessageKey(`/api${path}?x=1`, code), code).toBe(key);
    }
  });

  it('maps every listed code to a message that exists, and nothing the spec does not list', () => {
    for (const entry of CALL_ERROR_MESSAGES) {
      for (const key of Object.values(entry.codes)) expect(Object.hasOwn(messages, key), key).toBe(true);
    }
    expect(callErrorMessageKey('/travelsky/ibe/chooseFlight', '204')).toBeUndefined();
    expect(callErrorMessageKey('/travelsky/ibe/queryFlight', '205')).toBeUndefined();
    expect(callErrorMessageKey('/travelsky/payment/getPayUrl', '204')).toBeUndefined();
  });

  it('pay the order first is the spec’s text, and the codes the calls answer exist in the catalogue', () => {
    expect(messages['itinerary.unpaid'].en).toBe('Please pay for the order first.');
    const codes = new Set<string>(Object.values(ErrorCodes).map((e) => e.code));
    for (const [, , list] of SPEC_CALL_MESSAGES)
      for (const code of list) expect(codes.has(code), code).toBe(true);
  });
});

describe('message catalogue in three languages', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('has every key in zh, en and km, none empty, each naming the same {placeholders}', () => {
    const problems: string[] = [];
    for (const [key, entry] of Object.entries(messages) as [string, Record<string, string | undefined>][]) {
      for (const lang of ['zh', 'en', 'km'])
        if (!entry[lang]?.trim()) problems.push(`${key}.${lang} missing`);
      const [zh, en, km] = ['zh', 'en', 'km'].map((l) => placeholders(entry[l] ?? '').join(','));
      if (zh !== en || en !== km) problems.push(`${key} placeholders differ`);
    }
    expect(problems).toEqual([]);
  });
});
