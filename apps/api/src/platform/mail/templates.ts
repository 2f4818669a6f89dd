import { BRAND_NAME, BRAND_NAVY, html, type MailLang, paragraph, renderLayout } from './layout';
import type { OutgoingMail } from './mailer';

export type EmailCodePurpose = 'register' | 'reset' | 'bind' | 'verify';

interface CodeTexts {
  subject: string;
  title: string;
  intro: string;
}

const CODE_TEXTS: Record<MailLang, Record<EmailCodePurpose, CodeTexts>> = {
  zh: {
    register: {
      subject: '之翼航空 注册验证码',
      title: '完成注册',
      intro: '您正在注册之翼航空账户。请在注册页面输入以下验证码：',
    },
    reset: {
      subject: '之翼航空 重置密码验证码',
      title: '重置密码',
      intro: '您正在重置之翼航空账户的密码。请在页面输入以下验证码：',
    },
    bind: {
      subject: '之翼航空 绑定邮箱验证码',
      title: '绑定邮箱',
      intro: '您正在将此邮箱绑定到您的之翼航空账户。请在页面输入以下验证码：',
    },
    verify: {
      subject: '之翼航空 邮箱验证码',
      title: '验证邮箱',
      intro: '您正在验证此邮箱地址。请在页面输入以下验证码：',
    },
  },
  en: {
    register: {
      subject: 'Wings Airways: your registration code',
      title: 'Finish creating your account',
      intro: 'You are creating a Wings Airways account. Enter this code on the registration page:',
    },
    reset: {
      subject: 'Wings Airways: your password reset code',
      title: 'Reset your password',
      intro: 'You asked to reset the password of your Wings Airways account. Enter this code to continue:',
    },
    bind: {
      subject: 'Wings Airways: your code to link this e-mail',
      title: 'Link this e-mail to your account',
      intro: 'You are linking this e-mail address to your Wings Airways account. Enter this code to confirm:',
    },
    verify: {
      subject: 'Wings Airways: your e-mail verification code',
      title: 'Confirm your e-mail address',
      intro: 'You are confirming this e-mail address. Enter this code to continue:',
    },
  },
  km: {
    register: {
      subject: 'វីងស៍ អ៊ែរវេស៍៖ លេខកូដចុះឈ្មោះរបស់អ្នក',
      title: 'បញ្ចប់ការបង្កើតគណនីរបស់អ្នក',
      intro: 'អ្នកកំពុងបង្កើតគណនី វីងស៍ អ៊ែរវេស៍។ សូមបញ្ចូលលេខកូដនេះនៅលើទំព័រចុះឈ្មោះ៖',
    },
    reset: {
      subject: 'វីងស៍ អ៊ែរវេស៍៖ លេខកូដកំណត់ពាក្យសម្ងាត់ឡើងវិញ',
      title: 'កំណត់ពាក្យសម្ងាត់របស់អ្នកឡើងវិញ',
      intro: 'អ្នកបានស្នើសុំកំណត់ពាក្យសម្ងាត់នៃគណនី វីងស៍ អ៊ែរវេស៍ ឡើងវិញ។ សូមបញ្ចូលលេខកូដនេះដើម្បីបន្ត៖',
    },
    bind: {
      subject: 'វីងស៍ អ៊ែរវេស៍៖ លេខកូដសម្រាប់ភ្ជាប់អ៊ីមែលនេះ',
      title: 'ភ្ជាប់អ៊ីមែលនេះទៅគណនីរបស់អ្នក',
      intro: 'អ្នកកំពុងភ្ជាប់អាសយដ្ឋានអ៊ីមែលនេះទៅគណនី វីងស៍ អ៊ែរវេស៍ របស់អ្នក។ សូមបញ្ចូលលេខកូដនេះដើម្បីបញ្ជាក់៖',
    },
    verify: {
      subject: 'វីងស៍ អ៊ែរវេស៍៖ លេខកូដផ្ទៀងផ្ទាត់អ៊ីមែល',
      title: 'បញ្ជាក់អាសយដ្ឋានអ៊ីមែលរបស់អ្នក',
      intro: 'អ្នកកំពុងបញ្ជាក់អាសយដ្ឋានអ៊ីមែលនេះ។ សូមបញ្ចូលលេខកូដនេះដើម្បីបន្ត៖',
    },
  },
};

