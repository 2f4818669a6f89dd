import { OrderPayStatus } from '@wings/contracts';
import { toLocalIso } from '@wings/rules';
import type { Executor } from '../../platform/db';
import {
  BRAND_NAME,
  BRAND_NAVY,
  html,
  type MailLang,
  paragraph,
  renderLayout,
} from '../../platform/mail/layout';
import type { OutgoingMail } from '../../platform/mail/mailer';
import { FlightOrdersRepository, type OrderOnFlight } from './flight-orders.repository';
import { recordOrderEvent } from './order-lifecycle';

export type { OrderOnFlight } from './flight-orders.repository';

/**
 * Booking's side of a change to a dated flight made by staff (issue 13, "Network and flights"):
 * every order on the flight gets an event in its history, a retime moves the orders' segments to
 * the new times, and the travellers of paid orders are told by e-mail in the order's language.
 * The e-mail tells them what they may do on their ticket detail (issue 16, modules/changes): keep
 * a retimed flight, move free of charge to another flight within 3 days, or a full refund.
 */

/** What happened to the flight, as the orders' history and the travellers' e-mails tell it. */
export interface FlightChange {
  kind: 'retimed' | 'canceled';
  flightId: string;
  flightNo: string;
  origin: string;
  destination: string;
  originZone: string;
  destinationZone: string;
  /** The times before the change, and (a retime) after it. */
  before: { depUtc: Date; arrUtc: Date };
  after?: { depUtc: Date; arrUtc: Date };
  /** `staff:<id>`. */
  actor: string;
  reason: string;
}

/**
 * In the caller's transaction (the flight's change and its audit row): locks the orders on the
 * flight and writes a `flight_retimed` or `flight_canceled` event to each one not already
 * canceled; a retime also moves their segments to the new times. The orders told.
 */
export async function recordFlightChange(
  tx: Executor,
  change: FlightChange,
  now: Date,
): Promise<OrderOnFlight[]> {
  const repo = new FlightOrdersRepository(tx);
  const orders = (await repo.ordersOnFlight(change.flightId, true)).filter(
    (o) => o.status !== OrderPayStatus.canceled,
  );
  const iso = (d: Date) => d.toISOString();
  const data: Record<string, unknown> = {
    flightId: change.flightId,
    flightNo: change.flightNo,
    before: { depUtc: iso(change.before.depUtc), arrUtc: iso(change.before.arrUtc) },
    ...(change.after
      ? { after: { depUtc: iso(change.after.depUtc), arrUtc: iso(change.after.arrUtc) } }
      : {}),
  };
  for (const order of orders) {
    await recordOrderEvent(
      tx,
      order.orderId,
      {
        type: change.kind === 'retimed' ? 'flight_retimed' : 'flight_canceled',
        actor: change.actor,
        reason: change.reason,
        data,
      },
      now,
    );
  }
  if (change.kind === 'retimed' && change.after) {
    await repo.retimeSegments(change.flightId, change.after.depUtc, change.after.arrUtc, now);
  }
  return orders;
}

/** Every order with a segment on the flight, as it is now (any status). */
export function ordersOnFlight(executor: Executor, flightId: string): Promise<OrderOnFlight[]> {
  return new FlightOrdersRepository(executor).ordersOnFlight(flightId);
}

/** Of some orders, the ids of those still unpaid. */
export function unpaidOrdersAmong(executor: Executor, orderIds: string[]): Promise<Set<string>> {
  return new FlightOrdersRepository(executor).unpaidAmong(orderIds);
}

/** How many orders on the flight are unpaid, paid and canceled. */
export async function flightOrderCounts(
  executor: Executor,
  flightId: string,
): Promise<{ unpaid: number; paid: number; canceled: number }> {
  const counts = await new FlightOrdersRepository(executor).statusCounts(flightId);
  return {
    unpaid: counts[OrderPayStatus.un_paid] ?? 0,
    paid: counts[OrderPayStatus.paid] ?? 0,
    canceled: counts[OrderPayStatus.canceled] ?? 0,
  };
}

const LANGS: readonly MailLang[] = ['zh', 'en', 'km'];

/**
 * The e-mails that tell the travellers of the paid (or ticketed) orders among `orders` of the
 * change: one to the contact and one to each passenger who gave another address, in the order's
 * language. Unpaid orders are not written to: a retime leaves them to be paid at the new times,
 * a cancellation cancels them (the staff console's answer says how many). `appUrl`: where
 * travellers reach the app (PUBLIC_URL), for the link to the order's ticket detail.
 */
export function flightChangeMails(
  orders: OrderOnFlight[],
  change: FlightChange,
  appUrl?: string,
): OutgoingMail[] {
  const mails: OutgoingMail[] = [];
  for (const order of orders) {
    if (order.status !== OrderPayStatus.paid) continue;
    const lang = LANGS[order.language] ?? 'zh';
    const recipients = new Set([
      order.contactEmail.toLowerCase(),
      ...order.passengerEmails.map((e) => e.toLowerCase()),
    ]);
    for (const to of recipients)
      mails.push(
        flightChangeMail({
          to,
          lang,
          name: order.contactName,
          orderNo: order.orderNo,
          change,
          link: appUrl ? ticketDetailUrl(appUrl, order.orderNo) : null,
        }),
      );
  }
  return mails;
}

