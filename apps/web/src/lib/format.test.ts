import { describe, expect, it } from 'vitest';
import { formatDate, formatInstant } from './format';

describe('formatDate (spec §9: DD MMM YYYY)', () => {
  it('writes day, month and year in each language', () => {
    expect(formatDate('2027-01-02', 'en')).toBe('02 Jan 2027');
    expect(formatDate('2026-12-01', 'km')).toBe('01 ធ្នូ 2026');
    expect(formatDate('2027-05-09', 'km')).toBe('09 ឧសភា 2027');
    expect(formatDate('2027-01-02', 'zh')).toContain('2027');
    expect(formatDate('', 'km')).toBe('');
  });

  it('puts an instant on the local date of its zone with HH:mm', () => {
    expect(formatInstant('2026-11-22T21:46:00Z', 'km', 'Asia/Phnom_Penh')).toBe('23 វិច្ឆិកា 2026 04:46');
    expect(formatInstant('2026-11-22T21:46:00Z', 'en', 'UTC')).toBe('22 Nov 2026 21:46');
  });
});
