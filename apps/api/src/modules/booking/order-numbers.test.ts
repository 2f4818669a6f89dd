import { HUB_TIME_ZONE } from '@wings/rules';
import { describe, expect, it } from 'vitest';
import { newOrderNo, newPnr, ORDER_NO_PATTERN, PNR_ALPHABET, PNR_PATTERN } from './order-numbers';

describe('order numbers and PNRs (docs/architecture.md §7)', () => {
  it('makes PNRs of 6 symbols without I, O, 0 or 1', () => {
    expect(PNR_ALPHABET).toHaveLength(32);
    for (let i = 0; i < 2000; i++) {
      const pnr = newPnr();
      expect(pnr).toMatch(PNR_PATTERN);
      expect(pnr).not.toMatch(/[IO01]/);
    }
  });

  it('dates order numbers at the hub: W + yyMMdd + 6 digits', () => {
    // 17:30 UTC on 31 Dec is already 1 Jan in Phnom Penh (UTC+7).
    const no = newOrderNo(new Date('2026-12-31T17:30:00Z'), HUB_TIME_ZONE);
    expect(no).toMatch(ORDER_NO_PATTERN);
    expect(no.slice(0, 7)).toBe('W270101');
  });
});
