import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkMemberAge,
  checkMemberBeneficiary,
  checkMemberDocument,
  checkMemberPassword,
  checkMemberPasswordPair,
  checkValidity,
  documentAddProblem,
  isMemberCardNo,
  mainRecordProblem,
  memberCardNo,
  missingDocumentPhotos,
} from './members';

const keys = (issues: { field: string; key: string }[]) => issues.map((i) => `${i.field}:${i.key}`);
const TODAY = '2026-11-24';
const PHOTO = '0b5f7d6e-9f5a-4a8e-9c1d-2a7c1e4b8f00';

describe('member password (§5: 6 digits, not all the same, not a run)', () => {
  it.each([
    ['482913', []],
    ['102938', []],
    ['112233', []],
    ['', ['password:member.password_format']],
    ['12345', ['password:member.password_format']],
    ['1234567', ['password:member.password_format']],
    ['12a456', ['password:member.password_format']],
    [' 48291', ['password:member.password_format']],
    ['888888', ['password:member.password_same_digits']],
    ['000000', ['password:member.password_same_digits']],
    ['123456', ['password:member.password_sequential']],
    ['654321', ['password:member.password_sequential']],
    ['890123', ['password:member.password_sequential']],
    ['210987', ['password:member.password_sequential']],
    ['123457', []],
  ])('%j', (password, want) => {
    expect(keys(checkMemberPassword(password))).toEqual(want);
  });

  it('the entries must match', () => {
    expect(checkMemberPasswordPair('482913', '482913')).toEqual([]);
    expect(keys(checkMemberPasswordPair('482913', '482914'))).toEqual([
      'confirmPassword:account.password_mismatch',
    ]);
  });
});

describe('validity period', () => {
  it.each([
    ['2020-01-01', '2030-01-01', []],
    [null, '2030-01-01', ['validFrom:member.validity_required']],
    ['2020-01-01', null, ['validTo:member.validity_required']],
    ['2026-11-25', '2030-01-01', ['validFrom:member.valid_from_future']],
    ['2020-01-01', '2020-01-01', ['validTo:member.validity_order']],
    ['2021-01-01', '2020-01-01', ['validTo:member.validity_order']],
    ['2016-01-01', '2026-11-23', ['validTo:member.document_expired']],
    ['2016-01-01', TODAY, []],
  ])('%s to %s', (from, to, want) => {
    expect(keys(checkValidity(from, to, TODAY))).toEqual(want);
  });
});

describe('member documents (§5)', () => {
  const idCard = { documentType: 0, documentNo: 'N01234567', validFrom: '2020-01-01', validTo: '2030-01-01' };

  it('an ID card needs front and back photos, a passport one', () => {
    expect(missingDocumentPhotos({ documentType: 0, frontPhotoId: PHOTO })).toEqual(['backPhotoId']);
    expect(missingDocumentPhotos({ documentType: 0 })).toEqual(['frontPhotoId', 'backPhotoId']);
    expect(missingDocumentPhotos({ documentType: 1, frontPhotoId: PHOTO })).toEqual([]);
    expect(missingDocumentPhotos({ documentType: 1, backPhotoId: PHOTO })).toEqual(['frontPhotoId']);
  });

  it('checks number, validity and photos, with the form prefix', () => {
    expect(checkMemberDocument({ ...idCard, frontPhotoId: PHOTO, backPhotoId: PHOTO }, TODAY)).toEqual([]);
    expect(keys(checkMemberDocument({ ...idCard, frontPhotoId: PHOTO }, TODAY, 'document.'))).toEqual([
      'document.backPhotoId:member.document_photo_missing',
    ]);
    expect(
      keys(
        checkMemberDocument(
          { documentType: 1, documentNo: 'E1', validTo: '2030-01-01', frontPhotoId: PHOTO },
          TODAY,
        ),
      ),
    ).toEqual(['documentNo:person.doc_number_format', 'validFrom:member.validity_required']);
    expect(keys(checkMemberDocument({ ...idCard, documentType: 2, frontPhotoId: PHOTO }, TODAY))).toContain(
      'documentType:common.enter_correct_data',
    );
  });

  it.each([
    [[], 0, null],
    [[], 1, null],
    [[0], 1, null],
    [[0], 0, 'type_exists'],
    [[1], 1, 'type_exists'],
    [[0, 1], 0, 'full'],
    [[1, 0], 1, 'full'],
  ] as const)('existing %j, adding %i: %s', (existing, type, want) => {
    expect(documentAddProblem(existing, type)).toBe(want);
  });
});

