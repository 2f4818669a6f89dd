import { fireEvent, screen } from '@testing-library/react';
import {
  type Beneficiary,
  ErrorCodes,
  formatMessage,
  MEMBER_OK_STATUS,
  type MemberAddress,
  type MemberContact,
  type MemberDocument,
  type UploadedFile,
  ZBeneficiaryList,
  ZDoneResponse,
  ZMemberAddressList,
  ZMemberContactList,
  ZMemberDocumentList,
  ZMemberGetTokenResponse,
  ZRecordSaved,
  ZUploadedFile,
} from '@wings/contracts';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { useMemberStore } from '../features/members/member-store';
import { defaultHandler } from './fake-api';
import { makeMemberSession } from './members';

/**
 * Fake replies of the member's records and photos (issue 17): `/api/fqt/...` in the member
 * envelope `{ status, message, data }`. Every success reply is parsed with the call's contract
 * schema (packages/contracts members.ts) as the API's route declares it, and a failure must carry a
 * code of the catalogue: a fake that drifts from the API is reported by `takeMemberReplyDrifts`.
 */

/** What a fake member-layer call saw: a JSON body parsed, a multipart body as its FormData. */
export interface MemberCall {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  form: FormData | null;
}

export interface FakeReply {
  status?: number;
  body: unknown;
  /** Bytes instead of JSON (a photo read with common/file). */
  blob?: Blob;
}

type MemberHandler = (call: MemberCall) => FakeReply | undefined;

interface ReplySchema {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
}

/** The success reply schema of each call, as the API's member-records routes declare it. */
const MEMBER_REPLY_SCHEMAS: Record<string, ReplySchema> = {
  'POST /api/fqt/common/uploadFile': ZUploadedFile,
  'POST /api/fqt/consumer/getToken': ZMemberGetTokenResponse,
  'POST /api/fqt/consumer/contact/queryUserContactInfos': ZMemberContactList,
  'POST /api/fqt/consumer/contact/saveUserContactInfo': ZRecordSaved,
  'POST /api/fqt/consumer/contact/updateUserContactInfoById': ZRecordSaved,
  'POST /api/fqt/consumer/contact/deleteUserContactInfoById/:id': ZDoneResponse,
  'GET /api/fqt/consumer/identity/queryIdentityLists': ZMemberDocumentList,
  'POST /api/fqt/consumer/identity/saveIdentityInfo': ZRecordSaved,
  'POST /api/fqt/consumer/identity/updateIdentityInfoById': ZRecordSaved,
  'POST /api/fqt/consumer/identity/deleteIdentityInfoById/:id': ZDoneResponse,
  'GET /api/fqt/consumer/address/queryAddressLists': ZMemberAddressList,
  'POST /api/fqt/consumer/address/saveAddressInfo': ZRecordSaved,
  'POST /api/fqt/consumer/address/updateAddressInfoById': ZRecordSaved,
  'POST /api/fqt/consumer/address/deleteAddressById/:id': ZDoneResponse,
  'GET /api/fqt/consumer/beneficiaries/queryBeneficiariesInfoLists': ZBeneficiaryList,
  'POST /api/fqt/consumer/beneficiaries/saveBeneficiariesInfo': ZRecordSaved,
  'POST /api/fqt/consumer/beneficiaries/updateBeneficiariesInfo': ZRecordSaved,
  'POST /api/fqt/consumer/beneficiaries/deleteBeneficiariesInfo/:id': ZDoneResponse,
};

