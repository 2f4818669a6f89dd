import { describe, expect, it } from 'vitest';
import { ZLocalDate } from './common';
import { languageFromHeader } from './enums';
import { formatMessage, messages } from './messages';
import { ZQueryFlightRequest } from './search';

describe('message catalogue', () => {
  it('has every message in Chinese, English and Khmer', () => {
    for (const [key, entry] of Object.entries(messages)) {
      for (const lang of ['zh', 'en', 'km'] as const) expect(entry[lang], `${key}.${lang}`).not.toBe('');
    }
  });

  it('writes Khmer messages in Khmer script', () => {
    expect(formatMessage('flight_not_found', 'km')).toMatch(/[\u1780-\u17FF]/);
  });

  it('fills placeholders and falls back to the generic text for unknown keys', () => {
    expect(formatMessage('search.date_too_far', 'en', { days: 180 })).toBe(
      'Flights can be searched up to 180 days ahead.',
    );
    expect(formatMessage('no.such.key', 'en')).toBe('Please enter correct information.');
  });

  it('reads the language header, defaulting to Chinese', () => {
    expect(languageFromHeader('1')).toBe('en');
    expect(languageFromHeader('2')).toBe('km');
    expect(languageFromHeader('0')).toBe('zh');
    expect(languageFromHeader(undefined)).toBe('zh');
    expect(languageFromHeader('fr')).toBe('zh');
  });
});

describe('wire schemas', () => {
  it('refuses dates that do not exist', () => {
    expect(ZLocalDate.safeParse('2026-02-30').success).toBe(false);
    expect(ZLocalDate.safeParse('2026-2-3').success).toBe(false);
    expect(ZLocalDate.safeParse('2028-02-29').success).toBe(true);
  });

  it('normalises airport codes and defaults the party to one adult', () => {
    const parsed = ZQueryFlightRequest.parse({ depCode: ' kti', arrCode: 'bkk', depDate: '2026-12-01' });
    expect(parsed).toMatchObject({ depCode: 'KTI', arrCode: 'BKK', passengers: [1, 0, 0], tripType: 0 });
  });

  it('names the field that is wrong', () => {
    const result = ZQueryFlightRequest.safeParse({ depCode: 'KTI', arrCode: 'BKK', depDate: 'soon' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['depDate']);
  });
});
