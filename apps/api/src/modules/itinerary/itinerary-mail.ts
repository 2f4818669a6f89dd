import { formatDate, formatTime } from '@wings/rules';
import {
  BRAND_NAME,
  BRAND_NAVY,
  html,
  type MailLang,
  paragraph,
  renderLayout,
} from '../../platform/mail/layout';
import type { OutgoingMail } from '../../platform/mail/mailer';
import { fill, LABELS } from './itinerary-labels';
import type { ItineraryDocument } from './itinerary-pdf';

/** The e-mail that carries the itinerary PDF: a short summary of the flights, the PDF attached. */
export function itineraryMail(to: string, d: ItineraryDocument, pdf: Buffer): OutgoingMail {
  const lang: MailLang = d.lang;
  const l = LABELS[lang];
  const intro = fill(l.mailIntro, { orderNo: d.orderNo, pnr: d.pnr });
  const legs = d.legs.map((leg) => ({
    flight: leg.flightNo,
    route: `${leg.dep.code} → ${leg.arr.code}`,
    when: `${formatDate(leg.dep.time, lang)} ${formatTime(leg.dep.time)} – ${formatTime(leg.arr.time)}`,
    airports: `${leg.dep.name} → ${leg.arr.name}`,
  }));
  const rows = legs.map(
    (leg) => html`<tr>
  <td style="padding:10px 0;border-top:1px solid #e6e9f0;font-size:15px;font-weight:700;color:${BRAND_NAVY};white-space:nowrap;vertical-align:top;">${leg.flight}</td>
  <td style="padding:10px 0 10px 16px;border-top:1px solid #e6e9f0;font-size:14px;line-height:1.5;color:#1b2233;">
    <strong>${leg.route}</strong> · ${leg.when}<br><span style="color:#5b6478;font-size:13px;">${leg.airports}</span>
  </td>
</tr>`,
  );
  const body = html`${paragraph(intro)}
<p style="margin:18px 0 6px;font-size:13px;font-weight:700;color:#5b6478;">${l.mailFlights}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 18px;">${rows}</table>
${paragraph(l.mailReminder, { muted: true })}`;
  const text = [
    intro,
    '',
    `${l.mailFlights}:`,
    ...legs.map((leg) => `${leg.flight}  ${leg.route}  ${leg.when}\n  ${leg.airports}`),
    '',
    l.mailReminder,
  ].join('\n');
  const { html: page, text: plain } = renderLayout({
    lang,
    title: l.docTitle,
    preheader: intro,
    body,
    text,
  });
  return {
    to,
    subject: fill(l.mailSubject, { brand: BRAND_NAME[lang], pnr: d.pnr }),
    html: page,
    text: plain,
    attachments: [{ filename: `itinerary-${d.pnr}.pdf`, contentType: 'application/pdf', content: pdf }],
  };
}
