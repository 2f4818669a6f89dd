import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS } from './enums';
import { SPEC_TAX_CODES, TAX_LABELS, taxLabel, taxLineLabel } from './tax-labels';

const KHMER = /^[\u1780-\u17FF\u19E0-\u19FF ]+$/;
const CJK = /^[\u3400-\u9FFF]+$/;

describe('tax labels (after-sales §3 "tax codes with labelled fees", issue 10 item 12)', () => {
  it.each(SPEC_TAX_CODES)('labels %s in Chinese, English and Khmer, each in its own script', (code) => {
    for (const lang of LANGUAGE_TAGS) {
      const label = taxLabel(code, lang);
      expect(label, `${code}.${lang}`).toBeTruthy();
      expect(label, `${code}.${lang} is more than the code`).not.toContain(code);
    }
    expect(taxLabel(code, 'zh')).toMatch(CJK);
    expect(taxLabel(code, 'km')).toMatch(KHMER);
    expect(taxLabel(code, 'en')).toMatch(/^[A-Z][a-z]/);
  });

  it('gives every code its own wording in each language', () => {
    for (const lang of LANGUAGE_TAGS) {
      const labels = Object.values(TAX_LABELS).map((l) => l[lang]);
      expect(new Set(labels).size, lang).toBe(labels.length);
    }
  });

  it('writes a line as "label (code)" once, with full-width brackets in Chinese', () => {
    expect(taxLineLabel('E7', 'en')).toBe('Aviation safety and security fee (E7)');
    expect(taxLineLabel('YQ', 'zh')).toBe('燃油附加费（YQ）');
    expect(taxLineLabel('KH', 'km')).toBe('ថ្លៃសេវាអ្នកដំណើរកម្ពុជា (KH)');
  });

  it('reads the spec\'s "YQ F" as the fuel surcharge YQ, and any case', () => {
    expect(taxLineLabel('YQ F', 'en')).toBe('Fuel surcharge (YQ)');
    expect(taxLineLabel('yqf', 'en')).toBe('Fuel surcharge (YQ)');
    expect(taxLabel(' cn ', 'en')).toBe('China civil aviation development fund');
  });

  it('names a code without a label once, as a tax', () => {
    expect(taxLabel('ZZ', 'en')).toBeNull();
    expect(taxLineLabel('ZZ', 'en')).toBe('Tax ZZ');
    expect(taxLineLabel('ZZ', 'zh')).toBe('税费 ZZ');
    expect(taxLineLabel('ZZ', 'km')).toBe('ពន្ធ ZZ');
  });
});
