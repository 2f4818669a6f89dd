import type { LocalizedText } from './common';
import type { LanguageTag } from './enums';

/**
 * The tax codes the spec lists "with labelled fees" (after-sales-and-loyalty.md §3): CN, C4,
 * E7, G1, G3, G8, H8, HK, I5, JC, KH, KX, L5, L7, MY, OP, SG, T8, TS, and "YQ F", the fuel
 * surcharge (YQ with its nature "F", fuel; it is filed and shown as YQ).
 */
export const SPEC_TAX_CODES = [
  'CN',
  'C4',
  'E7',
  'G1',
  'G3',
  'G8',
  'H8',
  'HK',
  'I5',
  'JC',
  'KH',
  'KX',
  'L5',
  'L7',
  'MY',
  'OP',
  'SG',
  'T8',
  'TS',
  'YQ',
] as const;

/**
 * What each tax or charge is, in the three product languages. The spec gives no wording
 * ("the label wording of each is not shown"): each code is worded by its usual meaning on
 * tickets of the region, codes only our network files (MO, AX) as the seed describes them
 * (apps/api/src/modules/pricing/demo-fares.ts TAXES); a code whose meaning differs by country (E7)
 * gets the wording common to both (docs/decisions.md). The amount detail, the review page's price and the itinerary PDF all read this one
 * table, shown as "label (code)" (docs/decisions.md). A code filed later must be added here:
 * the API's tax-label test fails on a filed code without a label.
 */
export const TAX_LABELS = {
  CN: { zh: '中国民航发展基金', en: 'China civil aviation development fund', km: 'មូលនិធិអភិវឌ្ឍន៍អាកាសចរណ៍ស៊ីវិលចិន' },
  C4: { zh: '机场基础设施费', en: 'Airport infrastructure charge', km: 'ថ្លៃហេដ្ឋារចនាសម្ព័ន្ធព្រលានយន្តហោះ' },
  E7: { zh: '航空安全费', en: 'Aviation safety and security fee', km: 'ថ្លៃសុវត្ថិភាព និងសន្តិសុខអាកាសចរណ៍' },
  G1: { zh: '旅客安检费', en: 'Passenger screening fee', km: 'ថ្លៃត្រួតពិនិត្យសន្តិសុខអ្នកដំណើរ' },
  G3: { zh: '香港机场建设费', en: 'Hong Kong airport construction fee', km: 'ថ្លៃសាងសង់ព្រលានយន្តហោះហុងកុង' },
  G8: { zh: '旅客信息预报费', en: 'Advance passenger processing fee', km: 'ថ្លៃដំណើរការព័ត៌មានអ្នកដំណើរជាមុន' },
  H8: { zh: '离境征费', en: 'Departure levy', km: 'ថ្លៃចាកចេញពីប្រទេស' },
  HK: {
    zh: '香港飞机乘客离境税',
    en: 'Hong Kong air passenger departure tax',
    km: 'ពន្ធចាកចេញរបស់អ្នកដំណើរតាមអាកាសហុងកុង',
  },
  I5: { zh: '香港旅客保安费', en: 'Hong Kong passenger security charge', km: 'ថ្លៃសន្តិសុខអ្នកដំណើរហុងកុង' },
  JC: { zh: '越南旅客服务费', en: 'Vietnam passenger service charge', km: 'ថ្លៃសេវាអ្នកដំណើរវៀតណាម' },
  KH: { zh: '柬埔寨旅客服务费', en: 'Cambodia passenger service charge', km: 'ថ្លៃសេវាអ្នកដំណើរកម្ពុជា' },
  KX: { zh: '旅客设施使用费', en: 'Passenger facility charge', km: 'ថ្លៃប្រើប្រាស់បរិក្ខារអ្នកដំណើរ' },
  L5: { zh: '民航征费', en: 'Civil aviation levy', km: 'ថ្លៃអាកាសចរណ៍ស៊ីវិល' },
  L7: { zh: '新加坡航空征费', en: 'Singapore aviation levy', km: 'ថ្លៃអាកាសចរណ៍សិង្ហបុរី' },
  MY: { zh: '马来西亚旅客服务费', en: 'Malaysia passenger service charge', km: 'ថ្លៃសេវាអ្នកដំណើរម៉ាឡេស៊ី' },
  OP: { zh: '新加坡机场发展费', en: 'Singapore airport development levy', km: 'ថ្លៃអភិវឌ្ឍន៍ព្រលានយន្តហោះសិង្ហបុរី' },
  SG: {
    zh: '新加坡旅客服务及保安费',
    en: 'Singapore passenger service and security fee',
    km: 'ថ្លៃសេវា និងសន្តិសុខអ្នកដំណើរសិង្ហបុរី',
  },
  T8: { zh: '旅客运输税', en: 'Passenger transport tax', km: 'ពន្ធដឹកជញ្ជូនអ្នកដំណើរ' },
  TS: { zh: '泰国旅客服务费', en: 'Thailand passenger service charge', km: 'ថ្លៃសេវាអ្នកដំណើរថៃ' },
  YQ: { zh: '燃油附加费', en: 'Fuel surcharge', km: 'ថ្លៃបន្ថែមប្រេងឥន្ធនៈ' },
  // Filed by the network but not in the spec's list.
  MO: { zh: '澳门旅客离境费', en: 'Macau passenger departure fee', km: 'ថ្លៃចាកចេញរបស់អ្នកដំណើរម៉ាកាវ' },
  AX: {
    zh: '越南国际旅客服务费',
    en: 'Vietnam international passenger service charge',
    km: 'ថ្លៃសេវាអ្នកដំណើរអន្តរជាតិវៀតណាម',
  },
} as const satisfies Record<(typeof SPEC_TAX_CODES)[number] | 'MO' | 'AX', LocalizedText>;

export type TaxCode = keyof typeof TAX_LABELS;

/** A code not in the table: shown once, as a tax with its code. */
const UNKNOWN_TAX: LocalizedText = { zh: '税费 {code}', en: 'Tax {code}', km: 'ពន្ធ {code}' };

/** A code as filed: upper case; the spec's "YQ F" (YQ, nature F) and "YQF" are YQ. */
export function normalizeTaxCode(code: string): string {
  const c = code.trim().toUpperCase().replace(/\s+/g, '');
  return c === 'YQF' ? 'YQ' : c;
}

export function isTaxCode(code: string): code is TaxCode {
  return Object.hasOwn(TAX_LABELS, code);
}

/** The label of a tax code in a language, or null for a code without one. */
export function taxLabel(code: string, lang: LanguageTag): string | null {
  const c = normalizeTaxCode(code);
  return isTaxCode(c) ? TAX_LABELS[c][lang] : null;
}

/**
 * How a tax line is written wherever taxes are listed: "label (code)", with full-width
 * brackets in Chinese ("燃油附加费（YQ）"); a code without a label reads "Tax XX" once.
 */
export function taxLineLabel(code: string, lang: LanguageTag): string {
  const c = normalizeTaxCode(code);
  const label = taxLabel(c, lang);
  if (label === null) return UNKNOWN_TAX[lang].replace('{code}', c);
  return lang === 'zh' ? `${label}（${c}）` : `${label} (${c})`;
}
