import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryList, countryName } from './countries';
import { formatMessage } from './messages';

describe('country names', () => {
  it('names every listed country in zh, en and km', () => {
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(Object.values(country.name).every((name) => name.trim().length > 0)).toBe(true);
    }
  });

  it('lists countries as each language lists things, and keeps an unknown code as it is', () => {
    expect(countryList(['KH', 'CN', 'TH'], 'en')).toBe('Cambodia, China, Thailand');
    expect(countryList(['KH', 'CN', 'TH'], 'zh')).toBe('柬埔寨、中国、泰国');
    expect(countryList(['KH', 'CN', 'TH'], 'km')).toBe('កម្ពុជា, ចិន, ថៃ');
    expect(countryName('zz', 'en')).toBe('zz');
  });
});

describe('message parameters in the reader’s language', () => {
  it('writes a parameter given in every language in the message’s language, and plain ones as they are', () => {
    const nationalities = { zh: '柬埔寨', en: 'Cambodia', km: 'កម្ពុជា' };
    expect(formatMessage('passenger_limit', 'km', { nationalities })).toContain('កម្ពុជា');
    expect(formatMessage('passenger_limit', 'zh', { nationalities })).toContain('柬埔寨');
    expect(formatMessage('search.date_too_far', 'en', { days: 180 })).toBe(
      'Flights can be searched up to 180 days ahead.',
    );
  });
});
