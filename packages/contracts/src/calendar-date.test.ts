import { describe, expect, it } from 'vitest';
import { isCalendarDate, ZLocalDate } from './common';

/** What the check replaced: a date is real when JavaScript's Date gives it back unchanged. */
function byDateObject(s: string): boolean {
  return (
    !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)
  );
}

describe('a real calendar date', () => {
  it('agrees with the Date object on every month and day 00-32 of 1896-2104', () => {
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    let checked = 0;
    for (let y = 1896; y <= 2104; y++) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const s = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect(isCalendarDate(s), s).toBe(byDateObject(s));
          checked++;
        }
      }
    }
    expect(checked).toBe(209 * 14 * 33);
  });

  it('names the problem of a date that does not exist', () => {
    expect(ZLocalDate.safeParse('2024-02-29').success).toBe(true);
    const r = ZLocalDate.safeParse('2026-02-29');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('must be a real calendar date');
  });
});
