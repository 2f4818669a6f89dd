import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA rules
 * and axe's best practices), one line per rule with up to three of the elements it names.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
        )
        .join('; ');
      return `${v.id} [${v.impact}] ${v.help}: ${nodes}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`;
    });
}

/** Fails the journey where the page has a serious or critical accessibility violation. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const findings = await axeFindings(page);
  expect(findings, `axe-core on ${name}`).toEqual([]);
}
