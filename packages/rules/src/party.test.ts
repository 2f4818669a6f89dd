import { formatMessage } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import { checkContact, checkGuestNationalities, checkParty, type PartyMember } from './party';

const departure = '2026-12-01';
const adult = (surname: string, birthday = '1990-01-01'): PartyMember => ({
  passengerType: 1,
  birthday,
  surname,
  givenName: 'Dara',
});
const child = (surname: string, birthday = '2018-01-01'): PartyMember => ({
  passengerType: 2,
  birthday,
  surname,
  givenName: 'Vy',
});
const infant = (surname: string, birthday = '2026-01-01'): PartyMember => ({
  passengerType: 3,
  birthday,
  surname,
  givenName: 'Bopha',
});
const keys = (members: PartyMember[]) => checkParty(members, departure).map((i) => `${i.field}:${i.key}`);

describe('the party of one booking', () => {
  it('accepts a family', () => {
    expect(keys([adult('Sok'), child('Sok'), infant('Sok')])).toEqual([]);
  });

  it('measures age on the first departure day: 12 exactly is an adult', () => {
    expect(keys([adult('Sok'), adult('Chan', '2014-12-01')])).toEqual([]);
    expect(keys([adult('Sok'), adult('Chan', '2014-12-02')])).toEqual([
      'passengers.1.birthday:person.type_mismatch_adult',
    ]);
  });

  it('a birth date that does not fit says which ages fit the type on the first departure, in each language', () => {
    const [issue] = checkParty([adult('Sok'), child('Chan', '2014-11-30')], '2026-12-23');
    expect(issue).toEqual({
      field: 'passengers.1.birthday',
      key: 'person.type_mismatch_child',
      params: { date: { zh: '2026年12月23日', en: '23 Dec 2026', km: '23 ធ្នូ 2026' } },
    });
    expect(formatMessage(issue!.key, 'en', issue!.params)).toBe(
      'A child must be 2 to 11 years old on 23 Dec 2026: this date of birth does not fit.',
    );
    expect(formatMessage(issue!.key, 'zh', issue!.params)).toBe(
      '儿童在2026年12月23日须为2至11周岁，该出生日期不符',
    );
    expect(formatMessage(issue!.key, 'km', issue!.params)).toContain('23 ធ្នូ 2026');
    expect(formatMessage(issue!.key, 'km', issue!.params)).toContain('2 ដល់ 11');
  });

  it('needs an infant older than 14 days', () => {
    expect(keys([adult('Sok'), infant('Sok', '2026-11-16')])).toEqual([]);
    expect(keys([adult('Sok'), infant('Sok', '2026-11-17')])).toEqual([
      'passengers.1.birthday:person.infant_too_young',
    ]);
  });

  it('needs someone 16 or older: two 15-year-olds cannot travel alone', () => {
    const teen = (s: string) => adult(s, '2011-06-01');
    expect(keys([teen('Sok'), teen('Chan')])).toEqual(['passengers:party.escort_required']);
    expect(keys([adult('Sok', '2010-12-01'), teen('Chan')])).toEqual([]);
  });

  it('allows no more infants than adults', () => {
    expect(keys([adult('Sok'), infant('Sok'), infant('Chan')])).toEqual([
      'passengers:search.infants_exceed_adults',
    ]);
  });

  it('refuses the same name twice, whatever the case and spacing', () => {
    const issues = checkParty([adult('Sok'), { ...adult('SOK '), givenName: ' dara' }], departure);
    expect(issues).toEqual([
      { field: 'passengers.1.surname', key: 'party.duplicate_name', params: { index: 1 } },
    ]);
  });

  // Issue 9 item 8: the whole name as a sequence of words, across the surname/given/middle split.
  const named = (surname: string, givenName: string, middleName: string | null = null): PartyMember => ({
    ...adult('x'),
    surname,
    givenName,
    middleName,
  });
  it.each<[string, boolean, PartyMember, PartyMember]>([
    ['Van Dam / Anne and Van / Dam Anne', true, named('Van Dam', 'Anne'), named('Van', 'Dam Anne')],
    [
      'Smith / John Adam and Smith / John + Adam',
      true,
      named('Smith', 'John Adam'),
      named('Smith', 'John', 'Adam'),
    ],
    [
      'John Adam Smith and John Bob Smith',
      false,
      named('Smith', 'John', 'Adam'),
      named('Smith', 'John', 'Bob'),
    ],
    ['John Adam Smith and John Smith', false, named('Smith', 'John', 'Adam'), named('Smith', 'John')],
    ['Ngo-Tran / Linh and Ngo Tran / Linh', true, named('Ngo-Tran', 'Linh'), named('NGO TRAN', 'LINH')],
    ['Sok / Dara and Sokd / Ara', false, named('Sok', 'Dara'), named('Sokd', 'Ara')],
  ])('%s: the same person %s', (_name, same, a, b) => {
    expect(keys([a, b])).toEqual(same ? ['passengers.1.surname:party.duplicate_name'] : []);
  });

  it('refuses a birth date that is not a real date instead of guessing its age', () => {
    expect(keys([adult('Sok'), adult('Chan', '1990-02-30')])).toEqual([
      'passengers.1.birthday:person.birthday_invalid',
    ]);
  });
});

