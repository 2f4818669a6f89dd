import {
  ACCESS_TOKEN_CODES,
  type Envelope,
  ErrorCodes,
  LOGIN_EXPIRED_CODES,
  type MemberEnvelope,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { clientHooks, configureClientHooks } from './client-hooks';
import {
  adapterFor,
  type EnvelopeAdapter,
  EXPIRED_LOGIN_CODES,
  MAIN_OK_CODE,
  mainAdapter,
  memberAdapter,
  RENEW_ACCESS_TOKEN_CODES,
  staffAdapter,
} from './envelopes';

/** Replies as the layers send them (the contracts' envelope types). */
const mainReply = (code: string, data: unknown = null, message = 'msg'): Envelope<unknown> => ({
  code,
  message,
  data,
});
const memberReply = (status: string, data: unknown = null, message = 'msg'): MemberEnvelope<unknown> => ({
  status,
  message,
  data,
});

function read(adapter: EnvelopeAdapter, body: unknown) {
  const unwrapped = adapter.unwrap(body);
  return unwrapped && adapter.read(unwrapped);
}

describe('envelope adapters', () => {
  test('main: code "0" is success, 2000/2007 renew the token, 600 / CAC3002 / data.status 600 expire the login', () => {
    expect(read(mainAdapter, mainReply('0', { a: 1 }))).toEqual({ kind: 'ok', data: { a: 1 } });
    expect(read(mainAdapter, mainReply('2000'))).toEqual({ kind: 'renew-access-token', code: '2000' });
    expect(read(mainAdapter, mainReply('2007'))).toEqual({ kind: 'renew-access-token', code: '2007' });
    expect(read(mainAdapter, mainReply('600'))).toEqual({ kind: 'login-expired', code: '600' });
    expect(read(mainAdapter, mainReply('CAC3002'))).toEqual({ kind: 'login-expired', code: 'CAC3002' });
    expect(read(mainAdapter, mainReply('9999', { status: 600 }))).toEqual({
      kind: 'login-expired',
      code: '9999',
    });
    expect(read(mainAdapter, mainReply('608', { detail: 'x' }, 'Pay first'))).toEqual({
      kind: 'failure',
      code: '608',
      message: 'Pay first',
      data: { detail: 'x' },
    });
  });

  test('main: a success whose data has a status is still a success', () => {
    expect(read(mainAdapter, mainReply('0', { status: 600 }))).toEqual({ kind: 'ok', data: { status: 600 } });
  });

  test('member: status "200" is success and CAF9999 expires the login, as the main layer’s 600 does', () => {
    expect(read(memberAdapter, memberReply('200', { card: 'CA1' }))).toEqual({
      kind: 'ok',
      data: { card: 'CA1' },
    });
    expect(read(memberAdapter, memberReply('CAF9999'))).toEqual({ kind: 'login-expired', code: 'CAF9999' });
    expect(read(memberAdapter, memberReply('2007'))).toEqual({ kind: 'renew-access-token', code: '2007' });
    expect(read(memberAdapter, memberReply('608', null, 'Pay first'))).toEqual({
      kind: 'failure',
      code: '608',
      message: 'Pay first',
      data: null,
    });
  });

  test('staff: the main shape; 600 expires the staff session and 403 is a failure', () => {
    expect(read(staffAdapter, mainReply('0', { list: [] }))).toEqual({ kind: 'ok', data: { list: [] } });
    expect(read(staffAdapter, mainReply('600'))).toEqual({ kind: 'login-expired', code: '600' });
    expect(read(staffAdapter, mainReply('403', null, 'Not your role'))).toEqual({
      kind: 'failure',
      code: '403',
      message: 'Not your role',
      data: null,
    });
  });

  test('each adapter reads only its own shape', () => {
    expect(memberAdapter.unwrap(mainReply('0'))).toBeNull();
    expect(mainAdapter.unwrap(memberReply('200'))).toBeNull();
    expect(mainAdapter.unwrap('<html>')).toBeNull();
    expect(memberAdapter.unwrap(null)).toBeNull();
  });

  test('the main layer adds its body context; the member and staff layers send the body as it is', () => {
    const language = clientHooks.language;
    configureClientHooks({ language: () => 'en' });
    try {
      expect(mainAdapter.body({ a: 1 })).toEqual({ language: 1, apiBkSource: 'CA-H5', a: 1 });
      expect(memberAdapter.body({ a: 1 })).toEqual({ a: 1 });
      expect(staffAdapter.body({ a: 1 })).toEqual({ a: 1 });
    } finally {
      configureClientHooks({ language });
    }
  });

  test('picks the layer from the path, as the server routes it', () => {
    expect(adapterFor('/travelsky/ibe/queryFlight').layer).toBe('main');
    expect(adapterFor('/fqt/consumer/login').layer).toBe('member');
    expect(adapterFor('/admin/orders').layer).toBe('staff');
    expect(adapterFor('/fqtx/other').layer).toBe('main');
  });
});

test("the codes the client acts on are the catalogue's", () => {
  expect(MAIN_OK_CODE).toBe(ErrorCodes.ok.code);
  expect(RENEW_ACCESS_TOKEN_CODES).toEqual(ACCESS_TOKEN_CODES);
  expect(EXPIRED_LOGIN_CODES).toEqual(LOGIN_EXPIRED_CODES);
});
