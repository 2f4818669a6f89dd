/**
 * The shared look of every e-mail the airline sends (codes now; itineraries, receipts later):
 * a navy brand bar, one white card, a footer with customer-service hours. Table layout and
 * inline styles because mail clients ignore most CSS; one media query narrows it on phones.
 */

export type MailLang = 'zh' | 'en' | 'km';

export const BRAND_NAVY = '#13235b';
export const BRAND_GOLD = '#d99a1e';

export const BRAND_NAME: Record<MailLang, string> = {
  zh: '之翼航空',
  en: 'Wings Airways',
  km: 'វីងស៍ អ៊ែរវេស៍',
};

/** Customer-service hours (booking-and-account.md §1). */
export const SERVICE_HOURS: Record<MailLang, string> = {
  zh: '客服时间：周一至周五 08:30–17:30，周六 09:00–13:00（GMT+7）',
  en: 'Customer service: Monday to Friday 08:30–17:30, Saturday 09:00–13:00 (GMT+7)',
  km: 'សេវាអតិថិជន៖ ថ្ងៃច័ន្ទ ដល់ ថ្ងៃសុក្រ ម៉ោង 08:30–17:30 និងថ្ងៃសៅរ៍ ម៉ោង 09:00–13:00 (GMT+7)',
};

const AUTOMATED: Record<MailLang, string> = {
  zh: '此邮件由系统自动发送，请勿直接回复。',
  en: 'This message was sent automatically; please do not reply to it.',
  km: 'នេះជាសារដែលផ្ញើដោយស្វ័យប្រវត្តិ សូមកុំឆ្លើយតបមកវិញ។',
};

const HTML_LANG: Record<MailLang, string> = { zh: 'zh-CN', en: 'en', km: 'km' };

const FONTS: Record<MailLang, string> = {
  zh: "-apple-system,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans SC',Arial,sans-serif",
  en: "-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif",
  km: "'Noto Sans Khmer','Khmer OS','Khmer OS System','Leelawadee UI',Arial,sans-serif",
};

/** Escapes a value for HTML text and attribute positions. Every interpolated value goes through it. */
export function escapeHtml(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** HTML that is already safe (built from escaped pieces); the layout inserts it as it is. */
export interface SafeHtml {
  readonly __html: string;
}

/** Marks trusted markup; use only on strings assembled with `escapeHtml` or `html`. */
export function trusted(markup: string): SafeHtml {
  return { __html: markup };
}

/** A tagged template that escapes every interpolation unless it is SafeHtml (or a list of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += renderValue(v) + (strings[i + 1] ?? '');
  });
  return { __html: out };
}

function renderValue(v: unknown): string {
  if (v === null || v === undefined || v === false) return '';
  if (Array.isArray(v)) return v.map(renderValue).join('');
  if (typeof v === 'object' && '__html' in (v as object)) return (v as SafeHtml).__html;
  return escapeHtml(String(v));
}

export interface LayoutInput {
  lang: MailLang;
  /** The document title and the heading of the card. */
  title: string;
  /** Shown by mail clients beside the subject; not visible in the body. */
  preheader: string;
  /** The card's content, already safe. */
  body: SafeHtml;
  /** The same content as plain text (without greeting or footer: the layout adds them). */
  text: string;
}

/** Wraps a message in the brand layout; answers the HTML and the matching plain text. */
export function renderLayout(input: LayoutInput): { html: string; text: string } {
  const { lang } = input;
  const brand = BRAND_NAME[lang];
  const font = FONTS[lang];
  const page = html`<!doctype html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${input.title}</title>
<style>
  body { margin: 0; padding: 0; background: #f3f5f9; }
  a { color: ${BRAND_NAVY}; }
  @media (max-width: 620px) {
    .wrap { width: 100% !important; }
    .pad { padding-left: 20px !important; padding-right: 20px !important; }
    .code { font-size: 30px !important; letter-spacing: 6px !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background:#f3f5f9;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${input.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f5f9;">
  <tr>
    <td align="center" style="padding:24px 12px;">
      <table role="presentation" class="wrap" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;max-width:600px;font-family:${font};color:#1b2233;">
        <tr>
          <td class="pad" style="background:${BRAND_NAVY};border-radius:14px 14px 0 0;padding:22px 32px;">
            <span style="display:inline-block;width:10px;height:10px;border-radius:5px;background:${BRAND_GOLD};margin-right:10px;vertical-align:middle;"></span><span style="font-size:20px;font-weight:700;color:#ffffff;letter-spacing:0.5px;vertical-align:middle;">${brand}</span>
          </td>
        </tr>
        <tr>
          <td class="pad" style="background:#ffffff;padding:32px 32px 28px;border-left:1px solid #e6e9f0;border-right:1px solid #e6e9f0;">
            <h1 style="margin:0 0 16px;font-size:22px;line-height:1.35;color:${BRAND_NAVY};">${input.title}</h1>
            ${input.body}
          </td>
        </tr>
        <tr>
          <td class="pad" style="background:#e8edf8;border-radius:0 0 14px 14px;padding:18px 32px;font-size:12px;line-height:1.6;color:#5b6478;">
            <p style="margin:0 0 4px;">${SERVICE_HOURS[lang]}</p>
            <p style="margin:0;">${AUTOMATED[lang]} © ${brand}</p>
          </td>
        </tr>
      </table>
    </td>
  </tr>
</table>
</body>
</html>`;
  const rule = '—'.repeat(24);
  const text = [
    brand,
    rule,
    '',
    input.title,
    '',
    input.text.trim(),
    '',
    rule,
    SERVICE_HOURS[lang],
    AUTOMATED[lang],
    '',
  ].join('\n');
  return { html: page.__html, text };
}

/** A paragraph in the card's body style. */
export function paragraph(content: string | SafeHtml, options: { muted?: boolean } = {}): SafeHtml {
  const color = options.muted ? '#5b6478' : '#1b2233';
  const size = options.muted ? '13px' : '15px';
  return html`<p style="margin:0 0 14px;font-size:${size};line-height:1.65;color:${color};">${content}</p>`;
}