interface ChangeTexts {
  subject: (kind: FlightChange['kind'], flightNo: string) => string;
  title: Record<FlightChange['kind'], string>;
  greeting: (name: string) => string;
  intro: Record<FlightChange['kind'], (flightNo: string, route: string, orderNo: string) => string>;
  orderLabel: string;
  flightLabel: string;
  wasLabel: string;
  nowLabel: string;
  departs: string;
  arrives: string;
  canceledValue: string;
  /** What the traveller may do (issue 16), on their ticket detail. */
  choicesIntro: string;
  choices: Record<FlightChange['kind'], string[]>;
  linkLabel: string;
}

/** The app's ticket detail of an order (spec §2), where the traveller answers the change. */
export function ticketDetailUrl(appUrl: string, orderNo: string): string {
  return `${appUrl.replace(/\/+$/, '')}/#/pages/ticket/ticket-detail/ticket-detail?orderNo=${encodeURIComponent(orderNo)}`;
}

const TEXTS: Record<MailLang, ChangeTexts> = {
  zh: {
    subject: (kind, flightNo) => `之翼航空 航班 ${flightNo} ${kind === 'retimed' ? '时刻变更' : '取消'}通知`,
    title: { retimed: '您的航班时刻已变更', canceled: '您的航班已取消' },
    greeting: (name) => `尊敬的 ${name}：`,
    intro: {
      retimed: (flightNo, route, orderNo) =>
        `您订单 ${orderNo} 中的航班 ${flightNo}（${route}）起降时刻已变更，新的时刻如下（当地时间）。`,
      canceled: (flightNo, route, orderNo) =>
        `很抱歉，您订单 ${orderNo} 中的航班 ${flightNo}（${route}）已取消。`,
    },
    orderLabel: '订单号',
    flightLabel: '航班',
    wasLabel: '原时刻',
    nowLabel: '新时刻',
    departs: '起飞',
    arrives: '到达',
    canceledValue: '已取消',
    choicesIntro: '航班变更由我们造成，以下选择均不收取任何费用，请在客票详情中办理：',
    choices: {
      retimed: [
        '接受新的时刻（如不作选择，将保留变更后的航班）；',
        '免费改乘原日期前后 3 天内的其他航班；',
        '全额退票，不收取手续费。',
      ],
      canceled: ['免费改乘原日期前后 3 天内的其他航班；', '全额退票，不收取手续费。'],
    },
    linkLabel: '打开客票详情',
  },
  en: {
    subject: (kind, flightNo) =>
      `Wings Airways: flight ${flightNo} ${kind === 'retimed' ? 'has new times' : 'is canceled'}`,
    title: { retimed: 'Your flight has new times', canceled: 'Your flight is canceled' },
    greeting: (name) => `Dear ${name},`,
    intro: {
      retimed: (flightNo, route, orderNo) =>
        `Flight ${flightNo} (${route}) of your order ${orderNo} now flies at new times, shown below in each airport's local time.`,
      canceled: (flightNo, route, orderNo) =>
        `We are sorry: flight ${flightNo} (${route}) of your order ${orderNo} is canceled.`,
    },
    orderLabel: 'Order number',
    flightLabel: 'Flight',
    wasLabel: 'Was',
    nowLabel: 'Now',
    departs: 'departs',
    arrives: 'arrives',
    canceledValue: 'canceled',
    choicesIntro: 'We made this change, so nothing you choose costs anything. On your ticket detail you may:',
    choices: {
      retimed: [
        'accept the new time (if you do nothing, you keep the retimed flight);',
        'move free of charge to another flight within 3 days before or after the original date;',
        'get a full refund, without any fee.',
      ],
      canceled: [
        'move free of charge to another flight within 3 days before or after the original date;',
        'get a full refund, without any fee.',
      ],
    },
    linkLabel: 'Open your ticket detail',
  },
  km: {
    subject: (kind, flightNo) =>
      `វីងស៍ អ៊ែរវេស៍៖ ជើងហោះហើរ ${flightNo} ${kind === 'retimed' ? 'មានម៉ោងថ្មី' : 'ត្រូវបានលុបចោល'}`,
    title: { retimed: 'ជើងហោះហើររបស់អ្នកមានម៉ោងថ្មី', canceled: 'ជើងហោះហើររបស់អ្នកត្រូវបានលុបចោល' },
    greeting: (name) => `ជូនចំពោះ ${name}`,
    intro: {
      retimed: (flightNo, route, orderNo) =>
        `ជើងហោះហើរ ${flightNo} (${route}) នៃការបញ្ជាទិញ ${orderNo} របស់អ្នក ឥឡូវហោះហើរតាមម៉ោងថ្មី ដូចបង្ហាញខាងក្រោមតាមម៉ោងក្នុងស្រុកនៃព្រលានយន្តហោះនីមួយៗ។`,
      canceled: (flightNo, route, orderNo) =>
        `យើងសុំទោស៖ ជើងហោះហើរ ${flightNo} (${route}) នៃការបញ្ជាទិញ ${orderNo} របស់អ្នកត្រូវបានលុបចោល។`,
    },
    orderLabel: 'លេខបញ្ជាទិញ',
    flightLabel: 'ជើងហោះហើរ',
    wasLabel: 'ពីមុន',
    nowLabel: 'ឥឡូវ',
    departs: 'ចេញដំណើរ',
    arrives: 'មកដល់',
    canceledValue: 'បានលុបចោល',
    choicesIntro: 'ការផ្លាស់ប្តូរនេះធ្វើឡើងដោយយើង ដូច្នេះជម្រើសខាងក្រោមមិនគិតថ្លៃអ្វីឡើយ។ នៅលើព័ត៌មានលម្អិតសំបុត្ររបស់អ្នក អ្នកអាច៖',
    choices: {
      retimed: [
        'ទទួលយកម៉ោងថ្មី (បើអ្នកមិនជ្រើសរើស អ្នកនឹងរក្សាជើងហោះហើរដែលបានប្តូរម៉ោង)',
        'ប្តូរដោយឥតគិតថ្លៃទៅជើងហោះហើរផ្សេងក្នុងរយៈពេល 3 ថ្ងៃមុន ឬក្រោយកាលបរិច្ឆេទដើម',
        'ទទួលការសងប្រាក់វិញពេញលេញ ដោយគ្មានថ្លៃសេវា',
      ],
      canceled: [
        'ប្តូរដោយឥតគិតថ្លៃទៅជើងហោះហើរផ្សេងក្នុងរយៈពេល 3 ថ្ងៃមុន ឬក្រោយកាលបរិច្ឆេទដើម',
        'ទទួលការសងប្រាក់វិញពេញលេញ ដោយគ្មានថ្លៃសេវា',
      ],
    },
    linkLabel: 'បើកព័ត៌មានលម្អិតសំបុត្ររបស់អ្នក',
  },
};

