import { describe, expect, it } from 'vitest';
import {
  addMonths,
  ageInYears,
  BIRTH_YEARS_MAX,
  checkAgeForType,
  checkBirthday,
  checkDocExpiry,
  checkDocument,
  checkMiddleName,
  checkName,
  checkPhone,
  checkSavedPassenger,
  checkTitleForType,
  checkTitleGender,
  earliestBirthday,
  fullNameKey,
  isCalendarDate,
  type PersonInput,
  passengerTypeOn,
  titlesFor,
} from './person';

const keys = (issues: { key: string }[]) => issues.map((i) => i.key);

describe('names in English letters', () => {
  it.each([
    ['SOK', 'DARA', []],
    ['Wang', 'Xiao Ming', []],
    ["O'Neil", 'Mary Ann', []],
    ['Ngo-Tran', 'Linh', []],
    ['王', 'Xiaoming', ['person.name_letters']],
    ['Sok', 'ដារា', ['person.name_letters']],
    ['Sok1', 'Dara', ['person.name_letters']],
    ['Sok', 'Dara  Vy', ['person.name_letters']],
    ['', 'Dara', ['person.surname_required']],
    ['Sok', ' ', ['person.given_name_required']],
  ])('%j %j gives %j', (s, g, expected) => {
    expect(keys(checkName(s, g))).toEqual(expected);
  });
});

describe('middle names', () => {
  it.each([
    [null, []],
    ['', []],
    ['Adam', []],
    ['Mary Ann', []],
    ['Ad4m', ['person.name_letters']],
    ['Mary  Ann', ['person.name_letters']],
  ])('%j gives %j', (middle, expected) => {
    expect(keys(checkMiddleName(middle))).toEqual(expected);
  });
});

describe('the whole name as people compare it', () => {
  it.each([
    // Where the surname/given split falls does not matter (issue 9 item 8).
    [['Van Dam', 'Anne'], ['Van', 'Dam Anne'], true],
    [['VAN DAM', 'ANNE'], [' van  dam ', 'anne'], true],
    // A middle name is part of the name, after the given names (passport order).
    [['Smith', 'John', 'Adam'], ['Smith', 'John', 'Bob'], false],
    [['Smith', 'John', 'Adam'], ['Smith', 'John Adam'], true],
    [['Smith', 'John', 'Adam'], ['Smith', 'John'], false],
    [['Smith', 'John', 'Adam'], ['Smith', 'Adam John'], false],
    // Hyphens split words, apostrophes drop, accents fold.
    [['Ngo-Tran', 'Linh'], ['Ngo Tran', 'Linh'], true],
    [["O'Neil", 'Mary'], ['ONeil', 'Mary'], true],
    [['Müller', 'René'], ['MULLER', 'RENE'], true],
    [['Sok', 'Dara'], ['Sokd', 'Ara'], false],
  ] as const)('%j and %j are the same: %s', (a, b, same) => {
    expect(fullNameKey(a[0], a[1], a[2]) === fullNameKey(b[0], b[1], b[2])).toBe(same);
  });

  it('is the words in order, upper-cased', () => {
    expect(fullNameKey(' van  dam', 'anne ', 'marie')).toBe('VAN DAM ANNE MARIE');
  });
});

