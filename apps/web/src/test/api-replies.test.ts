import { describe, expect, test } from 'vitest';
import { fakeReplyDrift } from './api-replies';
import { ok } from './fake-api';
import { makeMemberSummary, memberExpired, memberFail, memberOk } from './members';
import { makeOrderSummary } from './orders';

const LOOKUP = '/api/travelsky/ibe/queryOrderByOrderNo';
const lookup = {
  ...makeOrderSummary(),
  accessToken: 'grant',
  accessTokenExpiresAt: '2099-01-01T00:00:00.000Z',
  accessScope: 'full',
};

describe('fake API replies are parsed with the contract schemas', () => {
  test('accepts a reply the API could send', () => {
    expect(fakeReplyDrift('POST', LOOKUP, 200, ok(lookup).body)).toBeNull();
  });

  test('refuses a reply missing a field the API always sends', () => {
    const { accessScope: _, ...withoutScope } = lookup;
    expect(fakeReplyDrift('POST', LOOKUP, 200, ok(withoutScope).body)).toMatch(/accessScope/);
    expect(fakeReplyDrift('GET', '/api/travelsky/ibe/getOrderDetail/W1', 200, ok(null).body)).toMatch(
      /does not parse/,
    );
  });

  test('refuses a reply with a field the API never sends', () => {
    expect(fakeReplyDrift('POST', LOOKUP, 200, ok({ ...lookup, legacyTotal: 1 }).body)).toMatch(
      /would not send this reply/,
    );
  });

  test('refuses a call the API does not serve and a code outside the error catalogue', () => {
    expect(fakeReplyDrift('GET', '/api/travelsky/ibe/noSuchCall', 200, ok({}).body)).toMatch(/no such call/);
    expect(fakeReplyDrift('POST', LOOKUP, 200, { code: '9999', message: 'x', data: null })).toMatch(
      /not in the error catalogue/,
    );
  });

  test('accepts catalogue failures and transport failures that are not envelopes', () => {
    expect(fakeReplyDrift('POST', LOOKUP, 200, { code: 'CAS912', message: 'none', data: null })).toBeNull();
    expect(fakeReplyDrift('POST', '/api/travelsky/ibe/queryFlight', 503, 'busy')).toBeNull();
    expect(fakeReplyDrift('POST', '/api/travelsky/ibe/queryFlight', 200, 'busy')).toMatch(/not an envelope/);
  });

  test('reads the member layer’s envelope { status, message, data } under /api/fqt', () => {
    const home = {
      member: makeMemberSummary(),
      mileage: null,
      memberSince: null,
    };
    const HOME = '/api/fqt/consumer/home/queryUserInfo';
    expect(fakeReplyDrift('POST', HOME, 200, memberOk(home).body)).toBeNull();
    expect(fakeReplyDrift('POST', HOME, 200, memberOk({ ...home, memberSince: 3 }).body)).toMatch(
      /does not parse/,
    );
    expect(fakeReplyDrift('POST', HOME, 200, ok(home).body)).toMatch(/not a member envelope/);
    expect(fakeReplyDrift('POST', HOME, 200, memberExpired().body)).toBeNull();
    expect(fakeReplyDrift('POST', HOME, 200, memberFail('800', 'wrong').body)).toBeNull();
    expect(fakeReplyDrift('POST', HOME, 200, memberFail('899', 'x').body)).toMatch(
      /not in the error catalogue/,
    );
  });
});
