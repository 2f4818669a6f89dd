/**
 * Splitting a discount over price lines so the lines add up to it exactly.
 *
 * Lines are kept per ONE passenger of a type (the order multiplies them by the number of
 * passengers of that type), so identical passengers always get identical lines. The split:
 *
 * 1. Across passenger types (`splitOverGroups`): each passenger's ideal share is
 *    `target × its fare / party fare`; everyone gets the share rounded down, then the
 *    minor units left over go, by largest remainder, one per passenger, to whole groups of
 *    identical passengers that fit in what is left (a group of 2 adults takes 2 units or
 *    none). When identical passengers cannot share the last units evenly (USD 20.00 over 3
 *    adults), those units, always fewer than the group's size, are not given: a discount
 *    never exceeds what the promotion promises.
 * 2. Within one passenger, over the segments (`splitByLargestRemainder`): shares in
 *    proportion to each segment's fare, rounded down, the remainder one unit each to the
 *    largest fractional parts (ties to the earlier segment), so the passenger's segment
 *    lines add up exactly to their share.
 */

/** Splits `target` (≥ 0, integer) over `weights` in proportion, exactly, by largest remainder. */
export function splitByLargestRemainder(target: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || target <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (target * w) / total);
  const parts = exact.map((x) => Math.floor(x));
  let left = target - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = parts[i]! + 1;
    left -= 1;
  }
  return parts;
}

/**
 * Splits `target` over groups of `count` identical units, each unit weighing `weight` (and
 * never getting more than its weight): returns the amount per ONE unit of each group.
 * Σ count × result ≤ target, equal to it whenever the group sizes allow.
 */
export function splitOverGroups(
  target: number,
  groups: ReadonlyArray<{ weight: number; count: number }>,
): number[] {
  const total = groups.reduce((a, g) => a + g.weight * g.count, 0);
  if (total <= 0 || target <= 0) return groups.map(() => 0);
  const capped = Math.min(target, total);
  const exact = groups.map((g) => (capped * g.weight) / total);
  const parts = exact.map((x) => Math.floor(x));
  let left = capped - groups.reduce((a, g, i) => a + g.count * parts[i]!, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  let progress = true;
  while (left > 0 && progress) {
    progress = false;
    for (const { i } of order) {
      const g = groups[i]!;
      if (g.count > 0 && g.count <= left && parts[i]! < g.weight) {
        parts[i] = parts[i]! + 1;
        left -= g.count;
        progress = true;
      }
    }
  }
  return parts;
}