describe('birth dates', () => {
  const today = '2026-11-22';
  it.each([
    ['1990-03-07', []],
    [today, []], // born today: a real date, the band rules judge the age
    ['1906-11-22', []], // exactly 120 years before today
    ['1906-11-21', ['person.birthday_too_old']], // a day more than 120 years
    ['1800-01-01', ['person.birthday_too_old']],
    ['0001-01-01', ['person.birthday_too_old']],
    ['2026-11-23', ['person.birthday_future']],
    ['2001-02-29', ['person.birthday_invalid']], // 2001 is not a leap year
    ['2000-02-29', []],
    ['1900-02-29', ['person.birthday_invalid']], // a century not divisible by 400
    ['1990-04-31', ['person.birthday_invalid']],
    ['1990-13-01', ['person.birthday_invalid']],
    ['1990-00-10', ['person.birthday_invalid']],
    ['1990-01-00', ['person.birthday_invalid']],
    ['0000-01-01', ['person.birthday_invalid']],
    ['1990-1-7', ['person.birthday_invalid']],
    ['07/03/1990', ['person.birthday_invalid']],
    ['', ['person.birthday_required']],
  ])('%j on 2026-11-22 gives %j', (birthday, expected) => {
    expect(keys(checkBirthday(birthday, today))).toEqual(expected);
  });

  it('names the limit in years and clamps a leap-day reference', () => {
    expect(checkBirthday('1800-01-01', today, 'passengers.0.birthday')).toEqual([
      { field: 'passengers.0.birthday', key: 'person.birthday_too_old', params: { years: BIRTH_YEARS_MAX } },
    ]);
    expect(earliestBirthday('2028-02-29')).toBe('1908-02-29');
    expect(earliestBirthday('2020-02-29')).toBe('1900-02-28'); // 1900 has no 29 February
    expect(earliestBirthday('2026-11-22')).toBe('1906-11-22');
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-06-31', false],
    ['2026-12-31', true],
    ['2026-12-32', false],
  ])('%j is a calendar date: %s', (date, ok) => {
    expect(isCalendarDate(date)).toBe(ok);
  });
});

describe('title and gender agree', () => {
  // Spec §3: title mr 0, miss 1, mrs 2; gender male 0, female 1.
  it.each([
    [0, 0, []],
    [1, 1, []],
    [2, 1, []],
    [2, 0, ['person.title_gender_mismatch']], // Mrs and male: the attack
    [1, 0, ['person.title_gender_mismatch']],
    [0, 1, ['person.title_gender_mismatch']],
    [null, 0, []], // a missing title has its own message
    [0, null, []],
    [7, 0, []], // an unknown code has its own message
  ])('title %j with gender %j gives %j', (title, gender, expected) => {
    expect(keys(checkTitleGender(title, gender))).toEqual(expected);
  });
});

describe('titles by passenger type (spec §3: Mr, Miss, Mrs)', () => {
  it('offers an adult every title, and a child or an infant Mr and Miss only', () => {
    expect(titlesFor(1)).toEqual([0, 1, 2]);
    expect(titlesFor(2)).toEqual([0, 1]);
    expect(titlesFor(3)).toEqual([0, 1]);
    expect(titlesFor(null)).toEqual([0, 1, 2]);
  });

  it.each([
    [2, 1, []],
    [2, 2, ['person.title_adults_only']], // a child with Mrs
    [2, 3, ['person.title_adults_only']], // an infant with Mrs
    [1, 2, []],
    [1, 3, []],
    [0, 3, []],
    [null, 2, []], // a missing title has its own message
    [7, 2, []], // an unknown code has its own message
  ])('title %j for passenger type %j gives %j', (title, type, expected) => {
    expect(keys(checkTitleForType(title, type))).toEqual(expected);
  });
});

describe('a birth date that does not fit the type says what would', () => {
  it.each([
    ['2000-01-01', 2, 'person.type_mismatch_child'],
    ['2020-01-01', 1, 'person.type_mismatch_adult'],
    ['2020-01-01', 3, 'person.type_mismatch_infant'],
    ['2020-01-01', 2, null],
    ['2026-12-10', 3, 'person.infant_too_young'],
    ['2027-01-01', 3, 'person.birthday_future'],
  ])('born %s, booked as type %i on 23 Dec 2026: %s', (birthday, type, key) => {
    const issues = checkAgeForType(birthday, type, '2026-12-23');
    expect(issues.map((i) => i.key)).toEqual(key ? [key] : []);
    if (key?.startsWith('person.type_mismatch_')) {
      expect(issues[0]?.params).toEqual({
        date: { zh: '2026年12月23日', en: '23 Dec 2026', km: '23 ធ្នូ 2026' },
      });
    }
  });
});

