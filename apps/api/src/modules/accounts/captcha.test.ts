import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('captcha test text (development only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_TEST_TEXT: 'WX7K' } });
  });
  afterAll(() => t.close());

  it('draws the configured text, which then solves it once, in any case', async () => {
    const first = (await t.app.inject({ url: '/api/getCaptcha', headers: t.headers() })).json();
    expect(first.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await t.app.accounts.captchas.verify(first.data.captchaId, 'wx7k')).toBe(true);
    expect(await t.app.accounts.captchas.verify(first.data.captchaId, 'WX7K')).toBe(false);
    const second = (await t.app.inject({ url: '/api/getCaptcha', headers: t.headers() })).json();
    expect(await t.app.accounts.captchas.verify(second.data.captchaId, 'ABCD')).toBe(false);
  });
});
