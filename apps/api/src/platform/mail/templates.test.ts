import { describe, expect, it } from 'vitest';
import { escapeHtml, html, renderLayout, trusted } from './layout';
import { emailCodeMail } from './templates';

const LANGS = ['zh', 'en', 'km'] as const;
const PURPOSES = ['register', 'reset', 'bind', 'verify'] as const;

describe('e-mail code mail', () => {
  it.each(LANGS)('is written in %s with the code, validity, service hours and a text part', (lang) => {
    const mail = emailCodeMail({
      to: 'a@example.com',
      code: '123456',
      purpose: 'reset',
      lang,
      validMinutes: 10,
    });
    expect(mail.to).toBe('a@example.com');
    expect(mail.html).toContain('123456');
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('10');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('08:30–17:30');
      expect(part).toContain('09:00–13:00');
      expect(part).toContain('GMT+7');
    }
    expect(mail.html).toContain('#13235b');
    expect(mail.html).toContain('name="viewport"');
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it('speaks each language in its own script', () => {
    const [zh, en, km] = LANGS.map((lang) =>
      emailCodeMail({ to: 'a@example.com', code: '123456', purpose: 'register', lang, validMinutes: 10 }),
    );
    expect(zh?.subject).toMatch(/[\u4e00-\u9fff]/);
    expect(zh?.text).toContain('分钟内有效');
    expect(en?.subject).toBe('Wings Airways: your registration code');
    expect(en?.text).toContain("If this wasn't you");
    expect(km?.subject).toMatch(/[\u1780-\u17ff]/);
    expect(km?.text).toMatch(/[\u1780-\u17ff]/);
    expect(km?.html).toContain('lang="km"');
  });

  it('names what the code is for in the subject', () => {
    const subjects = PURPOSES.map(
      (purpose) =>
        emailCodeMail({ to: 'a@example.com', code: '123456', purpose, lang: 'en', validMinutes: 10 }).subject,
    );
    expect(new Set(subjects).size).toBe(4);
    expect(subjects[1]).toContain('password reset');
  });

  it.each(LANGS)('escapes every interpolated value (%s)', (lang) => {
    const mail = emailCodeMail({
      to: 'a@example.com',
      code: '<script>alert("x")</script>',
      purpose: 'bind',
      lang,
      validMinutes: 10,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });
});

describe('layout helpers', () => {
  it('escapes interpolations unless they are marked trusted', () => {
    const name = `O'Brien & <Co>`;
    expect(escapeHtml(name)).toBe('O&#39;Brien &amp; &lt;Co&gt;');
    expect(html`<b>${name}</b>${trusted('<i>ok</i>')}`.__html).toBe(
      '<b>O&#39;Brien &amp; &lt;Co&gt;</b><i>ok</i>',
    );
  });

  it('wraps a body in the brand layout for later mails', () => {
    const out = renderLayout({
      lang: 'en',
      title: 'Your itinerary <WA101>',
      preheader: 'PNR ABC234',
      body: html`<p>${'Seat 12A'}</p>`,
      text: 'Seat 12A',
    });
    expect(out.html).toContain('<title>Your itinerary &lt;WA101&gt;</title>');
    expect(out.html).toContain('<p>Seat 12A</p>');
    expect(out.text).toContain('Your itinerary <WA101>');
    expect(out.text).toContain('Seat 12A');
  });
});