describe('age bands at the departure date', () => {
  it.each([
    ['2014-12-01', '2026-12-01', 'adult'], // exactly 12 on the day
    ['2014-12-02', '2026-12-01', 'child'], // 12 tomorrow
    ['2024-12-01', '2026-12-01', 'child'], // exactly 2
    ['2024-12-02', '2026-12-01', 'infant'],
    ['2026-11-16', '2026-12-01', 'infant'], // 15 days old
    ['2026-11-17', '2026-12-01', 'too_young'], // 14 days old
    ['2026-12-01', '2026-12-01', 'too_young'],
    ['2026-12-02', '2026-12-01', 'not_born'],
    ['2012-02-29', '2024-02-28', 'child'], // a leap-day birthday turns 12 on 1 March
    ['2012-02-29', '2024-02-29', 'adult'],
  ] as const)('born %s, on %s: %s', (birthday, on, band) => {
    expect(passengerTypeOn(birthday, on)).toBe(band);
  });

  it('counts whole years', () => {
    expect(ageInYears('2010-06-15', '2026-06-14')).toBe(15);
    expect(ageInYears('2010-06-15', '2026-06-15')).toBe(16);
  });
});

describe('documents', () => {
  it.each([
    [1, 'E12345678', []],
    [1, 'e1234567', []],
    [1, 'E1234', []],
    [1, 'E123', ['person.doc_number_format']],
    [1, 'E1234567890123456', ['person.doc_number_format']],
    [1, 'E12-34567', ['person.doc_number_format']],
    [0, '110101199003074316', []],
    [0, '12345', ['person.doc_number_format']],
    [2, 'AB-1234', []],
    [1, '', ['person.doc_number_required']],
    [null, 'E12345678', ['person.doc_number_format']],
  ] as const)('type %s number %j gives %j', (type, number, expected) => {
    expect(keys(checkDocument(type, number))).toEqual(expected);
  });

  it('adds calendar months, clamping to the month end', () => {
    expect(addMonths('2026-12-01', 6)).toBe('2027-06-01');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });

  it.each([
    ['2027-06-02', []], // a day more than six months after departure
    ['2027-06-01', ['person.doc_expiry_too_soon']], // exactly six months: not more
    ['2027-01-01', ['person.doc_expiry_too_soon']],
    ['2026-11-21', ['person.doc_expired']],
    ['', ['person.doc_expiry_required']],
  ])('expiry %j for a departure on 2026-12-01 gives %j', (expiry, expected) => {
    expect(keys(checkDocExpiry(expiry, { today: '2026-11-22', lastDeparture: '2026-12-01' }))).toEqual(
      expected,
    );
  });

  it('only needs a valid document today when no journey is known', () => {
    expect(checkDocExpiry('2026-11-22', { today: '2026-11-22' })).toEqual([]);
  });
});

describe('phone with country code', () => {
  it.each([
    ['855', '12345678', []],
    ['+855', '12345678', []],
    // The `+` of the code counts (issue 9 item 8), typed or not: "+86" + 17 digits = 20.
    ['86', '13800138000123456', []],
    ['+86', '13800138000123456', []],
    ['86', '138001380001234567', ['person.phone_too_long']], // "+86" + 18 = 21
    ['+86', '138001380001234567', ['person.phone_too_long']],
    ['+855', '1234567890123456', []], // 4 + 16 = 20
    ['855', '12345678901234567', ['person.phone_too_long']], // "+855" + 17 = 21
    ['855', '123456789012345678', ['person.phone_too_long']], // 4 + 18 = 22
    ['', '12345678', ['person.country_code_required']],
    ['855', '12-345', ['person.phone_invalid']],
    ['855', '123', ['person.phone_invalid']],
  ])('%j %j gives %j', (code, phone, expected) => {
    expect(keys(checkPhone(code, phone, { required: true }))).toEqual(expected);
  });

  it('lets an optional phone be empty but not a required one', () => {
    expect(checkPhone('', '', { required: false })).toEqual([]);
    expect(keys(checkPhone('855', '', { required: true }))).toEqual(['person.phone_invalid']);
  });
});

