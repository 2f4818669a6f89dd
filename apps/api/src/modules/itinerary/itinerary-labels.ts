import type { LanguageTag } from '@wings/contracts';

/**
 * Every word of the itinerary PDF and its e-mail, in the three product languages. Wording
 * follows the traveller app's catalogue where it has the same term (apps/web locales).
 */
export interface ItineraryLabels {
  docTitle: string;
  pnr: string;
  orderNo: string;
  issueDate: string;
  issuedBy: string;
  passengers: string;
  name: string;
  type: string;
  ticketNo: string;
  ticketStatus: string;
  passengerTypes: Record<number, string>;
  titles: Record<number, string>;
  ticketStatuses: Record<number, string>;
  flights: string;
  departure: string;
  arrival: string;
  cabin: string;
  cabins: Record<string, string>;
  bookingClass: string;
  fareFamily: string;
  aircraft: string;
  checkInAt: string;
  checkInWindow: string;
  gateCloses: string;
  baggage: string;
  carryOn: string;
  checked: string;
  perPassenger: string;
  checkIn: string;
  checkInNotes: string[];
  payment: string;
  fare: string;
  taxTotal: string;
  addons: string;
  /** One add-on's line (issue 14): what it is, then whose and on which flight. */
  addonSeat: string;
  addonBaggage: string;
  addonPriority: string;
  addonInsurance: string;
  addonUpgrade: string;
  /** Whose and which flight: "{name} · {flight}". */
  addonFor: string;
  /** An add-on bought after ticketing carries its EMD number. */
  addonEmd: string;
  discount: string;
  total: string;
  currency: string;
  notBoardingPass: string;
  page: string;
  mailSubject: string;
  mailIntro: string;
  mailFlights: string;
  mailReminder: string;
}

/** Check-in and boarding times before departure (after-sales-and-loyalty.md §9). */
export const CHECK_IN = {
  opensMinutes: 120,
  closesMinutes: 60,
  gateClosesMinutes: 10,
  arriveMinutes: 120,
} as const;

/** Free baggage per passenger (after-sales-and-loyalty.md §9). */
export const BAGGAGE = { carryOnKg: 7, checkedKg: 20 } as const;

