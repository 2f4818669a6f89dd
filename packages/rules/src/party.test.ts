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
      'passengers.1.birthday:person.type_mismatch',
    ]);
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
    [{ countryCode: '855', phone: '12345678901234567' }, []], // 3 + 17 = 20
    [{ countryCode: '855', phone: '123456789012345678' }, ['contact.phone:person.phone_too_long']], // 21
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
});
