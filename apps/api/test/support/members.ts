import { randomInt, randomUUID } from 'node:crypto';
import { memberCardNo } from '@wings/rules';
import { expect } from 'vitest';
import { fetchToken, type TestApp } from '../helpers';
import { newEmail, newIp } from './clients';

/**
 * Test support of the member layer (issue 17): a client of `/api/fqt` with the member token,
 * registrations with photos, codes read from the dev mailbox and SMS outbox, and a registered
 * member approved by writing its row (as staff approval would). Other loyalty tests, the console
 * tests and the journeys' API set-up reuse `registerApprovedMember`.
 */

/** A member password the rules accept (6 digits, not one digit repeated, not a run). */
export const MEMBER_PASSWORD = '204913';
export const OTHER_MEMBER_PASSWORD = '582716';

// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely in tests and checked field by field.
export type MemberReply = { status: string; message: string; data: any };

/** A mobile number unlikely to be another test's (8 digits after +855). */
export function newMemberPhone(): string {
  return `9${String(randomInt(0, 1e7)).padStart(7, '0')}`;
}

/** An ID card number unlikely to be another test's. */
export function newDocumentNo(): string {
  return `K${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

export interface MemberClient {
  ip: string;
  /** The member session, once signed in (the `vipToken` header). */
  vipToken?: string | undefined;
  /** The app account session, when the caller is signed in to the app too (the `token` header). */
  appSession?: string | undefined;
  get(url: string, headers?: Record<string, string>): Promise<{ status: number; body: MemberReply }>;
  post(
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: MemberReply }>;
}

/** A client of the member layer from one IP: paths are relative to /api/fqt. */
export function memberClient(
  t: TestApp,
  opts: { ip?: string; vipToken?: string; appSession?: string; lang?: string } = {},
): MemberClient & { refreshAccessToken(at: Date): Promise<void> } {
  let access = t.token;
  const c = {
    ip: opts.ip ?? newIp(),
    vipToken: opts.vipToken,
    appSession: opts.appSession,
    async refreshAccessToken(at: Date) {
      access = await fetchToken(t.app, t.config, at);
    },
    headers(): Record<string, string> {
      const h: Record<string, string> = {
        authorization: `Bearer ${access}`,
        language: opts.lang ?? '1',
        'x-forwarded-for': c.ip,
        clientSource: 'CA-H5',
      };
      if (c.vipToken) h.vipToken = c.vipToken;
      if (c.appSession) h.token = c.appSession;
      return h;
    },
    async get(url: string, headers: Record<string, string> = {}) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/fqt${url}`,
        headers: { ...c.headers(), ...headers },
      });
      return { status: res.statusCode, body: res.json() as MemberReply };
    },
    async post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/fqt${url}`,
        headers: { ...c.headers(), ...headers },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      return { status: res.statusCode, body: res.json() as MemberReply };
    },
  };
  return c;
}

/** The newest code mailed to an address (the dev mailbox). */
export async function mailedMemberCode(t: TestApp, email: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ text_body: string }>(
    'select text_body from mail_outbox where to_address = $1 order by created_at desc limit 1',
    [email.toLowerCase()],
  );
  const code = rows[0] ? /\b(\d{6})\b/.exec(rows[0].text_body)?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The newest code texted to a number (the dev SMS outbox). */
export async function textedMemberCode(t: TestApp, countryCode: string, phone: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ text_body: string }>(
    'select text_body from sms_outbox where to_number = $1 order by created_at desc limit 1',
    [`+${countryCode}${phone}`],
  );
  const code = rows[0] ? /\b(\d{6})\b/.exec(rows[0].text_body)?.[1] : undefined;
  if (!code) throw new Error(`no code texted to +${countryCode}${phone}`);
  return code;
}

/** Asks for a code by e-mail and reads it from the mailbox. */
export async function memberEmailCode(
  t: TestApp,
  c: MemberClient,
  email: string,
  purpose: 'login' | 'register' | 'reset' | 'contact',
): Promise<string> {
  const res = await c.post('/consumer/getToken', { channel: 'email', purpose, email });
  expect(res.body.status, JSON.stringify(res.body)).toBe('200');
  return mailedMemberCode(t, email);
}

/**
 * An upload as if common/uploadFile had kept it, unclaimed (the file store's content does not
 * matter to a registration's claim). `at` is its upload time (the app's clock in a test that moves it).
 */
export async function insertUnclaimedPhoto(t: TestApp, at: Date = t.now?.() ?? new Date()): Promise<string> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into member_files (storage_key, content_type, size, width, height, sha256, created_at)
     values ($1, 'image/jpeg', 1024, 800, 600, $2, $3) returning id`,
    [`test/${randomUUID()}`, '0'.repeat(64), at],
  );
  return rows[0]!.id;
}