const ROUTES = Object.entries(MEMBER_REPLY_SCHEMAS).map(([key, schema]) => {
  const [method, path] = key.split(' ') as [string, string];
  return { key, method, pattern: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`), schema };
});

const KNOWN_CODES = new Set<string>(Object.values(ErrorCodes).map((e) => e.code));

/** Why a fake member reply could not have come from the API, or null when it could. */
export function memberReplyDrift(method: string, path: string, reply: FakeReply): string | null {
  const call = `${method} ${path}`;
  if (reply.blob)
    return path.startsWith('/api/fqt/common/file/') ? null : `${call}: only common/file answers bytes`;
  const body = reply.body as { status?: unknown; message?: unknown; data?: unknown } | null;
  if (!body || typeof body.status !== 'string' || typeof body.message !== 'string' || !('data' in body)) {
    return (reply.status ?? 200) >= 400 ? null : `${call}: not a member envelope { status, message, data }`;
  }
  if (body.status !== MEMBER_OK_STATUS) {
    return KNOWN_CODES.has(body.status) ? null : `${call}: code ${body.status} is not in the error catalogue`;
  }
  const route = ROUTES.find((r) => r.method === method && r.pattern.test(path));
  if (!route) return `${call}: the API serves no such member call`;
  const parsed = route.schema.safeParse(body.data);
  if (!parsed.success) return `${route.key}: the fake reply does not parse: ${parsed.error.message}`;
  return null;
}

/** A member-layer success. */
export const fqtOk = (data: unknown): FakeReply => ({
  body: { status: MEMBER_OK_STATUS, message: 'Success', data },
});

/** A member-layer refusal with the catalogue's code and the server's (English) message. */
export function fqtFail(
  name: keyof typeof ErrorCodes,
  params: Record<string, string | number> = {},
): FakeReply {
  const entry = ErrorCodes[name] as { code: string; key: string; httpStatus?: number };
  return {
    status: entry.httpStatus ?? 200,
    body: { status: entry.code, message: formatMessage(entry.key, 'en', params), data: null },
  };
}

const drifts: string[] = [];

/** The fake member replies of this test that the API could not have sent, emptied as read. */
export function takeMemberReplyDrifts(): string[] {
  return drifts.splice(0);
}

/**
 * Replaces fetch with a fake API for member-layer pages: `handler` answers first, then the app's
 * defaults (access token ...). Multipart bodies are kept as FormData. Returns the call log.
 */
export function installMemberApi(handler: MemberHandler): MemberCall[] {
  const calls: MemberCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries((init?.headers ?? {}) as Record<string, string>)) headers[k] = v;
      const raw = init?.body;
      const call: MemberCall = {
        path: url.pathname,
        method: init?.method ?? 'GET',
        headers,
        body: typeof raw === 'string' ? JSON.parse(raw) : undefined,
        form: raw instanceof FormData ? raw : null,
      };
      calls.push(call);
      let reply: FakeReply | undefined = handler(call);
      if (reply) {
        const drift = memberReplyDrift(call.method, call.path, reply);
        if (drift) drifts.push(drift);
      } else {
        reply = defaultHandler({ path: call.path, method: call.method, headers, body: call.body });
      }
      if (reply?.blob) {
        return new Response(reply.blob, {
          status: reply.status ?? 200,
          headers: { 'Content-Type': reply.blob.type || 'image/jpeg' },
        });
      }
      const answer = reply ?? { status: 404, body: { status: '404', message: 'not found', data: null } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Starts a test with a signed-in, approved member. */
export function signInMember(vipToken = 'vip-1'): void {
  useMemberStore.getState().signIn({ ...makeMemberSession(), vipToken });
}

/**
 * The hooks of a member-records page test: a signed-in member before each test; after it, the
 * fetch stub goes and no fake reply may have drifted from the API.
 */
export function memberRecordsTestHooks(): void {
  beforeEach(() => signInMember());
  afterEach(() => {
    vi.unstubAllGlobals();
    expect(takeMemberReplyDrifts()).toEqual([]);
  });
}

/** Types `value` into the field with this test id. */
export const typeInto = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** A tiny JPEG file as the member would choose it. */
export const jpegFile = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

// ---- builders -------------------------------------------------------------------------------

export const PHOTO_FRONT = '11111111-1111-4111-8111-111111111111';
export const PHOTO_BACK = '22222222-2222-4222-8222-222222222222';

export function makeUploaded(patch: Partial<UploadedFile> = {}): UploadedFile {
  return {
    fileId: PHOTO_FRONT,
    contentType: 'image/jpeg',
    size: 120_000,
    width: 1600,
    height: 1000,
    ...patch,
  };
}

export function makeContact(patch: Partial<MemberContact> = {}): MemberContact {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    kind: 'email',
    email: 'dara@example.com',
    countryCode: null,
    phone: null,
    phoneType: null,
    main: true,
    ...patch,
  };
}

export function makeDocument(patch: Partial<MemberDocument> = {}): MemberDocument {
  return {
    id: 'd0000000-0000-4000-8000-000000000001',
    documentType: 0,
    documentNo: '*****6789',
    validFrom: '2024-01-01',
    validTo: '2034-01-01',
    frontPhotoId: PHOTO_FRONT,
    backPhotoId: PHOTO_BACK,
    state: 'effective',
    rejectReason: null,
    fromRegistration: true,
    ...patch,
  };
}

export function makeAddress(patch: Partial<MemberAddress> = {}): MemberAddress {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    country: 'KH',
    province: 'Phnom Penh',
    city: 'Phnom Penh',
    postcode: '12000',
    detail: 'No. 12, Street 271',
    main: true,
    ...patch,
  };
}

export function makeBeneficiary(patch: Partial<Beneficiary> = {}): Beneficiary {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    surname: 'SOK',
    givenName: 'CHANTHA',
    middleName: null,
    gender: 1,
    birthday: '1992-05-06',
    nationality: 'KH',
    relationship: 'spouse',
    identifications: [
      {
        documentType: 1,
        documentNo: '****4567',
        validTo: '2033-01-01',
        frontPhotoId: PHOTO_FRONT,
        backPhotoId: null,
      },
    ],
    validFrom: '2025-01-01',
    validTo: '2030-01-01',
    state: 'ineffective',
    rejectReason: null,
    ...patch,
  };
}
