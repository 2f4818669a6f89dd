import { LANGUAGE_TAGS, SPEC_TAX_CODES, taxLabel, taxLineLabel } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import { TAXES } from './demo-fares';

const SCRIPT = { zh: /[\u3400-\u9FFF]/, en: /^[A-Z][A-Za-z ]+$/, km: /[\u1780-\u17FF]/ } as const;

/**
 * Issue 10 item 12: every tax a traveller can be charged, and every code the spec lists, has a
 * label in Chinese, English and Khmer (packages/contracts tax-labels), so the amount detail,
 * the review page and the itinerary PDF never print a bare code ("Tax E7 · E7").
 */
describe('tax labels cover every filed and every specified code', () => {
  const filed = [...new Set(TAXES.map((t) => t.code))].sort();
  const codes = [...new Set([...filed, ...SPEC_TAX_CODES])].sort();

  it('files only codes of the label table (demo-fares.ts TAXES)', () => {
    expect(filed.filter((c) => taxLabel(c, 'en') === null)).toEqual([]);
  });

  it.each(codes)('%s has a label in zh, en and km, each in its script', (code) => {
    for (const lang of LANGUAGE_TAGS) {
      const label = taxLabel(code, lang);
      expect(label, `${code}.${lang}`).toMatch(SCRIPT[lang]);
      expect(taxLineLabel(code, lang).split(code)).toHaveLength(2);
    }
  });
});