const COMMON: Record<
  MailLang,
  { greeting: string; codeLabel: string; validity: (m: number) => string; notYou: string; neverShare: string }
> = {
  zh: {
    greeting: '您好，',
    codeLabel: '验证码',
    validity: (m) => `验证码 ${m} 分钟内有效，仅可使用一次。`,
    notYou: '如果这不是您本人的操作，请忽略此邮件，您的账户不会有任何变化。',
    neverShare: '请勿将验证码告诉任何人，包括我们的工作人员。',
  },
  en: {
    greeting: 'Hello,',
    codeLabel: 'Your code',
    validity: (m) => `The code is valid for ${m} minutes and can be used once.`,
    notYou: "If this wasn't you, you can ignore this e-mail; nothing changes on your account.",
    neverShare: 'Never share this code with anyone, including our staff.',
  },
  km: {
    greeting: 'សួស្តី',
    codeLabel: 'លេខកូដរបស់អ្នក',
    validity: (m) => `លេខកូដនេះមានសុពលភាព ${m} នាទី ហើយអាចប្រើបានតែម្តងប៉ុណ្ណោះ។`,
    notYou: 'ប្រសិនបើមិនមែនជាអ្នកទេ អ្នកអាចមិនអើពើនឹងអ៊ីមែលនេះបាន គណនីរបស់អ្នកនឹងមិនមានការផ្លាស់ប្តូរអ្វីឡើយ។',
    neverShare: 'កុំចែករំលែកលេខកូដនេះជាមួយនរណាម្នាក់ឡើយ សូម្បីតែបុគ្គលិករបស់យើងក៏ដោយ។',
  },
};

/** The mail carrying a 6-digit e-mail code, in the traveller's language (issue 3). */
export function emailCodeMail(input: {
  to: string;
  code: string;
  purpose: EmailCodePurpose;
  lang: MailLang;
  validMinutes: number;
}): OutgoingMail {
  const { lang, code, validMinutes } = input;
  const t = CODE_TEXTS[lang][input.purpose];
  const c = COMMON[lang];
  // Spacing letters apart breaks Khmer shaping; Latin labels get small caps-like tracking.
  const labelSpacing = lang === 'en' ? 'letter-spacing:1px;text-transform:uppercase;' : '';
  const body = html`${paragraph(c.greeting)}${paragraph(t.intro)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;">
  <tr>
    <td align="center" style="background:#e8edf8;border:1px solid #cfd8ee;border-radius:12px;padding:20px 12px;">
      <div style="font-size:12px;${labelSpacing}color:#5b6478;margin-bottom:6px;">${c.codeLabel}</div>
      <div class="code" style="font-family:'SFMono-Regular',Consolas,'Liberation Mono',Menlo,monospace;font-size:36px;font-weight:700;letter-spacing:10px;color:${BRAND_NAVY};">${code}</div>
    </td>
  </tr>
</table>
${paragraph(c.validity(validMinutes))}${paragraph(c.notYou, { muted: true })}${paragraph(c.neverShare, { muted: true })}`;
  const text = [
    c.greeting,
    '',
    t.intro,
    '',
    `    ${code}`,
    '',
    c.validity(validMinutes),
    '',
    c.notYou,
    c.neverShare,
  ].join('\n');
  const rendered = renderLayout({
    lang,
    title: t.title,
    preheader: `${c.validity(validMinutes)} ${BRAND_NAME[lang]}`,
    body,
    text,
  });
  return { to: input.to, subject: t.subject, text: rendered.text, html: rendered.html };
}