describe('members are adults', () => {
  it.each([
    ['2008-11-24', []],
    ['2008-11-25', ['birthday:member.adult_only']],
    ['2027-01-01', ['birthday:person.birthday_future']],
    [null, ['birthday:person.birthday_required']],
  ])('%s', (birthday, want) => {
    expect(keys(checkMemberAge(birthday, TODAY))).toEqual(want);
  });
});

describe('addresses and main records (§5: delete_address_impor, change_address_impor)', () => {
  it('an address needs its country, city and detail', () => {
    expect(checkAddress({ country: 'KH', city: 'Phnom Penh', detail: '12 Street 240' })).toEqual([]);
    expect(keys(checkAddress({ country: 'Cambodia', city: ' ', detail: '' }, 'address.'))).toEqual([
      'address.country:member.address_required',
      'address.city:member.address_required',
      'address.detail:member.address_required',
    ]);
  });

  it.each([
    [{ kind: 'delete', main: true }, 'main_delete'],
    [{ kind: 'delete', main: false }, null],
    [{ kind: 'save', main: true, otherMain: true, count: 1, max: 5 }, 'main_exists'],
    [{ kind: 'save', main: true, otherMain: false, count: 0, max: 5 }, null],
    [{ kind: 'save', main: false, otherMain: true, count: 4, max: 5 }, null],
    [{ kind: 'save', main: false, otherMain: true, count: 5, max: 5 }, 'full'],
    [{ kind: 'update', main: false, wasMain: true, otherMain: false }, 'main_delete'],
    [{ kind: 'update', main: true, wasMain: true, otherMain: false }, null],
    [{ kind: 'update', main: true, wasMain: false, otherMain: true }, 'main_exists'],
    [{ kind: 'update', main: false, wasMain: false, otherMain: true }, null],
  ] as const)('%j: %s', (change, want) => {
    expect(mainRecordProblem(change)).toBe(want);
  });
});

describe('beneficiaries (§5: at least one identification and a validity period)', () => {
  const passport = { documentType: 1, documentNo: 'E1234567', validTo: '2031-05-01', frontPhotoId: PHOTO };

  it('a whole beneficiary passes', () => {
    expect(
      checkMemberBeneficiary({ identifications: [passport], validFrom: TODAY, validTo: '2027-11-24' }, TODAY),
    ).toEqual([]);
  });

  it('names each missing piece', () => {
    expect(
      keys(checkMemberBeneficiary({ identifications: [], validFrom: null, validTo: null }, TODAY)),
    ).toEqual([
      'identifications:member.beneficiary_document_required',
      'validFrom:member.validity_required',
      'validTo:member.validity_required',
    ]);
    expect(
      keys(
        checkMemberBeneficiary(
          {
            identifications: [passport, { ...passport, frontPhotoId: null, validTo: '2020-01-01' }],
            validFrom: '2026-01-01',
            validTo: '2027-01-01',
          },
          TODAY,
        ),
      ),
    ).toEqual([
      'identifications.1.validTo:member.document_expired',
      'identifications.1.frontPhotoId:member.document_photo_missing',
      'identifications:member.document_type_exists',
    ]);
  });
});

describe('member card numbers', () => {
  it('are 8, a serial and a Luhn digit, and a mistyped one is caught', () => {
    const card = memberCardNo(1);
    expect(card).toMatch(/^800000001\d$/);
    expect(isMemberCardNo(card)).toBe(true);
    const wrong = `${card.slice(0, 9)}${(Number(card[9]) + 1) % 10}`;
    expect(isMemberCardNo(wrong)).toBe(false);
    expect(isMemberCardNo(`${card.slice(0, 4)}${card[5]}${card[4]}${card.slice(6)}`)).toBe(
      card[4] === card[5],
    );
    expect(memberCardNo(12345678)).toMatch(/^812345678\d$/);
    expect(() => memberCardNo(123456789)).toThrow();
  });
});
