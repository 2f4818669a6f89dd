import { describe, expect, it } from 'vitest';
import { splitByLargestRemainder, splitOverGroups } from './discount-allocation';

describe('splitByLargestRemainder', () => {
  it.each([
    { target: 100, weights: [1, 1, 1], expected: [34, 33, 33] },
    { target: 10, weights: [3, 7], expected: [3, 7] },
    { target: 5, weights: [1, 1], expected: [3, 2] },
    { target: 7, weights: [0, 5, 5], expected: [0, 4, 3] },
    { target: 0, weights: [4, 4], expected: [0, 0] },
    { target: 9, weights: [0, 0], expected: [0, 0] },
  ])('splits $target over $weights as $expected, summing exactly', ({ target, weights, expected }) => {
    const parts = splitByLargestRemainder(target, weights);
    expect(parts).toEqual(expected);
    if (weights.some((w) => w > 0)) expect(parts.reduce((a, b) => a + b, 0)).toBe(target);
  });
});

describe('splitOverGroups', () => {
  const total = (parts: number[], groups: { count: number }[]) =>
    parts.reduce((a, p, i) => a + p * groups[i]!.count, 0);

  it('gives the exact target whenever a group of one can take the odd units', () => {
    const groups = [
      { weight: 18_200, count: 2 },
      { weight: 13_650, count: 1 },
      { weight: 1_820, count: 1 },
    ];
    for (const target of [1, 2, 3, 999, 5_187, 5_188, 26_000]) {
      const parts = splitOverGroups(target, groups);
      expect(total(parts, groups)).toBe(target);
      parts.forEach((p, i) => {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(groups[i]!.weight);
      });
    }
  });

  it('never exceeds the target when identical passengers cannot share the last units', () => {
    expect(splitOverGroups(2_000, [{ weight: 9_000, count: 3 }])).toEqual([666]);
    expect(splitOverGroups(1_235, [{ weight: 12_345, count: 2 }])).toEqual([617]);
  });

  it('caps the split at the weights (a discount never exceeds the fares)', () => {
    const groups = [
      { weight: 500, count: 1 },
      { weight: 100, count: 2 },
    ];
    expect(splitOverGroups(5_000, groups)).toEqual([500, 100]);
    expect(splitOverGroups(0, groups)).toEqual([0, 0]);
  });
});
