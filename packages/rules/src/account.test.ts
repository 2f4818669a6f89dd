import { describe, expect, it } from 'vitest';
import { checkEmail, checkEmailCode, checkPassword, checkPasswordPair, normalizeAccount } from './account';

const keys = (issues: { key: string }[]) => issues.map((i) => i.key);

describe('account password (8-20 letters and digits, both present)', () => {
  it.each([
    ['abcd1234', []],
    ['ABCDEFGHIJKLMNOPQRS1', []],
    ['abc1234', ['account.password_rule']],
    ['abcdefghijklmnopqrst1', ['account.password_rule']],
    ['abcdefgh', ['account.password_rule']],
    ['12345678', ['account.password_rule']],
    ['abcd 1234', ['account.password_rule']],
    ['abcd!1234', ['account.password_rule']],
    ['', ['account.password_required']],
  ])('%j gives %j', (pw, expected) => {
    expect(keys(checkPassword(pw))).toEqual(expected);
  });

  it('requires the two entries to match', () => {
    expect(checkPasswordPair('abcd1234', 'abcd1234')).toEqual([]);
    expect(checkPasswordPair('abcd1234', 'abcd12345')[0]).toEqual({
      field: 'confirmPassword',
      key: 'account.password_mismatch',
    });
  });
});

describe('e-mail', () => {
  it.each([
    ['dara@example.com', {}, []],
    ['dara.sok-1@mail.example.com.kh', {}, []],
    ['Dara@Example.COM', {}, []],
    ['dara_sok@example.com', {}, []],
    ['dara_sok@example.com', { booking: true }, ['account.email_no_special']],
    ['dara@example', {}, ['account.email_invalid']],
    ['dara@example.toolongtld', {}, ['account.email_invalid']],
    ['dara@@example.com', {}, ['account.email_invalid']],
    ['da ra@example.com', {}, ['account.email_invalid']],
    ['dara..sok@example.com', {}, ['account.email_local_dots']],
    ['', {}, ['account.email_required']],
    ['', { required: false }, []],
  ])('%j with %j gives %j', (email, opts, expected) => {
    expect(keys(checkEmail(email, 'email', opts))).toEqual(expected);
  });

  // Issue 9 item 8: addresses an attack slipped past the old pattern, as booking contact
  // e-mails and as account e-mails, beside the real addresses that must still pass.
  it.each([
    ['.john@x.com', 'account.email_local_dots'],
    ['john.@x.com', 'account.email_local_dots'],
    ['jo..hn@x.com', 'account.email_local_dots'],
    ['-@x.com', 'account.email_local_letters'],
    ['--@x.com', 'account.email_local_letters'],
    ["'+@x.com", 'account.email_local_letters'],
    ['john@-example.com', 'account.email_domain_hyphen'],
    ['john@example-.com', 'account.email_domain_hyphen'],
    ['john@sub.-example.com', 'account.email_domain_hyphen'],
    ['john@example.-com', 'account.email_invalid'], // the last label is letters and digits only
    ['john@x..com', 'account.email_invalid'],
    ['@x.com', 'account.email_invalid'],
    ['john@', 'account.email_invalid'],
    [`${'a'.repeat(65)}@x.com`, 'account.email_invalid'],
    [`john@${'a'.repeat(64)}.com`, 'account.email_invalid'],
  ])('refuses %j with %s', (email, key) => {
    expect(keys(checkEmail(email))).toEqual([key]);
    expect(keys(checkEmail(email, 'contact.email', { booking: true }))).toEqual([key]);
  });

  it.each([
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.com",
    'john@x.com',
    'j@x.co',
    'john-@x.com',
    '-john@x.com',
    'john@ex-ample.com',
    'john@a.b-c.example.kh',
    `${'a'.repeat(64)}@x.com`,
    `john@${'a'.repeat(63)}.com`,
  ])('accepts the real address %j, for an account and for a booking', (email) => {
    expect(checkEmail(email)).toEqual([]);
    expect(checkEmail(email, 'contact.email', { booking: true })).toEqual([]);
  });
});

describe('e-mail code', () => {
  it.each([
    ['123456', []],
    [' 123456 ', []],
    ['12345', ['account.code_required']],
    ['1234567', ['account.code_required']],
    ['12a456', ['account.code_required']],
  ])('%j gives %j', (code, expected) => {
    expect(keys(checkEmailCode(code))).toEqual(expected);
  });
});

describe('login account', () => {
  it('lower-cases e-mails and splits phone numbers', () => {
    expect(normalizeAccount(' Dara@Example.com ')).toEqual({ kind: 'email', email: 'dara@example.com' });
    expect(normalizeAccount('+855 12 345 678')).toEqual({
      kind: 'phone',
      countryCode: '855',
      phone: '12345678',
    });
    expect(normalizeAccount('+86-13800138000')).toEqual({
      kind: 'phone',
      countryCode: '86',
      phone: '13800138000',
    });
    expect(normalizeAccount('012 345 678')).toEqual({ kind: 'phone', countryCode: null, phone: '012345678' });
  });
});