describe('a saved passenger', () => {
  const today = '2026-11-22';
  const adult: PersonInput = {
    surname: 'Sok',
    givenName: 'Dara',
    passengerType: 1,
    title: 0,
    gender: 0,
    nationality: 'KH',
    birthday: '1990-03-07',
    docType: 1,
    docNumber: 'N1234567',
    docExpiry: '2030-01-01',
    email: 'dara@example.com',
    countryCode: '855',
    phone: '12345678',
  };

  it('accepts a complete adult', () => {
    expect(checkSavedPassenger(adult, today)).toEqual([]);
  });

  it.each<[string, Partial<PersonInput>, string[]]>([
    ['a child saved as an adult', { birthday: '2018-01-01' }, ['passengerType:person.type_mismatch_adult']],
    [
      'an adult saved as a child',
      { passengerType: 2, title: 0 },
      ['passengerType:person.type_mismatch_child'],
    ],
    [
      'a girl of six saved as a child with Mrs',
      { birthday: '2020-05-01', passengerType: 2, title: 2, gender: 1 },
      ['title:person.title_adults_only'],
    ],
    [
      'an infant with Mrs',
      { birthday: '2026-01-01', passengerType: 3, title: 2, gender: 1 },
      ['title:person.title_adults_only'],
    ],
    [
      'a girl of six saved as a child with Miss',
      { birthday: '2020-05-01', passengerType: 2, title: 1, gender: 1 },
      [],
    ],
    ['a boy of six saved as a child with Mr', { birthday: '2020-05-01', passengerType: 2 }, []],
    [
      'an infant of 14 days',
      { birthday: '2026-11-08', passengerType: 3 },
      ['birthday:person.infant_too_young'],
    ],
    ['an infant of 15 days', { birthday: '2026-11-07', passengerType: 3 }, []],
    ['no title', { title: null }, ['title:person.title_required']],
    ['no nationality', { nationality: '' }, ['nationality:person.nationality_required']],
    ['a birth date in the future', { birthday: '2026-12-01' }, ['birthday:person.birthday_future']],
    ['an expired passport', { docExpiry: '2026-11-21' }, ['docExpiry:person.doc_expired']],
    ['an underscore in the e-mail', { email: 'dara_sok@example.com' }, ['email:account.email_no_special']],
    ['no e-mail and no phone', { email: null, phone: null, countryCode: null }, []],
    ['a Khmer middle name', { middleName: 'ដារា' }, ['middleName:person.name_letters']],
    ['Mrs and male', { title: 2 }, ['title:person.title_gender_mismatch']],
    ['Mrs and female', { title: 2, gender: 1 }, []],
    ['born in 1800', { birthday: '1800-01-01' }, ['birthday:person.birthday_too_old']],
    ['born in year 1', { birthday: '0001-01-01' }, ['birthday:person.birthday_too_old']],
    ['born on 30 February', { birthday: '1990-02-30' }, ['birthday:person.birthday_invalid']],
    ['an e-mail starting with a dot', { email: '.john@x.com' }, ['email:account.email_local_dots']],
    [
      'a phone of 21 characters with the +',
      { countryCode: '+855', phone: '12345678901234567' },
      ['phone:person.phone_too_long'],
    ],
  ])('%s', (_name, change, expected) => {
    expect(checkSavedPassenger({ ...adult, ...change }, today).map((i) => `${i.field}:${i.key}`)).toEqual(
      expected,
    );
  });
});
