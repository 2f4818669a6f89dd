import type { LanguageTag } from './enums';

/**
 * Messages the server answers with and the shared rules report, in the three product
 * languages. The keys are the spec's message keys (booking-and-account.md §8) where it
 * names them. The web app merges this catalogue into its own, so a rule's message reads
 * the same in a form and in an API reply. `{name}` placeholders are filled by `formatMessage`.
 */
export const messages = {
  ok: { zh: '成功', en: 'Success', km: 'ជោគជ័យ' },
  system_error: {
    zh: '系统繁忙，请稍后再试',
    en: 'The system is running poorly. Please try again later.',
    km: 'ប្រព័ន្ធកំពុងដំណើរការមិនល្អ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ។',
  },
  invalid_request: {
    zh: '请求内容有误：{detail}',
    en: 'The request is not valid: {detail}',
    km: 'សំណើមិនត្រឹមត្រូវ៖ {detail}',
  },
  not_found: { zh: '请求的地址不存在', en: 'This address does not exist.', km: 'អាសយដ្ឋាននេះមិនមានទេ។' },
  too_many_requests: {
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests. Please wait a moment and try again.',
    km: 'សំណើច្រើនពេក។ សូមរង់ចាំបន្តិច ហើយព្យាយាមម្តងទៀត។',
  },
  payload_too_large: { zh: '请求内容过大', en: 'The request is too large.', km: 'សំណើធំពេក។' },
  access_token_missing: {
    zh: '缺少访问令牌',
    en: 'An access token is required.',
    km: 'ត្រូវការនិមិត្តសញ្ញាចូលប្រើ។',
  },
  access_token_expired: {
    zh: '访问令牌已失效',
    en: 'The access token has expired.',
    km: 'និមិត្តសញ្ញាចូលប្រើបានផុតកំណត់។',
  },
  sign_invalid: {
    zh: '签名校验失败',
    en: 'The request signature is not valid.',
    km: 'ហត្ថលេខាសំណើមិនត្រឹមត្រូវ។',
  },
  timestamp_invalid: {
    zh: '时间戳无效或已过期',
    en: 'The timestamp is not valid or too far from the current time.',
    km: 'ត្រាពេលវេលាមិនត្រឹមត្រូវ ឬឆ្ងាយពីពេលបច្ចុប្បន្នពេក។',
  },
  nonce_reused: {
    zh: '请求已被使用，请勿重复提交',
    en: 'This request was already used. Do not send it twice.',
    km: 'សំណើនេះត្រូវបានប្រើរួចហើយ។ សូមកុំផ្ញើពីរដង។',
  },
  flight_not_found: {
    zh: '没有符合条件的航班，请重新预订',
    en: 'No eligible flight was found. Please search again.',
    km: 'រកមិនឃើញជើងហោះហើរដែលសមស្រប។ សូមស្វែងរកម្តងទៀត។',
  },
  flight_select_limit: {
    zh: '剩余座位不足，请重新预订',
    en: 'Not enough seats left for this many passengers. Please search again.',
    km: 'កៅអីនៅសល់មិនគ្រប់សម្រាប់អ្នកដំណើរចំនួននេះ។ សូមស្វែងរកម្តងទៀត។',
  },
  flight_no_support_round_trip: {
    zh: '该航线暂不支持往返预订',
    en: 'Return trips are not offered on this route.',
    km: 'ផ្លូវហោះហើរនេះមិនផ្តល់ការធ្វើដំណើរទៅមកទេ។',
  },
  route_not_found: {
    zh: '该航线不存在',
    en: 'We do not fly this route.',
    km: 'យើងមិនហោះហើរលើផ្លូវនេះទេ។',
  },
  'common.enter_correct_data': {
    zh: '请输入正确的信息',
    en: 'Please enter correct information.',
    km: 'សូមបញ្ចូលព័ត៌មានត្រឹមត្រូវ។',
  },
  'search.dep_required': {
    zh: '请选择出发城市',
    en: 'Choose where you fly from.',
    km: 'សូមជ្រើសរើសទីក្រុងចេញដំណើរ។',
  },
  'search.arr_required': {
    zh: '请选择到达城市',
    en: 'Choose where you fly to.',
    km: 'សូមជ្រើសរើសទីក្រុងគោលដៅ។',
  },
  'search.same_city': {
    zh: '出发和到达城市不能相同',
    en: 'Departure and arrival must be different.',
    km: 'ទីក្រុងចេញដំណើរ និងទីក្រុងមកដល់ត្រូវតែខុសគ្នា។',
  },
  'search.date_required': {
    zh: '请选择出发日期',
    en: 'Choose a departure date.',
    km: 'សូមជ្រើសរើសកាលបរិច្ឆេទចេញដំណើរ។',
  },
  'search.return_date_required': {
    zh: '请选择返程日期',
    en: 'Choose a return date.',
    km: 'សូមជ្រើសរើសកាលបរិច្ឆេទត្រឡប់មកវិញ។',
  },
  'search.date_past': {
    zh: '出发日期不能早于今天',
    en: 'The departure date cannot be in the past.',
    km: 'កាលបរិច្ឆេទចេញដំណើរមិនអាចជាថ្ងៃកន្លងមកហើយទេ។',
  },
  'search.date_too_far': {
    zh: '只能查询{days}天内的航班',
    en: 'Flights can be searched up to {days} days ahead.',
    km: 'អាចស្វែងរកជើងហោះហើរបានត្រឹម {days} ថ្ងៃខាងមុខប៉ុណ្ណោះ។',
  },
  'search.return_before_outbound': {
    zh: '返程日期不能早于去程日期',
    en: 'The return date must be on or after the departure date.',
    km: 'កាលបរិច្ឆេទត្រឡប់មកវិញត្រូវតែនៅថ្ងៃ ឬក្រោយថ្ងៃចេញដំណើរ។',
  },
  'search.adult_required': {
    zh: '至少需要一名成人',
    en: 'At least one adult must travel.',
    km: 'ត្រូវមានមនុស្សពេញវ័យយ៉ាងហោចណាស់ម្នាក់។',
  },
  'search.too_many_passengers': {
    zh: '每次最多预订{max}位占座旅客',
    en: 'Up to {max} passengers with seats can be booked at once.',
    km: 'អាចកក់បានអ្នកដំណើរមានកៅអីច្រើនបំផុត {max} នាក់ក្នុងមួយលើក។',
  },
  'search.infants_exceed_adults': {
    zh: '婴儿人数不能超过成人人数',
    en: 'Each infant must travel with their own adult.',
    km: 'ទារកម្នាក់ៗត្រូវធ្វើដំណើរជាមួយមនុស្សពេញវ័យម្នាក់។',
  },
  'search.passenger_count_invalid': {
    zh: '旅客人数无效',
    en: 'The number of passengers is not valid.',
    km: 'ចំនួនអ្នកដំណើរមិនត្រឹមត្រូវ។',
  },
} as const satisfies Record<string, Record<LanguageTag, string>>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** The message for a key in a language, with `{name}` placeholders filled; unknown keys fall back to the generic text. */
export function formatMessage(
  key: string,
  lang: LanguageTag,
  params: Record<string, string | number> = {},
): string {
  const entry = isMessageKey(key) ? messages[key] : messages['common.enter_correct_data'];
  return entry[lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
