import { randomUUID } from 'node:crypto';
import { addDays } from '@wings/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { aPrivateFlight, type PrivateFlight } from '../../../test/scenarios';
import { client, registerUser } from '../../../test/support/clients';
import { type Client, contact, offerFor, passenger } from './test-support';

/**
 * Issue 9 item 8: inputs an attack got past the spec §5 rules (e-mail shapes, birth dates of
 * 1800 and year 1, the `+` of a country code, a title that contradicts the gender, the same
 * person under a different surname/given/middle split). Each is refused with `invalid`
 * naming the field, on the validation call and on saveTicketOrder; the real counterparts pass.
 */

const CHECK = '/travelsky/ibe/addPassenger';
const SAVE = '/travelsky/ibe/saveTicketOrder';

type Fields = Array<{ field: string; key: string; message: string }>;
const problems = (body: { data: { fields?: Fields } }) => body.data?.fields ?? [];

describe('validation edges of spec §5 (issue 9 item 8)', () => {
  let t: TestApp;
  let guest: Client;
  let out: PrivateFlight;
  let one: string;
  let two: string;

  beforeAll(async () => {
    t = await createTestApp();
    guest = client(t);
    out = await aPrivateFlight(t, { from: 'KTI', to: 'SGN' });
    one = await offerFor(guest, [1, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    two = await offerFor(guest, [2, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
  });
  afterAll(() => t.close());

  const adult = (extra: Record<string, unknown> = {}) => passenger(1, 0, out.depLocalDate, extra);

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string, string]>([
    [
      'a contact e-mail starting with a dot',
      {},
      { email: '.john@x.com' },
      'contact.email',
      'account.email_local_dots',
    ],
    [
      'a contact e-mail ending with a dot',
      {},
      { email: 'john.@x.com' },
      'contact.email',
      'account.email_local_dots',
    ],
    [
      'a contact e-mail of a bare hyphen',
      {},
      { email: '-@x.com' },
      'contact.email',
      'account.email_local_letters',
    ],
    [
      'a contact e-mail whose domain starts with a hyphen',
      {},
      { email: 'john@-example.com' },
      'contact.email',
      'account.email_domain_hyphen',
    ],
    [
      'a passenger e-mail with two dots in a row',
      { email: 'jo..hn@x.com' },
      {},
      'passengers.0.email',
      'account.email_local_dots',
    ],
    [
      'a birth date in 1800',
      { birthday: '1800-01-01' },
      {},
      'passengers.0.birthday',
      'person.birthday_too_old',
    ],
    [
      'a birth date in year 1',
      { birthday: '0001-01-01' },
      {},
      'passengers.0.birthday',
      'person.birthday_too_old',
    ],
    [
      'a contact phone of 21 characters counting the +',
      {},
      { countryCode: '+855', phone: '12345678901234567' },
      'contact.phone',
      'person.phone_too_long',
    ],
    [
      'a contact phone of 21 characters with the + left out',
      {},
      { countryCode: '855', phone: '12345678901234567' },
      'contact.phone',
      'person.phone_too_long',
    ],
    [
      'a passenger phone of 21 characters counting the +',
      { countryCode: '+86', phone: '138001380001234567' },
      {},
      'passengers.0.phone',
      'person.phone_too_long',
    ],
    [
      'title Mrs with gender male',
      { title: 2, gender: 0 },
      {},
      'passengers.0.title',
      'person.title_gender_mismatch',
    ],
    [
      'title Mr with gender female',
      { title: 0, gender: 1 },
      {},
      'passengers.0.title',
      'person.title_gender_mismatch',
    ],
  ])('refuses %s', async (_name, change, contactChange, field, key) => {
    const res = await guest.post(CHECK, {
      offerId: one,
      passengers: [adult(change)],
      contact: { ...contact, ...contactChange },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('400');
    expect(problems(res.body)).toEqual([expect.objectContaining({ field, key })]);
  });

  it('refuses a birth date after today, even one before the departure (nobody unborn holds a ticket)', async () => {
    const res = await guest.post(CHECK, {
      offerId: one,
      passengers: [adult({ birthday: addDays(new Date().toISOString().slice(0, 10), 2) })],
      contact,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(problems(res.body)).toContainEqual(
      expect.objectContaining({ field: 'passengers.0.birthday', key: 'person.birthday_future' }),
    );
  });

  it('refuses a birth date that is not on the calendar, naming the field', async () => {
    const res = await guest.post(CHECK, {
      offerId: one,
      passengers: [adult({ birthday: '1990-02-30' })],
      contact,
    });
    expect(res.status).toBe(400);
    expect(problems(res.body).map((p) => p.field)).toEqual([
      expect.stringMatching(/passengers\.0\.birthday$/),
    ]);
  });

  it('says what is wrong in the caller’s language', async () => {
    const body = { offerId: one, passengers: [adult({ birthday: '1800-01-01' })], contact };
    const en = await client(t, { lang: '1' }).post(CHECK, body);
    expect(problems(en.body)[0]?.message).toBe('The date of birth cannot be more than 120 years ago.');
    const zh = await client(t, { lang: '0' }).post(CHECK, body);
    expect(problems(zh.body)[0]?.message).toBe('出生日期不能早于120年前');
    const km = await client(t, { lang: '2' }).post(CHECK, {
      ...body,
      passengers: [adult({ title: 2, gender: 0 })],
    });
    expect(problems(km.body)[0]?.message).toContain('Mrs');
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'Van Dam / Anne and Van / Dam Anne',
      { surname: 'Van Dam', givenName: 'Anne' },
      { surname: 'Van', givenName: 'Dam Anne' },
    ],
    [
      'Smith / John Adam and Smith / John with middle name Adam',
      { surname: 'Smith', givenName: 'John Adam' },
      { surname: 'Smith', givenName: 'John', middleName: 'Adam' },
    ],
  ])('refuses the same person twice: %s', async (_name, first, second) => {
    const res = await guest.post(CHECK, {
      offerId: two,
      passengers: [adult(first), passenger(1, 1, out.depLocalDate, second)],
      contact,
    });
    expect(res.status).toBe(400);
    expect(problems(res.body)).toEqual([
      expect.objectContaining({ field: 'passengers.1.surname', key: 'party.duplicate_name' }),
    ]);
  });

  it('accepts the real counterparts: two people whose middle names differ, real e-mails, 20 characters of phone, a title that fits', async () => {
    const res = await guest.post(CHECK, {
      offerId: two,
      passengers: [
        adult({ surname: 'Smith', givenName: 'John', middleName: 'Adam', email: "o'brien@example.com" }),
        passenger(1, 1, out.depLocalDate, {
          surname: 'Smith',
          givenName: 'John',
          middleName: 'Bob',
          title: 2,
          gender: 1,
          countryCode: '+86',
          phone: '13800138000123456',
        }),
      ],
      contact: {
        ...contact,
        email: 'first.last+tag@sub.example.co.uk',
        countryCode: '+855',
        phone: '1234567890123456',
      },
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: '0', data: { valid: true } });
  });

  it('refuses the attack on saveTicketOrder too, before any seat is held', async () => {
    const member = client(t);
    await registerUser(t, member);
    const offerId = await offerFor(member, [1, 0, 0], [{ flightId: out.flightId, bookingClass: 'M' }]);
    const res = await member.post(SAVE, {
      offerId,
      passengers: [adult({ birthday: '0001-01-01', title: 2, gender: 0 })],
      contact: { ...contact, email: 'john@-example.com' },
      idempotencyKey: randomUUID(),
      acceptTerms: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(problems(res.body).map((p) => `${p.field}:${p.key}`)).toEqual(
      expect.arrayContaining([
        'passengers.0.birthday:person.birthday_too_old',
        'passengers.0.title:person.title_gender_mismatch',
        'contact.email:account.email_domain_hyphen',
      ]),
    );
    const { rows } = await t.database.pool.query(
      'select count(*)::int as n from orders where offer_id = $1',
      [offerId],
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('saved passengers and the profile refuse the same edges (issue 9 item 8)', () => {
  let t: TestApp;
  let member: Client;

  beforeAll(async () => {
    t = await createTestApp();
    member = client(t);
    await registerUser(t, member);
  });
  afterAll(() => t.close());

  it.each<[string, Record<string, unknown>, string, string]>([
    ['Mrs and male', { title: 2, gender: 0 }, 'title', 'person.title_gender_mismatch'],
    [
      'a girl of six saved as a child with Mrs (issue 10: Mr or Miss)',
      {
        passengerType: 2,
        birthday: addDays(new Date().toISOString().slice(0, 10), -6 * 366),
        title: 2,
        gender: 1,
      },
      'title',
      'person.title_adults_only',
    ],
    ['born in 1800', { birthday: '1800-01-01' }, 'birthday', 'person.birthday_too_old'],
    [
      'an e-mail ending with a dot before the @',
      { email: 'john.@x.com' },
      'email',
      'account.email_local_dots',
    ],
  ])('a saved passenger: %s', async (_name, change, field, key) => {
    const res = await member.post(
      '/travelsky/user/memberpassenger/insert',
      passenger(1, 0, '2030-01-01', change),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(problems(res.body)).toEqual([expect.objectContaining({ field, key })]);
  });

  it('the profile: a title that contradicts the gender it will have, and a birth date in year 1', async () => {
    const ok = await member.post('/travelsky/user/update', { title: 2, gender: 1 });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe('0');
    const mr = await member.post('/travelsky/user/update', { title: 0 }); // still female
    expect(problems(mr.body)).toEqual([
      expect.objectContaining({ field: 'title', key: 'person.title_gender_mismatch' }),
    ]);
    const old = await member.post('/travelsky/user/update', { birthday: '0001-01-01' });
    expect(problems(old.body)).toEqual([
      expect.objectContaining({ field: 'birthday', key: 'person.birthday_too_old' }),
    ]);
  });
});
