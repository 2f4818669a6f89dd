import type {
  MemberBaseInfo,
  MemberHome,
  MemberRegisterInfo,
  MemberSession,
  MemberSummary,
} from '@wings/contracts';
import { ErrorCodes } from '@wings/contracts';
import { useMemberStore } from '../features/members/member-store';

/**
 * Builders of the member programme's replies (issue 17) for page tests with the fake API
 * (fake-api.ts): the member envelope `{ status, message, data }`, parsed with the contracts by
 * api-replies.ts like every other fake reply.
 */

/** A member-layer success. */
export const memberOk = (data: unknown) => ({ body: { status: '200', message: 'Success', data } });

/** A member-layer failure with a catalogue code (the server's message given, as the API words it). */
export const memberFail = (code: string, message: string, data: unknown = null) => ({
  body: { status: code, message, data },
});

/** CAF9999: the member session ended. */
export const memberExpired = () => ({ body: { status: 'CAF9999', message: 'Login expired', data: null } });

/** A 400 naming fields, as the API reports rule failures. */
export const memberFieldsFail = (fields: { field: string; key: string; message: string }[]) =>
  memberFail(ErrorCodes.invalidRequest.code, fields[0]?.message ?? 'invalid', { fields });

export const CARD_NO = '8000000018';

export function makeMemberSummary(patch: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: 'member-1',
    cardNo: CARD_NO,
    status: 'approved',
    level: 0,
    surname: 'SOK',
    givenName: 'DARA',
    middleName: null,
    title: 0,
    rejectReason: null,
    rejections: 0,
    rejectionsToBlock: 3,
    contactLanguage: 1,
    ...patch,
  };
}

export function makeMemberSession(patch: Partial<MemberSummary> = {}, firstLogin = false): MemberSession {
  return {
    vipToken: 'vip-1',
    expiresAt: '2099-01-01T00:00:00.000Z',
    member: makeMemberSummary(patch),
    firstLogin,
  };
}

/** Starts a test with a member session on the device, as after an earlier member login. */
export function signInMember(patch: Partial<MemberSummary> = {}, firstLogin = false): MemberSession {
  const session = makeMemberSession(patch, firstLogin);
  useMemberStore.getState().signIn(session);
  return session;
}

/** No member session and no kept registration draft (the store outlives a test's localStorage). */
export function resetMemberStore(): void {
  const store = useMemberStore.getState();
  store.clear();
  store.setRegisterParams(null);
}

/** The member home; `mileage` null until the member is approved (issue 18). */
export function makeMemberHome(
  patch: Partial<MemberSummary> = {},
  mileage: MemberHome['mileage'] = null,
): MemberHome {
  return {
    member: makeMemberSummary(patch),
    mileage,
    memberSince: '2026-11-02T03:00:00.000Z',
  };
}

export const FRONT_PHOTO = '0b7c4a3e-1d2f-4e5a-9b6c-7d8e9f0a1b2c';
export const BACK_PHOTO = '1c8d5b4f-2e3a-4f6b-8c7d-8e9f0a1b2c3d';

export function makeRegisterInfo(patch: Partial<MemberRegisterInfo> = {}): MemberRegisterInfo {
  return {
    surname: 'SOK',
    givenName: 'DARA',
    middleName: null,
    title: 0,
    gender: 0,
    birthday: '1990-04-12',
    nationality: 'KH',
    document: {
      documentType: 0,
      documentNo: '012345678',
      validFrom: '2020-01-01',
      validTo: '2030-01-01',
      frontPhotoId: FRONT_PHOTO,
      backPhotoId: BACK_PHOTO,
    },
    countryCode: '+855',
    phone: '12345678',
    email: 'dara@example.com',
    address: {
      country: 'KH',
      province: 'Phnom Penh',
      city: 'Phnom Penh',
      postcode: '12000',
      detail: 'St 123, No 4',
    },
    contactLanguage: 1,
    status: 'auditing',
    rejectReason: null,
    rejections: 0,
    rejectionsToBlock: 3,
    submittedAt: '2026-11-20T02:00:00.000Z',
    documentId: '2d9e6c50-3f4b-4a7c-9d8e-9f0a1b2c3d4e',
    ...patch,
  };
}

export function makeBaseInfo(patch: Partial<MemberBaseInfo> = {}): MemberBaseInfo {
  return {
    id: 'member-1',
    cardNo: CARD_NO,
    status: 'approved',
    level: 0,
    surname: 'SOK',
    givenName: 'DARA',
    middleName: null,
    title: 0,
    gender: 0,
    birthday: '1990-04-12',
    nationality: 'KH',
    primaryEmail: 'dara@example.com',
    primaryCountryCode: '+855',
    primaryPhone: '12345678',
    contactLanguage: 1,
    promoMail: false,
    promoSms: false,
    linkedUserId: null,
    ...patch,
  };
}