/** `2026-12-01 08:30 (Asia/Phnom_Penh)`: a flight time at its airport. */
function atAirport(instant: Date, zone: string): string {
  const local = toLocalIso(instant, zone);
  return `${local.slice(0, 10)} ${local.slice(11, 16)} (${zone})`;
}

function flightChangeMail(input: {
  to: string;
  lang: MailLang;
  name: string;
  orderNo: string;
  change: FlightChange;
  /** The order's ticket detail in the app; null when the app's address is not known. */
  link: string | null;
}): OutgoingMail {
  const { change, lang } = input;
  const t = TEXTS[lang];
  const route = `${change.origin}–${change.destination}`;
  const times = (when: { depUtc: Date; arrUtc: Date }) =>
    `${t.departs} ${change.origin} ${atAirport(when.depUtc, change.originZone)}, ${t.arrives} ${change.destination} ${atAirport(when.arrUtc, change.destinationZone)}`;
  const was = times(change.before);
  const now = change.after ? times(change.after) : t.canceledValue;
  const intro = t.intro[change.kind](change.flightNo, route, input.orderNo);
  const choices = t.choices[change.kind];
  const row = (label: string, value: string) => html`<tr>
    <td style="padding:6px 12px 6px 0;font-size:13px;color:#5b6478;vertical-align:top;">${label}</td>
    <td style="padding:6px 0;font-size:14px;font-weight:700;color:${BRAND_NAVY};">${value}</td>
  </tr>`;
  const body = html`${paragraph(t.greeting(input.name))}${paragraph(intro)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 18px;background:#e8edf8;border:1px solid #cfd8ee;border-radius:12px;">
  <tr><td style="padding:12px 18px;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
      ${row(t.orderLabel, input.orderNo)}${row(t.flightLabel, `${change.flightNo} ${route}`)}${row(t.wasLabel, was)}${row(t.nowLabel, now)}
    </table>
  </td></tr>
</table>
${paragraph(t.choicesIntro)}
<ul style="margin:0 0 14px;padding-left:20px;font-size:15px;line-height:1.65;color:#1b2233;">
  ${choices.map((c) => html`<li>${c}</li>`)}
</ul>
${
  input.link
    ? paragraph(html`<a href="${input.link}" style="color:${BRAND_NAVY};font-weight:700;">${t.linkLabel}</a>`)
    : null
}`;
  const text = [
    t.greeting(input.name),
    '',
    intro,
    '',
    `${t.orderLabel}: ${input.orderNo}`,
    `${t.flightLabel}: ${change.flightNo} ${route}`,
    `${t.wasLabel}: ${was}`,
    `${t.nowLabel}: ${now}`,
    '',
    t.choicesIntro,
    ...choices.map((c) => `- ${c}`),
    ...(input.link ? ['', `${t.linkLabel}: ${input.link}`] : []),
  ].join('\n');
  const rendered = renderLayout({
    lang,
    title: t.title[change.kind],
    preheader: `${intro} ${BRAND_NAME[lang]}`,
    body,
    text,
  });
  return {
    to: input.to,
    subject: t.subject(change.kind, change.flightNo),
    text: rendered.text,
    html: rendered.html,
  };
}