/** Why a payment went back to the traveller (payment_refunds.reason). */
/** Why money goes back; `ticket_refund`: an add-on bought after ticketing, refunded with its ticket (issue 14). */
export type RefundReason = 'seats_gone' | 'duplicate_payment' | 'staff' | 'ticket_refund' | 'refund_order';

interface RefundTexts {
  subject: (orderNo: string) => string;
  title: string;
  greeting: (name: string) => string;
  intro: (money: string, orderNo: string) => string;
  reasons: Record<RefundReason, string>;
  orderLabel: string;
  amountLabel: string;
  timing: string;
  contact: string;
}

const REFUND_TEXTS: Record<MailLang, RefundTexts> = {
  zh: {
    subject: (orderNo) => `之翼航空 订单 ${orderNo} 退款通知`,
    title: '您的付款已退回',
    greeting: (name) => `尊敬的 ${name}：`,
    intro: (money, orderNo) => `您为订单 ${orderNo} 支付的 ${money} 已原路退回。`,
    reasons: {
      seats_gone: '这笔付款在订单支付时限之后才到账，当时航班座位已不再保留，订单无法确认，因此全额退回。',
      duplicate_payment: '该订单此前已支付成功，这笔重复付款已全额退回。您的订单和机票不受影响。',
      staff: '这笔付款已由我们的客服人员办理退款。',
      ticket_refund: '您的机票已退票，为该机票购买的附加服务随之退款。',
      refund_order: '您的退票申请已办理完成，这是退还给您的票款。',
    },
    orderLabel: '订单号',
    amountLabel: '退款金额',
    timing: '到账时间取决于您的银行或支付机构，通常为 1 至 15 个工作日。',
    contact: '如有疑问，请联系客服并提供订单号。',
  },
  en: {
    subject: (orderNo) => `Wings Airways: refund for order ${orderNo}`,
    title: 'Your payment has been refunded',
    greeting: (name) => `Dear ${name},`,
    intro: (money, orderNo) =>
      `We have refunded ${money} to the card or account you paid order ${orderNo} with.`,
    reasons: {
      seats_gone:
        "Your payment reached us after the order's payment deadline, when its seats were no longer held, so the booking could not be confirmed and the full amount goes back to you.",
      duplicate_payment:
        'This order had already been paid, so this second payment goes back to you in full. Your booking and tickets are not affected.',
      staff: 'Our customer service has refunded this payment.',
      ticket_refund: 'Your ticket was refunded, and with it this add-on bought for it.',
      refund_order: 'Your refund request was approved: this is the money of the refunded tickets.',
    },
    orderLabel: 'Order number',
    amountLabel: 'Refunded',
    timing:
      'Depending on your bank or payment provider, the money usually arrives within 1 to 15 business days.',
    contact: 'If you have any questions, contact customer service with your order number.',
  },
  km: {
    subject: (orderNo) => `វីងស៍ អ៊ែរវេស៍៖ ការសងប្រាក់វិញសម្រាប់ការបញ្ជាទិញ ${orderNo}`,
    title: 'ការទូទាត់របស់អ្នកត្រូវបានសងវិញហើយ',
    greeting: (name) => `ជូនចំពោះ ${name}`,
    intro: (money, orderNo) => `យើងបានសងប្រាក់ ${money} ទៅកាត ឬគណនីដែលអ្នកបានប្រើបង់ការបញ្ជាទិញ ${orderNo} វិញហើយ។`,
    reasons: {
      seats_gone:
        'ការទូទាត់របស់អ្នកបានមកដល់យើងក្រោយពេលផុតកំណត់បង់ប្រាក់ នៅពេលកៅអីលែងត្រូវបានរក្សាទុក ដូច្នេះការកក់មិនអាចបញ្ជាក់បាន ហើយប្រាក់ទាំងអស់ត្រូវបានសងវិញ។',
      duplicate_payment:
        'ការបញ្ជាទិញនេះត្រូវបានបង់ប្រាក់រួចហើយ ដូច្នេះការទូទាត់លើកទីពីរនេះត្រូវបានសងវិញទាំងស្រុង។ ការកក់ និងសំបុត្ររបស់អ្នកមិនរងផលប៉ះពាល់ទេ។',
      staff: 'សេវាអតិថិជនរបស់យើងបានសងការទូទាត់នេះវិញ។',
      ticket_refund: 'សំបុត្ររបស់អ្នកត្រូវបានសងប្រាក់វិញ ហើយសេវាបន្ថែមដែលបានទិញសម្រាប់វាក៏ត្រូវបានសងវិញដែរ។',
      refund_order: 'សំណើសងប្រាក់វិញរបស់អ្នកត្រូវបានអនុម័ត៖ នេះជាប្រាក់នៃសំបុត្រដែលបានសងវិញ។',
    },
    orderLabel: 'លេខបញ្ជាទិញ',
    amountLabel: 'ចំនួនទឹកប្រាក់ដែលបានសង',
    timing: 'អាស្រ័យលើធនាគារ ឬអ្នកផ្តល់សេវាទូទាត់របស់អ្នក ប្រាក់ជាធម្មតានឹងចូលក្នុងរយៈពេល 1 ទៅ 15 ថ្ងៃធ្វើការ។',
    contact: 'ប្រសិនបើអ្នកមានសំណួរ សូមទាក់ទងសេវាអតិថិជនដោយផ្តល់លេខបញ្ជាទិញរបស់អ្នក។',
  },
};