export const LABELS: Record<LanguageTag, ItineraryLabels> = {
  zh: {
    docTitle: '电子客票行程单',
    pnr: '订座记录编号（PNR）',
    orderNo: '订单号',
    issueDate: '出票日期',
    issuedBy: '出票航空公司',
    passengers: '旅客信息',
    name: '姓名',
    type: '旅客类型',
    ticketNo: '电子客票号',
    ticketStatus: '客票状态',
    passengerTypes: { 1: '成人', 2: '儿童', 3: '婴儿' },
    titles: { 0: '先生', 1: '小姐', 2: '女士' },
    ticketStatuses: {
      0: '已出票',
      1: '已退票',
      2: '已改签',
      3: '已取消',
      4: '退票中',
      5: '出票异常',
      6: '改签中',
    },
    flights: '航班信息',
    departure: '出发',
    arrival: '到达',
    cabin: '舱位等级',
    cabins: { Y: '经济舱', C: '公务舱' },
    bookingClass: '订座舱位',
    fareFamily: '票价产品',
    aircraft: '机型',
    checkInAt: '值机（{airport}）',
    checkInWindow: '{opens}–{closes}',
    gateCloses: '登机口关闭 {time}',
    baggage: '免费行李额',
    carryOn: '手提行李 {kg} 公斤',
    checked: '托运行李 {kg} 公斤',
    perPassenger: '每位旅客',
    checkIn: '值机须知',
    checkInNotes: [
      '值机于航班起飞前 2 小时开放，起飞前 60 分钟截止。',
      '登机口于起飞前 10 分钟关闭。',
      '建议您于起飞前 2 小时到达机场，并携带订票时使用的有效证件。',
      '所有时间均为各机场当地时间。',
    ],
    payment: '付款明细',
    fare: '票价',
    taxTotal: '税费合计',
    addons: '附加服务',
    addonSeat: '座位 {seat}',
    addonBaggage: '额外行李 +{kg} 公斤',
    addonPriority: '优先登机',
    addonInsurance: '旅行保险 {plan}',
    addonUpgrade: '无忧退票升级',
    addonFor: '{name} · {flight}',
    addonEmd: 'EMD {emd}',
    discount: '优惠 {code}',
    total: '实付金额',
    currency: '币种',
    notBoardingPass: '本行程单用于确认您的行程及付款，不作为登机凭证。',
    page: '第 {n} / {total} 页',
    mailSubject: '{brand} 电子客票行程单（订座编号 {pnr}）',
    mailIntro: '您好，附件为订单 {orderNo}（订座编号 {pnr}）的电子客票行程单（PDF）。',
    mailFlights: '您的航班',
    mailReminder: '值机于起飞前 2 小时开放，起飞前 60 分钟截止；建议您于起飞前 2 小时到达机场。',
  },
  en: {
    docTitle: 'E-ticket itinerary receipt',
    pnr: 'Booking reference (PNR)',
    orderNo: 'Order number',
    issueDate: 'Date of issue',
    issuedBy: 'Issued by',
    passengers: 'Passengers',
    name: 'Name',
    type: 'Type',
    ticketNo: 'E-ticket number',
    ticketStatus: 'Status',
    passengerTypes: { 1: 'Adult', 2: 'Child', 3: 'Infant' },
    titles: { 0: 'MR', 1: 'MISS', 2: 'MRS' },
    ticketStatuses: {
      0: 'Issued',
      1: 'Refunded',
      2: 'Reissued',
      3: 'Canceled',
      4: 'Refund in progress',
      5: 'Issue error',
      6: 'Change in progress',
    },
    flights: 'Flights',
    departure: 'Departure',
    arrival: 'Arrival',
    cabin: 'Cabin',
    cabins: { Y: 'Economy', C: 'Business' },
    bookingClass: 'Booking class',
    fareFamily: 'Fare family',
    aircraft: 'Aircraft',
    checkInAt: 'Check-in at {airport}',
    checkInWindow: '{opens}–{closes}',
    gateCloses: 'Gate closes {time}',
    baggage: 'Free baggage allowance',
    carryOn: 'Carry-on {kg} kg',
    checked: 'Checked {kg} kg',
    perPassenger: 'Per passenger',
    checkIn: 'Check-in',
    checkInNotes: [
      'Check-in opens 2 hours before departure and closes 60 minutes before departure.',
      'The boarding gate closes 10 minutes before departure.',
      'Please arrive at the airport 2 hours before departure with the travel document used for booking.',
      'All times are local to each airport.',
    ],
    payment: 'Payment',
    fare: 'Fare',
    taxTotal: 'Taxes and fees',
    addons: 'Added services',
    addonSeat: 'Seat {seat}',
    addonBaggage: 'Extra baggage +{kg} kg',
    addonPriority: 'Priority boarding',
    addonInsurance: 'Travel insurance {plan}',
    addonUpgrade: 'Enhanced Refundable Ticket',
    addonFor: '{name} · {flight}',
    addonEmd: 'EMD {emd}',
    discount: 'Discount {code}',
    total: 'Total paid',
    currency: 'Currency',
    notBoardingPass: 'This receipt confirms your itinerary and payment; it is not a boarding pass.',
    page: 'Page {n} of {total}',
    mailSubject: '{brand}: your e-ticket itinerary, booking {pnr}',
    mailIntro:
      'Hello, attached is the e-ticket itinerary receipt (PDF) of order {orderNo}, booking reference {pnr}.',
    mailFlights: 'Your flights',
    mailReminder:
      'Check-in opens 2 hours before departure and closes 60 minutes before; please arrive at the airport 2 hours early.',
  },
  km: {
    docTitle: 'កាលវិភាគធ្វើដំណើរ និងបង្កាន់ដៃសំបុត្រអេឡិចត្រូនិក',
    pnr: 'លេខយោងការកក់ (PNR)',
    orderNo: 'លេខបញ្ជាទិញ',
    issueDate: 'កាលបរិច្ឆេទចេញសំបុត្រ',
    issuedBy: 'ចេញដោយ',
    passengers: 'អ្នកដំណើរ',
    name: 'ឈ្មោះ',
    type: 'ប្រភេទ',
    ticketNo: 'លេខសំបុត្រអេឡិចត្រូនិក',
    ticketStatus: 'ស្ថានភាព',
    passengerTypes: { 1: 'មនុស្សពេញវ័យ', 2: 'កុមារ', 3: 'ទារក' },
    titles: { 0: 'លោក', 1: 'កញ្ញា', 2: 'លោកស្រី' },
    ticketStatuses: {
      0: 'បានចេញ',
      1: 'បានសងប្រាក់វិញ',
      2: 'បានចេញឡើងវិញ',
      3: 'បានលុបចោល',
      4: 'កំពុងសងប្រាក់វិញ',
      5: 'ការចេញសំបុត្រមានបញ្ហា',
      6: 'កំពុងផ្លាស់ប្តូរ',
    },
    flights: 'ជើងហោះហើរ',
    departure: 'ចេញដំណើរ',
    arrival: 'មកដល់',
    cabin: 'ថ្នាក់',
    cabins: { Y: 'ថ្នាក់សេដ្ឋកិច្ច', C: 'ថ្នាក់អាជីវកម្ម' },
    bookingClass: 'ថ្នាក់កក់',
    fareFamily: 'ប្រភេទតម្លៃសំបុត្រ',
    aircraft: 'យន្តហោះ',
    checkInAt: 'ការចុះឈ្មោះនៅ {airport}',
    checkInWindow: '{opens}–{closes}',
    gateCloses: 'ទ្វារឡើងយន្តហោះបិទ {time}',
    baggage: 'ឥវ៉ាន់ដែលអនុញ្ញាតដោយឥតគិតថ្លៃ',
    carryOn: 'ឥវ៉ាន់យួរដៃ {kg} គីឡូក្រាម',
    checked: 'ឥវ៉ាន់ចុះឈ្មោះ {kg} គីឡូក្រាម',
    perPassenger: 'ក្នុងអ្នកដំណើរម្នាក់',
    checkIn: 'ការចុះឈ្មោះ',
    checkInNotes: [
      'ការចុះឈ្មោះបើក 2 ម៉ោងមុនពេលចេញដំណើរ និងបិទ 60 នាទីមុនពេលចេញដំណើរ។',
      'ទ្វារឡើងយន្តហោះបិទ 10 នាទីមុនពេលចេញដំណើរ។',
      'សូមមកដល់ព្រលានយន្តហោះ 2 ម៉ោងមុនពេលចេញដំណើរ ជាមួយឯកសារធ្វើដំណើរដែលបានប្រើពេលកក់។',
      'ម៉ោងទាំងអស់ជាម៉ោងក្នុងស្រុកនៃព្រលានយន្តហោះនីមួយៗ។',
    ],
    payment: 'ការទូទាត់',
    fare: 'តម្លៃសំបុត្រ',
    taxTotal: 'ពន្ធ និងកម្រៃ',
    addons: 'សេវាបន្ថែម',
    addonSeat: 'កៅអី {seat}',
    addonBaggage: 'ឥវ៉ាន់បន្ថែម +{kg} គ.ក',
    addonPriority: 'ឡើងយន្តហោះមុនគេ',
    addonInsurance: 'ធានារ៉ាប់រងការធ្វើដំណើរ {plan}',
    addonUpgrade: 'ការដំឡើងសំបុត្រអាចសងប្រាក់វិញពេញលេញ',
    addonFor: '{name} · {flight}',
    addonEmd: 'EMD {emd}',
    discount: 'បញ្ចុះតម្លៃ {code}',
    total: 'សរុបបានបង់',
    currency: 'រូបិយប័ណ្ណ',
    notBoardingPass: 'បង្កាន់ដៃនេះបញ្ជាក់ពីដំណើរ និងការទូទាត់របស់អ្នក វាមិនមែនជាប័ណ្ណឡើងយន្តហោះទេ។',
    page: 'ទំព័រ {n} នៃ {total}',
    mailSubject: '{brand}៖ កាលវិភាគធ្វើដំណើររបស់អ្នក លេខយោងការកក់ {pnr}',
    mailIntro:
      'សួស្តី សូមមើលឯកសារភ្ជាប់ (PDF) ដែលជាកាលវិភាគធ្វើដំណើរ និងបង្កាន់ដៃសំបុត្រអេឡិចត្រូនិកនៃការបញ្ជាទិញ {orderNo} លេខយោងការកក់ {pnr}។',
    mailFlights: 'ជើងហោះហើររបស់អ្នក',
    mailReminder: 'ការចុះឈ្មោះបើក 2 ម៉ោងមុនពេលចេញដំណើរ និងបិទ 60 នាទីមុន។ សូមមកដល់ព្រលានយន្តហោះ 2 ម៉ោងមុន។',
  },
};

/** Fills `{name}` placeholders. */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    params[key] === undefined ? whole : String(params[key]),
  );
}
