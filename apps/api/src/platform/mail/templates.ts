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