describe('the booking contact', () => {
  const good = { name: 'Sok Dara', countryCode: '855', phone: '12345678', email: 'dara@example.com' };
  it.each([
    [{}, []],
    [{ name: '' }, ['contact.name:party.contact_name_required']],
    [{ name: 'Sok-Dara' }, ['contact.name:person.name_letters']],
    [{ email: 'sok_dara@example.com' }, ['contact.email:account.email_no_special']],
    [{ email: '' }, ['contact.email:account.email_required']],
    [{ phone: '' }, ['contact.phone:person.phone_invalid']],
    [{ countryCode: '' }, ['contact.countryCode:person.country_code_required']],
    // The `+` counts (issue 9 item 8): "+855" and 16 digits are 20 characters, 17 digits are 21.
    [{ countryCode: '855', phone: '1234567890123456' }, []],
    [{ countryCode: '+855', phone: '1234567890123456' }, []],
    [{ countryCode: '855', phone: '12345678901234567' }, ['contact.phone:person.phone_too_long']],
    [{ countryCode: '+855', phone: '12345678901234567' }, ['contact.phone:person.phone_too_long']],
    // E-mails an attack slipped through, and real ones that must pass.
    [{ email: '.john@x.com' }, ['contact.email:account.email_local_dots']],
    [{ email: 'john.@x.com' }, ['contact.email:account.email_local_dots']],
    [{ email: '-@x.com' }, ['contact.email:account.email_local_letters']],
    [{ email: 'john@-example.com' }, ['contact.email:account.email_domain_hyphen']],
    [{ email: 'first.last+tag@sub.example.co.uk' }, []],
    [{ email: "o'brien@example.com" }, []],
  ])('%j gives %j', (change, expected) => {
    expect(checkContact({ ...good, ...change }).map((i) => `${i.field}:${i.key}`)).toEqual(expected);
  });
});

describe('guest nationalities', () => {
  const allowed = ['KH', 'CN', 'TH'];
  it('lets guests book the allowed nationalities only, and anyone after login', () => {
    expect(checkGuestNationalities(['KH', 'cn'], allowed, false)).toEqual([]);
    expect(checkGuestNationalities(['KH', 'US'], allowed, false).map((i) => i.field)).toEqual([
      'passengers.1.nationality',
    ]);
    expect(checkGuestNationalities(['US'], allowed, true)).toEqual([]);
  });

  it('names the allowed countries in the reader’s language, not by their codes', () => {
    const [issue] = checkGuestNationalities(['US'], allowed, false);
    expect(issue?.key).toBe('passenger_limit');
    const en = formatMessage('passenger_limit', 'en', issue?.params);
    const zh = formatMessage('passenger_limit', 'zh', issue?.params);
    const km = formatMessage('passenger_limit', 'km', issue?.params);
    expect(en).toContain('Cambodia, China, Thailand');
    expect(zh).toContain('柬埔寨、中国、泰国');
    expect(km).toContain('កម្ពុជា, ចិន, ថៃ');
    for (const text of [en, zh, km]) expect(text).not.toMatch(/\bKH\b|\bCN\b|\bTH\b/);
  });
});