/** A registration's fields that the rules accept: an adult with an ID card and its two photos. */
export function registrationFields(
  photos: { front: string; back: string },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    surname: 'Sok',
    givenName: 'Dara',
    middleName: null,
    title: 0,
    gender: 0,
    birthday: '1990-04-12',
    nationality: 'KH',
    document: {
      documentType: 0,
      documentNo: newDocumentNo(),
      validFrom: '2020-01-01',
      validTo: '2035-01-01',
      frontPhotoId: photos.front,
      backPhotoId: photos.back,
    },
    countryCode: '855',
    phone: newMemberPhone(),
    email: newEmail(),
    address: {
      country: 'KH',
      province: 'Phnom Penh',
      city: 'Phnom Penh',
      postcode: '12000',
      detail: '12 Street 240',
    },
    contactLanguage: 1,
    ...overrides,
  };
}

export interface RegisteredMember {
  memberId: string;
  vipToken: string;
  email: string;
  countryCode: string;
  phone: string;
  password: string;
  /** What was sent to consumer/register. */
  body: Record<string, unknown>;
}

/**
 * Registers a member through the API (code from the dev mailbox, photos inserted unclaimed);
 * the member is under audit and signed in. `overrides` replace registration fields; `appSession`
 * joins the member to that app account.
 */
export async function registerMember(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  opts: { appSession?: string; client?: MemberClient } = {},
): Promise<RegisteredMember> {
  const c = opts.client ?? memberClient(t, opts.appSession ? { appSession: opts.appSession } : {});
  const photos = { front: await insertUnclaimedPhoto(t), back: await insertUnclaimedPhoto(t) };
  const fields = registrationFields(photos, overrides);
  const email = fields.email as string;
  const code = await memberEmailCode(t, c, email, 'register');
  const body = { ...fields, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD, code, agree: true };
  const res = await c.post('/consumer/register', body);
  expect(res.body.status, JSON.stringify(res.body)).toBe('200');
  return {
    memberId: res.body.data.member.id,
    vipToken: res.body.data.vipToken,
    email,
    countryCode: fields.countryCode as string,
    phone: fields.phone as string,
    password: MEMBER_PASSWORD,
    body,
  };
}

/** Approves a member as staff would: status approved, a card number from the sequence, the document effective. */
export async function approveMember(t: TestApp, memberId: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ serial: string }>(
    "select nextval('member_card_serial_seq') as serial",
  );
  const cardNo = memberCardNo(Number(rows[0]!.serial));
  const at = t.now?.() ?? new Date();
  await t.database.pool.query(
    `update members set status = 'approved', card_no = $2, level = 0, approved_at = $3, reject_reason = null
     where id = $1`,
    [memberId, cardNo, at],
  );
  await t.database.pool.query(
    `update member_documents set state = 'effective' where member_id = $1 and from_registration`,
    [memberId],
  );
  return cardNo;
}

/**
 * Registers a member through the API and approves it by writing the row (status approved, card
 * number from the sequence, the registration's document effective). Signed in (`vipToken`).
 */
export async function registerApprovedMember(
  t: TestApp,
  overrides: Record<string, unknown> & { appSession?: string } = {},
): Promise<{
  memberId: string;
  vipToken: string;
  cardNo: string;
  email: string;
  password: string;
  countryCode: string;
  phone: string;
}> {
  const { appSession, ...fields } = overrides;
  const member = await registerMember(t, fields, appSession ? { appSession } : {});
  const cardNo = await approveMember(t, member.memberId);
  return {
    memberId: member.memberId,
    vipToken: member.vipToken,
    cardNo,
    email: member.email,
    password: member.password,
    countryCode: member.countryCode,
    phone: member.phone,
  };
}
