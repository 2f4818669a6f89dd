import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';

interface Reply {
  status: number;
  code: string;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  data: any;
}

describe('staff console: translations (/api/admin/content/translations)', () => {
  let t: TestApp;
  let editor: SignedInStaff;
  let auditor: SignedInStaff;
  // Keys of this run's own, so runs and other tests never meet.
  const tag = randomUUID().slice(0, 8).replace(/-/g, '');
  const key = `test_${tag}.banner_title`;

  async function call(who: SignedInStaff, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    const res = await t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...who.headers, 'x-forwarded-for': '10.7.7.7' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { ...res.json(), status: res.statusCode } as Reply;
  }

  async function queryList(): Promise<
    Array<{ internationalCode: string; textCn: string; textEn: string; textKh: string }>
  > {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ca/caweb/backend/international/config/queryList',
      headers: t.headers(),
      payload: { platform: 1 },
    });
    return res.json().data.data.list;
  }

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signInStaff(t, ['content_editor']);
    auditor = await signInStaff(t, ['auditor']);
  });
  afterAll(() => t.close());

  it('reads for admin, content editor and auditor; changes for admin and content editor', async () => {
    await expectOnlyRoles(t, { method: 'GET', url: '/api/admin/content/translations' }, [
      'admin',
      'content_editor',
      'auditor',
    ]);
    await expectOnlyRoles(
      t,
      { method: 'POST', url: '/api/admin/content/translations', payload: { bad: 1 } },
      ['admin', 'content_editor'],
    );
    await expectOnlyRoles(
      t,
      { method: 'PUT', url: '/api/admin/content/translations/1/home.x', payload: { bad: 1 } },
      ['admin', 'content_editor'],
    );
  });

  it('adds a key, edits its three texts at once, and queryList serves them; each change audited', async () => {
    const created = await call(editor, 'POST', '/content/translations', {
      key,
      zh: '新航线',
      en: 'New route',
      km: '',
      reason: 'autumn campaign',
    });
    expect(created.code, JSON.stringify(created)).toBe('0');
    expect(created.data).toMatchObject({
      platform: 1,
      key,
      zh: '新航线',
      en: 'New route',
      km: '',
      missing: ['km'],
    });

    const twice = await call(editor, 'POST', '/content/translations', { key, zh: 'x', en: 'x', km: 'x' });
    expect(twice.status).toBe(400);
    expect(twice.data.fields[0]).toMatchObject({ field: 'key', key: 'admin.translation_exists' });

    const updated = await call(editor, 'PUT', `/content/translations/1/${key}`, {
      zh: '新航线开通',
      en: 'A new route opens',
      km: 'ផ្លូវហោះហើរថ្មីបើកដំណើរការ',
    });
    expect(updated.code, JSON.stringify(updated)).toBe('0');
    expect(updated.data.missing).toEqual([]);
    expect(await queryList()).toContainEqual({
      internationalCode: key,
      textCn: '新航线开通',
      textEn: 'A new route opens',
      textKh: 'ផ្លូវហោះហើរថ្មីបើកដំណើរការ',
    });

    const { rows } = await t.database.pool.query(
      `select action, staff_id::text, before, after, reason, ip from audit_log
        where target_type = 'translation' and target_id = $1 order by id`,
      [`1:${key}`],
    );
    expect(rows.map((r) => r.action)).toEqual(['translation.create', 'translation.update']);
    expect(rows[0]).toMatchObject({ before: null, reason: 'autumn campaign', staff_id: editor.staff.id });
    expect(rows[1]).toMatchObject({
      before: { zh: '新航线', en: 'New route', km: '' },
      after: { zh: '新航线开通', en: 'A new route opens', km: 'ផ្លូវហោះហើរថ្មីបើកដំណើរការ' },
      ip: '10.7.7.7',
    });
  });

  it('searches by key or text and filters the missing ones', async () => {
    const other = `test_${tag}.missing_en`;
    await call(editor, 'POST', '/content/translations', { key: other, zh: '只有中文', en: '', km: '' });
    const byKey = await call(auditor, 'GET', `/content/translations?q=${tag}`);
    expect(byKey.data.list.map((r: { key: string }) => r.key).sort()).toEqual([key, other].sort());
    const byText = await call(auditor, 'GET', `/content/translations?q=${encodeURIComponent('只有中文')}`);
    expect(byText.data.list.map((r: { key: string }) => r.key)).toEqual([other]);
    const missingEn = await call(auditor, 'GET', `/content/translations?q=${tag}&missing=en`);
    expect(missingEn.data.list).toEqual([expect.objectContaining({ key: other, missing: ['en', 'km'] })]);
    const missingAny = await call(auditor, 'GET', `/content/translations?missing=any`);
    expect(missingAny.data.list.every((r: { missing: string[] }) => r.missing.length > 0)).toBe(true);
    expect(missingAny.data.missingTotal).toBeGreaterThanOrEqual(1);
  });

  it('names the field of a bad key or an empty row, and answers 404 for an unknown key', async () => {
    const bad = await call(editor, 'POST', '/content/translations', {
      key: 'Home Banner',
      zh: 'x',
      en: 'x',
      km: 'x',
    });
    expect(bad.data.fields[0]).toMatchObject({ field: 'key', key: 'admin.translation_key_format' });
    const empty = await call(editor, 'POST', '/content/translations', {
      key: `test_${tag}.empty`,
      zh: ' ',
      en: '',
      km: '',
    });
    expect(empty.data.fields[0]).toMatchObject({ field: 'zh', key: 'admin.translation_empty' });
    const unknown = await call(editor, 'PUT', `/content/translations/1/test_${tag}.nothing`, {
      zh: 'x',
      en: 'x',
      km: 'x',
    });
    expect(unknown.status).toBe(404);
    const missingField = await call(editor, 'PUT', `/content/translations/1/${key}`, { zh: 'x', en: 'x' });
    expect(missingField.status).toBe(400);
    expect(missingField.data.fields[0].field).toBe('km');
  });
});
