import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ContentRepository } from './content.repository';

describe('translations for the app (international/config/queryList)', () => {
  let t: TestApp;
  const url = '/api/ca/caweb/backend/international/config/queryList';
  beforeAll(async () => {
    t = await createTestApp();
    const repo = new ContentRepository(t.database.db);
    await repo.upsertTranslation(1, { code: 'home.test_banner', zh: '旧', en: 'Old', km: 'ចាស់' });
    await repo.upsertTranslation(1, { code: 'home.test_banner', zh: '新航线', en: 'New route', km: 'ផ្លូវថ្មី' });
    await repo.upsertTranslation(2, { code: 'console.only', zh: '后台', en: 'Console', km: 'កុងសូល' });
  });
  afterAll(() => t.close());

  it('answers the platform’s texts in the spec’s shape, latest edit winning', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: t.headers(), payload: { platform: 1 } });
    const body = res.json();
    expect(body.code).toBe('0');
    expect(body.data.data.list).toContainEqual({
      internationalCode: 'home.test_banner',
      textCn: '新航线',
      textEn: 'New route',
      textKh: 'ផ្លូវថ្មី',
    });
    expect(body.data.data.list.map((e: { internationalCode: string }) => e.internationalCode)).not.toContain(
      'console.only',
    );
  });

  it('defaults to the traveller app without a body', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: t.headers() });
    expect(res.json().data.data.list.length).toBeGreaterThan(0);
  });

  it('names a bad platform', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: t.headers(),
      payload: { platform: 'web' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('platform');
  });
});
