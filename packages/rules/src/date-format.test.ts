import { LANGUAGE_TAGS } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonth,
  formatTime,
  formatWeekday,
  LATIN_DATE_WORDS,
  MONTH_NAMES,
  WEEKDAY_NAMES,
} from './date-format';
import { addDays } from './dates';

/** Every day of 2026 and 2027 (all months, every weekday, a leap-free February). */
const DAYS = Array.from({ length: 730 }, (_, i) => addDays('2026-01-01', i));

describe('formatDate: DD MMM YYYY in the reader language (spec §9)', () => {
  it('writes day, month and year in each language', () => {
    expect(formatDate('2026-12-23', 'en')).toBe('23 Dec 2026');
    expect(formatDate('2027-01-02', 'en')).toBe('02 Jan 2027');
    expect(formatDate('2026-12-23', 'km')).toBe('23 ធ្នូ 2026');
    expect(formatDate('2027-05-09', 'km')).toBe('09 ឧសភា 2027');
    expect(formatDate('2026-12-23', 'zh')).toBe('2026年12月23日');
    expect(formatDate('2027-01-02', 'zh')).toBe('2027年1月2日');
  });

  it("reads a local ISO time on its own airport's date, whatever the machine's zone", () => {
    // 00:30 in Phnom Penh is still the evening before in UTC: the airport's date is the one shown.
    expect(formatDate('2026-12-02T00:30:00+07:00', 'en')).toBe('02 Dec 2026');
    expect(formatDateTime('2026-12-02T00:30:00+07:00', 'km')).toBe('02 ធ្នូ 2026 00:30');
    expect(formatTime('2026-12-01T13:25:00+08:00')).toBe('13:25');
  });

  it('answers an empty string for a missing or impossible date instead of "Invalid Date"', () => {
    for (const lang of LANGUAGE_TAGS) {
      expect(formatDate('', lang)).toBe('');
      expect(formatDate(null, lang)).toBe('');
      expect(formatDate('2026-02-30', lang)).toBe('');
      expect(formatDate('23/12/2026', lang)).toBe('');
      expect(formatWeekday(undefined, lang)).toBe('');
    }
    expect(formatTime('2026-12-01')).toBe('');
  });
});

describe('weekdays, months and day labels', () => {
  it('names the weekday of a date in each language, short and long', () => {
    // 2026-12-23 is a Wednesday; 2026-12-21 a Monday; 2026-12-27 a Sunday.
    expect(formatWeekday('2026-12-23', 'en')).toBe('Wed');
    expect(formatWeekday('2026-12-23', 'en', 'long')).toBe('Wednesday');
    expect(formatWeekday('2026-12-23', 'zh')).toBe('周三');
    expect(formatWeekday('2026-12-27', 'zh', 'long')).toBe('星期日');
    expect(formatWeekday('2026-12-23', 'km')).toBe('ពុធ');
    expect(formatWeekday('2026-12-21', 'km', 'long')).toBe('ថ្ងៃច័ន្ទ');
  });

  it('writes the day strip label and the month title', () => {
    expect(formatDayMonth('2026-12-21', 'en')).toBe('21 Dec');
    expect(formatDayMonth('2026-12-21', 'zh')).toBe('12月21日');
    expect(formatDayMonth('2026-12-21', 'km')).toBe('21 ធ្នូ');
    expect(formatMonth('2026-12', 'en')).toBe('Dec 2026');
    expect(formatMonth('2026-12', 'zh')).toBe('2026年12月');
    expect(formatMonth('2026-12-23', 'km')).toBe('ធ្នូ 2026');
  });

  it('has twelve months and seven weekdays in every language, none repeated', () => {
    for (const lang of LANGUAGE_TAGS) {
      expect(new Set(MONTH_NAMES[lang]).size).toBe(12);
      expect(new Set(WEEKDAY_NAMES[lang].short).size).toBe(7);
      expect(new Set(WEEKDAY_NAMES[lang].long).size).toBe(7);
    }
  });

  it.each(['zh', 'km'] as const)(
    'never writes a Latin month or day name in %s, on any day of two years',
    (lang) => {
      for (const day of DAYS) {
        const texts = [
          formatDate(day, lang),
          formatDayMonth(day, lang),
          formatMonth(day, lang),
          formatWeekday(day, lang, 'short'),
          formatWeekday(day, lang, 'long'),
          formatDateTime(`${day}T08:05:00+07:00`, lang),
        ];
        for (const text of texts) {
          expect(text, day).not.toBe('');
          expect(text, day).not.toMatch(LATIN_DATE_WORDS);
        }
      }
    },
  );

  it('recognises the Latin names it guards against', () => {
    for (const text of ['23 Dec 2026', 'Mon', 'Dec 21', 'Wednesday', 'Sept 1']) {
      expect(text).toMatch(LATIN_DATE_WORDS);
    }
    expect('2026年12月23日 周三').not.toMatch(LATIN_DATE_WORDS);
  });
});