/** Minor units as the app shows money (spec §9): 2 decimals, thousands separators, e.g. "USD 1,234.50". */
export function formatMoney(amount: number, currency: string): string {
  const whole = Math.floor(Math.abs(amount) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(Math.abs(amount) % 100).padStart(2, '0');
  return `${currency} ${amount < 0 ? '-' : ''}${whole}.${cents}`;
}

/** The notice that a payment went back to the traveller, in the order's language (issue 5, refunds). */
export function refundNoticeMail(input: {
  to: string;
  lang: MailLang;
  contactName: string;
  orderNo: string;
  amount: number;
  currency: string;
  reason: RefundReason;
}): OutgoingMail {
  const t = REFUND_TEXTS[input.lang];
  const money = formatMoney(input.amount, input.currency);
  const row = (label: string, value: string) => html`<tr>
    <td style="padding:6px 0;font-size:13px;color:#5b6478;">${label}</td>
    <td align="right" style="padding:6px 0;font-size:15px;font-weight:700;color:${BRAND_NAVY};">${value}</td>
  </tr>`;
  const body = html`${paragraph(t.greeting(input.contactName))}${paragraph(t.intro(money, input.orderNo))}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 18px;background:#e8edf8;border:1px solid #cfd8ee;border-radius:12px;">
  <tr><td style="padding:12px 18px;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
      ${row(t.orderLabel, input.orderNo)}${row(t.amountLabel, money)}
    </table>
  </td></tr>
</table>
${paragraph(t.reasons[input.reason])}${paragraph(t.timing)}${paragraph(t.contact, { muted: true })}`;
  const text = [
    t.greeting(input.contactName),
    '',
    t.intro(money, input.orderNo),
    '',
    `${t.orderLabel}: ${input.orderNo}`,
    `${t.amountLabel}: ${money}`,
    '',
    t.reasons[input.reason],
    '',
    t.timing,
    t.contact,
  ].join('\n');
  const rendered = renderLayout({
    lang: input.lang,
    title: t.title,
    preheader: `${t.intro(money, input.orderNo)} ${BRAND_NAME[input.lang]}`,
    body,
    text,
  });
  return { to: input.to, subject: t.subject(input.orderNo), text: rendered.text, html: rendered.html };
}

/** A step of an online refund the traveller is told about (issue 15, modules/refunds). */
export type RefundStepMail = 'applied' | 'approved' | 'rejected' | 'refunded';

interface RefundStepTexts {
  subject: (refundNo: string) => string;
  greeting: (name: string) => string;
  titles: Record<RefundStepMail, string>;
  intros: Record<RefundStepMail, (refundNo: string, orderNo: string) => string>;
  refundLabel: string;
  orderLabel: string;
  amountLabel: string;
  feeLabel: string;
  reasonLabel: string;
  nextLabel: string;
  contact: string;
}

const REFUND_STEP_TEXTS: Record<MailLang, RefundStepTexts> = {
  zh: {
    subject: (no) => `之翼航空 退票单 ${no} 进度通知`,
    greeting: (name) => `尊敬的 ${name}：`,
    titles: {
      applied: '我们已收到您的退票申请',
      approved: '您的退票申请已审核通过',
      rejected: '您的退票申请未通过审核',
      refunded: '您的退款已完成',
    },
    intros: {
      applied: (no, order) => `您为订单 ${order} 提交的退票申请 ${no} 已受理，正在等待审核。`,
      approved: (no, order) => `订单 ${order} 的退票申请 ${no} 已审核通过，机票已退票，退款正在原路退回。`,
      rejected: (no, order) => `很抱歉，订单 ${order} 的退票申请 ${no} 未通过审核，您的机票保持有效。`,
      refunded: (no, order) => `订单 ${order} 的退票申请 ${no} 的全部款项已原路退回。`,
    },
    refundLabel: '退票单号',
    orderLabel: '订单号',
    amountLabel: '实退金额',
    feeLabel: '手续费',
    reasonLabel: '原因',
    nextLabel: '预计完成时间',
    contact: '如有疑问，请联系客服并提供退票单号。',
  },
  en: {
    subject: (no) => `Wings Airways: refund ${no} update`,
    greeting: (name) => `Dear ${name},`,
    titles: {
      applied: 'We have received your refund request',
      approved: 'Your refund request is approved',
      rejected: 'Your refund request was not approved',
      refunded: 'Your refund is complete',
    },
    intros: {
      applied: (no, order) =>
        `Your refund request ${no} for order ${order} is received and waiting for audit.`,
      approved: (no, order) =>
        `Your refund request ${no} for order ${order} is approved: the tickets are refunded and the money is on its way back to how you paid.`,
      rejected: (no, order) =>
        `We are sorry: your refund request ${no} for order ${order} was not approved. Your tickets remain valid.`,
      refunded: (no, order) =>
        `All the money of refund ${no} for order ${order} has been returned to how you paid.`,
    },
    refundLabel: 'Refund number',
    orderLabel: 'Order number',
    amountLabel: 'Amount refunded',
    feeLabel: 'Handling fee',
    reasonLabel: 'Reason',
    nextLabel: 'Expected by',
    contact: 'If you have any questions, contact customer service with your refund number.',
  },
  km: {
    subject: (no) => `Wings Airways៖ ព័ត៌មានថ្មីនៃការសងប្រាក់វិញ ${no}`,
    greeting: (name) => `ជូនចំពោះ ${name}`,
    titles: {
      applied: 'យើងបានទទួលសំណើសងប្រាក់វិញរបស់អ្នកហើយ',
      approved: 'សំណើសងប្រាក់វិញរបស់អ្នកត្រូវបានអនុម័ត',
      rejected: 'សំណើសងប្រាក់វិញរបស់អ្នកមិនត្រូវបានអនុម័តទេ',
      refunded: 'ការសងប្រាក់វិញរបស់អ្នកបានបញ្ចប់',
    },
    intros: {
      applied: (no, order) => `សំណើសងប្រាក់វិញ ${no} សម្រាប់ការបញ្ជាទិញ ${order} ត្រូវបានទទួល ហើយកំពុងរង់ចាំការត្រួតពិនិត្យ។`,
      approved: (no, order) =>
        `សំណើសងប្រាក់វិញ ${no} សម្រាប់ការបញ្ជាទិញ ${order} ត្រូវបានអនុម័ត៖ សំបុត្រត្រូវបានសងវិញ ហើយប្រាក់កំពុងត្រឡប់ទៅវិធីដែលអ្នកបានបង់។`,
      rejected: (no, order) =>
        `សូមអភ័យទោស៖ សំណើសងប្រាក់វិញ ${no} សម្រាប់ការបញ្ជាទិញ ${order} មិនត្រូវបានអនុម័តទេ។ សំបុត្ររបស់អ្នកនៅតែមានសុពលភាព។`,
      refunded: (no, order) =>
        `ប្រាក់ទាំងអស់នៃការសងប្រាក់វិញ ${no} សម្រាប់ការបញ្ជាទិញ ${order} ត្រូវបានបង្វិលទៅវិធីដែលអ្នកបានបង់វិញហើយ។`,
    },
    refundLabel: 'លេខសងប្រាក់វិញ',
    orderLabel: 'លេខបញ្ជាទិញ',
    amountLabel: 'ចំនួនទឹកប្រាក់សងវិញ',
    feeLabel: 'ថ្លៃសេវា',
    reasonLabel: 'ហេតុផល',
    nextLabel: 'រំពឹងថានឹងបញ្ចប់នៅ',
    contact: 'ប្រសិនបើអ្នកមានសំណួរ សូមទាក់ទងសេវាអតិថិជនដោយផ្តល់លេខសងប្រាក់វិញរបស់អ្នក។',
  },
};

/**
 * A step of an online refund (issue 15): received, approved, rejected (with staff's reason) or
 * complete, in the order's language, with the amounts and, while a step is to come, when it is
 * promised (a local time the caller formats in the hub's zone).
 */
export function refundStepMail(input: {
  to: string;
  lang: MailLang;
  step: RefundStepMail;
  contactName: string;
  refundNo: string;
  orderNo: string;
  actual: number;
  handlingFee: number;
  currency: string;
  /** Staff's reason of a rejection. */
  reason?: string | null;
  /** The promise of the next step, already formatted (e.g. "2026-12-02 10:00 (GMT+7)"). */
  expectedBy?: string | null;
}): OutgoingMail {
  const t = REFUND_STEP_TEXTS[input.lang];
  const intro = t.intros[input.step](input.refundNo, input.orderNo);
  const rows: Array<[string, string]> = [
    [t.refundLabel, input.refundNo],
    [t.orderLabel, input.orderNo],
    [t.amountLabel, formatMoney(input.actual, input.currency)],
    [t.feeLabel, formatMoney(input.handlingFee, input.currency)],
  ];
  if (input.reason) rows.push([t.reasonLabel, input.reason]);
  if (input.expectedBy) rows.push([t.nextLabel, input.expectedBy]);
  const row = ([label, value]: [string, string]) => html`<tr>
    <td style="padding:6px 0;font-size:13px;color:#5b6478;">${label}</td>
    <td align="right" style="padding:6px 0;font-size:15px;font-weight:700;color:${BRAND_NAVY};">${value}</td>
  </tr>`;
  const body = html`${paragraph(t.greeting(input.contactName))}${paragraph(intro)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 18px;background:#e8edf8;border:1px solid #cfd8ee;border-radius:12px;">
  <tr><td style="padding:12px 18px;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
      ${rows.map(row)}
    </table>
  </td></tr>
</table>
${paragraph(t.contact, { muted: true })}`;
  const text = [
    t.greeting(input.contactName),
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    t.contact,
  ].join('\n');
  const rendered = renderLayout({
    lang: input.lang,
    title: t.titles[input.step],
    preheader: `${intro} ${BRAND_NAME[input.lang]}`,
    body,
    text,
  });
  return { to: input.to, subject: t.subject(input.refundNo), text: rendered.text, html: rendered.html };
}
