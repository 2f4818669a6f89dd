import { html, type MailLang, paragraph, renderLayout } from '../../platform/mail/layout';
import type { OutgoingMail } from '../../platform/mail/mailer';

const TEXTS: Record<
  MailLang,
  { subject: string; title: string; body: (miles: string, date: string) => string }
> = {
  zh: {
    subject: '您的里程即将过期',
    title: '里程即将过期',
    body: (miles, date) =>
      `您账户中有 ${miles} 里程将于 ${date} 过期。请在此之前使用，过期后的里程无法恢复。`,
  },
  en: {
    subject: 'Your miles are about to expire',
    title: 'Miles about to expire',
    body: (miles, date) =>
      `${miles} miles in your account expire on ${date}. Use them before then: expired miles cannot be given back.`,
  },
  km: {
    subject: 'ម៉ាយរបស់អ្នកជិតផុតកំណត់ហើយ',
    title: 'ម៉ាយជិតផុតកំណត់',
    body: (miles, date) =>
      `ម៉ាយចំនួន ${miles} នៅក្នុងគណនីរបស់អ្នកនឹងផុតកំណត់នៅថ្ងៃ ${date}។ សូមប្រើវាមុនពេលនោះ ព្រោះម៉ាយដែលផុតកំណត់មិនអាចស្ដារវិញបានទេ។`,
  },
};

/** The e-mail telling a member how many miles expire and on which (hub-local) day. */
export function expiryNoticeMail(input: {
  to: string;
  lang: MailLang;
  miles: number;
  lastDay: string;
}): OutgoingMail {
  const t = TEXTS[input.lang];
  const text = t.body(input.miles.toLocaleString('en-US'), input.lastDay);
  const { html: page, text: plain } = renderLayout({
    lang: input.lang,
    title: t.title,
    preheader: text,
    body: html`${paragraph(text)}`,
    text,
  });
  return { to: input.to, subject: t.subject, text: plain, html: page };
}
