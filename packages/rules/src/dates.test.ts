import { describe, expect, it } from 'vitest';
import {
  addDays,
  beijingTimestamp,
  datesOfMonth,
  daysBetween,
  isoWeekday,
  localDate,
  parseBeijingTimestamp,
  toLocalIso,
  utcOffsetMinutes,
  zonedTimeToUtc,
} from './dates';

describe('airport-local dates', () => {
  it('reads "today" at the airport, not on the machine', () => {
    const lateEvening = new Date('2026-11-22T18:30:00Z');
    expect(localDate(lateEvening, 'Asia/Phnom_Penh')).toBe('2026-11-23');
    expect(localDate(lateEvening, 'Asia/Shanghai')).toBe('2026-11-23');
    expect(localDate(lateEvening, 'UTC')).toBe('2026-11-22');
  });

  it.each([
    ['Asia/Phnom_Penh', 420],
    ['Asia/Shanghai', 480],
    ['Asia/Kolkata', 330],
    ['UTC', 0],
  ])('knows the offset of %s', (zone, minutes) => {
    expect(utcOffsetMinutes(new Date('2026-11-22T00:00:00Z'), zone)).toBe(minutes);
  });

  it('turns a wall-clock departure into a UTC instant and back', () => {
    const dep = zonedTimeToUtc('2026-12-01', '08:30', 'Asia/Phnom_Penh');
    expect(dep.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(toLocalIso(dep, 'Asia/Phnom_Penh')).toBe('2026-12-01T08:30:00+07:00');
    expect(toLocalIso(dep, 'Asia/Shanghai')).toBe('2026-12-01T09:30:00+08:00');
  });

  it('handles a wall-clock time across a daylight-saving change', () => {
    const t = zonedTimeToUtc('2026-07-01', '10:00', 'Europe/Paris');
    expect(t.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(toLocalIso(t, 'Europe/Paris')).toBe('2026-07-01T10:00:00+02:00');
  });

  it('does calendar arithmetic across months and leap days', () => {
    expect(addDays('2026-11-22', 180)).toBe('2027-05-21');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2027-05-21')).toBe(180);
    expect(daysBetween('2026-11-22', '2026-11-21')).toBe(-1);
    expect(datesOfMonth('2028-02')).toHaveLength(29);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
  });
});

describe('signed-request timestamps', () => {
  it('writes UTC+8 as YYYYMMDDHHmmss', () => {
    expect(beijingTimestamp(new Date('2026-11-22T18:48:08Z'))).toBe('20261123024808');
  });

  it('reads them back and refuses malformed ones', () => {
    expect(parseBeijingTimestamp('20261123024808')?.toISOString()).toBe('2026-11-22T18:48:08.000Z');
    expect(parseBeijingTimestamp('2026112302480')).toBeNull();
    expect(parseBeijingTimestamp('20261332024808')).toBeNull();
    expect(parseBeijingTimestamp('2026-11-23 02:48')).toBeNull();
  });
});
