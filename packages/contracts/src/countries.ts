import type { LanguageTag } from './enums';

/** A country or region: ISO 3166-1 alpha-2 code, international dialling code, names in zh, en, km. */
export interface Country {
  code: string;
  dial: string;
  name: Record<LanguageTag, string>;
}

const c = (code: string, dial: string, zh: string, en: string, km: string): Country => ({
  code,
  dial,
  name: { zh, en, km },
});

/**
 * Nationalities and dialling codes the forms offer: Cambodia first, then ASEAN, then the
 * region's and the world's main markets. Shared by the app's pickers and the server's messages
 * (the guest nationality limit names its countries in the reader's language).
 */
export const COUNTRIES: readonly Country[] = [
  c('KH', '+855', '柬埔寨', 'Cambodia', 'កម្ពុជា'),
  c('TH', '+66', '泰国', 'Thailand', 'ថៃ'),
  c('VN', '+84', '越南', 'Vietnam', 'វៀតណាម'),
  c('LA', '+856', '老挝', 'Laos', 'ឡាវ'),
  c('MM', '+95', '缅甸', 'Myanmar', 'មីយ៉ាន់ម៉ា'),
  c('MY', '+60', '马来西亚', 'Malaysia', 'ម៉ាឡេស៊ី'),
  c('SG', '+65', '新加坡', 'Singapore', 'សិង្ហបុរី'),
  c('ID', '+62', '印度尼西亚', 'Indonesia', 'ឥណ្ឌូណេស៊ី'),
  c('PH', '+63', '菲律宾', 'Philippines', 'ហ្វីលីពីន'),
  c('BN', '+673', '文莱', 'Brunei', 'ព្រុយណេ'),
  c('TL', '+670', '东帝汶', 'Timor-Leste', 'ទីម័រខាងកើត'),
  c('CN', '+86', '中国', 'China', 'ចិន'),
  c('HK', '+852', '中国香港', 'Hong Kong', 'ហុងកុង'),
  c('MO', '+853', '中国澳门', 'Macao', 'ម៉ាកាវ'),
  c('TW', '+886', '中国台湾', 'Taiwan', 'តៃវ៉ាន់'),
  c('JP', '+81', '日本', 'Japan', 'ជប៉ុន'),
  c('KR', '+82', '韩国', 'South Korea', 'កូរ៉េខាងត្បូង'),
  c('IN', '+91', '印度', 'India', 'ឥណ្ឌា'),
  c('BD', '+880', '孟加拉国', 'Bangladesh', 'បង់ក្លាដែស'),
  c('LK', '+94', '斯里兰卡', 'Sri Lanka', 'ស្រីលង្កា'),
  c('NP', '+977', '尼泊尔', 'Nepal', 'នេប៉ាល់'),
  c('AE', '+971', '阿联酋', 'United Arab Emirates', 'អេមីរ៉ាតអារ៉ាប់រួម'),
  c('AU', '+61', '澳大利亚', 'Australia', 'អូស្ត្រាលី'),
  c('NZ', '+64', '新西兰', 'New Zealand', 'នូវែលសេឡង់'),
  c('US', '+1', '美国', 'United States', 'សហរដ្ឋអាមេរិក'),
  c('CA', '+1', '加拿大', 'Canada', 'កាណាដា'),
  c('GB', '+44', '英国', 'United Kingdom', 'ចក្រភពអង់គ្លេស'),
  c('FR', '+33', '法国', 'France', 'បារាំង'),
  c('DE', '+49', '德国', 'Germany', 'អាល្លឺម៉ង់'),
  c('IT', '+39', '意大利', 'Italy', 'អ៊ីតាលី'),
  c('ES', '+34', '西班牙', 'Spain', 'អេស្ប៉ាញ'),
  c('NL', '+31', '荷兰', 'Netherlands', 'ហូឡង់'),
  c('CH', '+41', '瑞士', 'Switzerland', 'ស្វីស'),
  c('RU', '+7', '俄罗斯', 'Russia', 'រុស្ស៊ី'),
];

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

export function countryByCode(code: string | null | undefined): Country | undefined {
  return code ? BY_CODE.get(code.toUpperCase()) : undefined;
}

/** The name of a country in a language; the code itself when the country is not listed. */
export function countryName(code: string | null | undefined, lang: LanguageTag): string {
  if (!code) return '';
  return countryByCode(code)?.name[lang] ?? code;
}

/** How a language joins the items of a list: 柬埔寨、中国、泰国 / Cambodia, China, Thailand. */
const LIST_SEPARATOR: Record<LanguageTag, string> = { zh: '、', en: ', ', km: ', ' };

/** Country names in a language, in the given order, joined as the language lists things. */
export function countryList(codes: readonly string[], lang: LanguageTag): string {
  return codes.map((code) => countryName(code, lang)).join(LIST_SEPARATOR[lang]);
}
