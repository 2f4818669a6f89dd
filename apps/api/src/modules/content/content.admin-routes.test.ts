import { randomUUID } from 'node:crypto';
import { allAppTexts } from '@wings/contracts/app-texts/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { expectOnlyRoles, type SignedInStaff, signInStaff } from '../../../test/support/staff';

const { en: appEn, km: appKm, zh: appZh } = allAppTexts;

interface Reply {
  status: number;
  code: string;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  data: any;
}

interface Entry {
  key: string;
  appKey: boolean;
  hasRow: boolean;
  missing: string[];
  overridden: string[];
}

describe('staff console: translations (/api/admin/content/translations)', () => {
  let t: TestApp;
  let editor: SignedInStaff;
  let auditor: SignedInStaff;
  // Keys of this run's own, so runs and other tests never meet.
  const tag = randomUUID().slice(0, 8).replace(/-/g, '');
  const key = `test_${tag}.banner_title`;
  // App texts this file overrides and resets (no other test touches them).
  const plain = 'home.why_title';
  const withCity = 'home.fly_to';

  async function call(
    who: SignedInStaff,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ): Promise<Reply> {
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

  async function auditRows(target: string) {
    const { rows } = await t.database.pool.query(
      `select action, staff_id::text, before, after, reason, ip from audit_log
        where target_type = 'translation' and target_id = $1 order by id`,
      [target],
    );
    return rows;
  }

  const keysOf = (reply: Reply) => reply.data.list.map((r: Entry) => r.key);

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signInStaff(t, ['content_editor']);
    auditor = await signInStaff(t, ['auditor']);
    // A run stopped half-way may have left an override behind.
    await t.database.pool.query(`delete from translations where platform = 1 and code = any($1)`, [
      [plain, withCity],
    ]);
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
    await expectOnlyRoles(
      t,
      {
        method: 'POST',
        url: '/api/admin/content/translations/1/home.x/reset',
        payload: { reason: 1 },
      },
      ['admin', 'content_editor'],
    );
  });

  it('lists every text of the app, with the back office’s rows, a page at a time by key', async () => {
    const appKeys = Object.keys(appEn).length;
    const first = await call(auditor, 'GET', '/content/translations?pageSize=200');
    expect(first.code, JSON.stringify(first)).toBe('0');
    expect(first.data.keys).toBeGreaterThanOrEqual(appKeys);
    expect(first.data.total).toBe(first.data.keys);
    expect(first.data).toMatchObject({ page: 1, pageSize: 200 });
    expect(first.data.list).toHaveLength(200);
    const second = await call(auditor, 'GET', '/content/translations?pageSize=200&page=2');
    const firstKeys: string[] = keysOf(first);
    const secondKeys: string[] = keysOf(second);
    expect(secondKeys).toHaveLength(200);
    expect(firstKeys.filter((k) => secondKeys.includes(k))).toEqual([]);
    const both = [...firstKeys, ...secondKeys];
    expect(both).toEqual([...both].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const found = await call(auditor, 'GET', `/content/translations?q=${plain}`);
    expect(found.data.list.find((r: Entry) => r.key === plain)).toEqual({
      platform: 1,
      key: plain,
      appKey: true,
      app: { zh: appZh[plain], en: appEn[plain], km: appKm[plain] },
      override: { zh: '', en: '', km: '' },
      hasRow: false,
      overridden: [],
      missing: [],
      updatedAt: null,
    });
    // By the app's own text, in any language.
    const byText = await call(
      auditor,
      'GET',
      `/content/translations?q=${encodeURIComponent(appKm[plain] ?? '')}`,
    );
    expect(keysOf(byText)).toContain(plain);
    const badPage = await call(auditor, 'GET', '/content/translations?pageSize=500');
    expect(badPage.status).toBe(400);
    expect(badPage.message).toContain('pageSize');
  });

  it('adds a key of its own, edits its three texts at once, and queryList serves them; each change audited', async () => {
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
      appKey: false,
      hasRow: true,
      app: { zh: '', en: '', km: '' },
      override: { zh: '新航线', en: 'New route', km: '' },
      overridden: ['zh', 'en'],
      missing: ['km'],
    });

    const twice = await call(editor, 'POST', '/content/translations', { key, zh: 'x', en: 'x', km: 'x' });
    expect(twice.status).toBe(400);
    expect(twice.data.fields[0]).toMatchObject({ field: 'key', key: 'admin.translation_exists' });
    // A key of the app is edited, not added.
    const appKey = await call(editor, 'POST', '/content/translations', {
      key: plain,
      zh: 'x',
      en: 'x',
      km: 'x',
    });
    expect(appKey.status).toBe(400);
    expect(appKey.data.fields[0]).toMatchObject({ field: 'key', key: 'admin.translation_exists' });

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

    const rows = await auditRows(`1:${key}`);
    expect(rows.map((r) => r.action)).toEqual(['translation.create', 'translation.update']);
    expect(rows[0]).toMatchObject({ before: null, reason: 'autumn campaign', staff_id: editor.staff.id });
    expect(rows[1]).toMatchObject({
      before: { zh: '新航线', en: 'New route', km: '' },
      after: { zh: '新航线开通', en: 'A new route opens', km: 'ផ្លូវហោះហើរថ្មីបើកដំណើរការ' },
      ip: '10.7.7.7',
    });

    // Only the app's texts can be reset: a key of the back office's own has nothing to go back to.
    const reset = await call(editor, 'POST', `/content/translations/1/${key}/reset`, {});
    expect(reset.status).toBe(400);
    expect(reset.data.fields[0]).toMatchObject({ field: 'key', key: 'admin.translation_reset_app_only' });
  });

  it('overrides an app text (an empty language keeps the app’s), then resets it; queryList serves only the override; each audited', async () => {
    expect((await queryList()).map((e) => e.internationalCode)).not.toContain(plain);
    const first = await call(editor, 'PUT', `/content/translations/1/${plain}`, {
      zh: '',
      en: 'Every fare comes with',
      km: '',
      reason: 'copy review',
    });
    expect(first.code, JSON.stringify(first)).toBe('0');
    expect(first.data).toMatchObject({
      key: plain,
      appKey: true,
      hasRow: true,
      app: { zh: appZh[plain], en: appEn[plain], km: appKm[plain] },
      override: { zh: '', en: 'Every fare comes with', km: '' },
      overridden: ['en'],
      missing: [],
    });
    expect(await queryList()).toContainEqual({
      internationalCode: plain,
      textCn: '',
      textEn: 'Every fare comes with',
      textKh: '',
    });

    const second = await call(editor, 'PUT', `/content/translations/1/${plain}`, {
      zh: '每张机票都包含',
      en: 'Every fare comes with',
      km: '',
    });
    expect(second.data.overridden).toEqual(['zh', 'en']);

    // Found by the override's text; listed among the edited, not among the untouched.
    const byOverride = await call(
      auditor,
      'GET',
      `/content/translations?q=${encodeURIComponent('fare COMES with')}`,
    );
    expect(keysOf(byOverride)).toEqual([plain]);
    const edited = await call(auditor, 'GET', '/content/translations?q=home.why&edited=true');
    expect(keysOf(edited)).toEqual([plain]);
    const untouched = await call(auditor, 'GET', '/content/translations?q=home.why&edited=false');
    expect(keysOf(untouched)).not.toContain(plain);
    expect(untouched.data.list.length).toBeGreaterThan(0);
    expect(untouched.data.list.every((r: Entry) => !r.hasRow && r.appKey)).toBe(true);
    expect(edited.data.editedTotal).toBeGreaterThanOrEqual(1);

    const reset = await call(editor, 'POST', `/content/translations/1/${plain}/reset`, {
      reason: 'back to the release text',
    });
    expect(reset.code, JSON.stringify(reset)).toBe('0');
    expect(reset.data).toMatchObject({
      key: plain,
      hasRow: false,
      override: { zh: '', en: '', km: '' },
      overridden: [],
      updatedAt: null,
    });
    expect((await queryList()).map((e) => e.internationalCode)).not.toContain(plain);
    const again = await call(editor, 'POST', `/content/translations/1/${plain}/reset`, {});
    expect(again.status).toBe(404);

    const rows = await auditRows(`1:${plain}`);
    expect(rows.map((r) => r.action)).toEqual([
      'translation.update',
      'translation.update',
      'translation.reset',
    ]);
    expect(rows[0]).toMatchObject({
      before: null,
      after: { zh: '', en: 'Every fare comes with', km: '' },
      reason: 'copy review',
      staff_id: editor.staff.id,
    });
    expect(rows[1]).toMatchObject({ before: { zh: '', en: 'Every fare comes with', km: '' } });
    expect(rows[2]).toMatchObject({
      before: { zh: '每张机票都包含', en: 'Every fare comes with', km: '' },
      after: null,
      reason: 'back to the release text',
      ip: '10.7.7.7',
      staff_id: editor.staff.id,
    });
  });

  it('refuses an override that drops or invents a placeholder, naming the language', async () => {
    const dropped = await call(editor, 'PUT', `/content/translations/1/${withCity}`, {
      zh: '飞往{{city}}吧',
      en: 'Fly there',
      km: '',
    });
    expect(dropped.status).toBe(400);
    expect(dropped.data.fields).toEqual([
      {
        field: 'en',
        key: 'admin.translation_placeholders',
        message: 'Keep the placeholders of the app’s text, no more and no fewer: {{city}}.',
      },
    ]);
    const renamed = await call(editor, 'PUT', `/content/translations/1/${withCity}`, {
      zh: '',
      en: '',
      km: 'ហោះទៅ{{town}}',
    });
    expect(renamed.data.fields).toEqual([
      expect.objectContaining({ field: 'km', key: 'admin.translation_placeholders' }),
    ]);
    const invented = await call(editor, 'PUT', `/content/translations/1/${plain}`, {
      zh: '',
      en: 'Hello {{name}}, every fare includes',
      km: '',
    });
    expect(invented.data.fields).toEqual([
      expect.objectContaining({
        field: 'en',
        key: 'admin.translation_placeholders_none',
        message: 'The app’s text has no placeholders: remove {{name}}.',
      }),
    ]);
    // Nothing was written.
    expect(await auditRows(`1:${withCity}`)).toEqual([]);
    const kept = await call(editor, 'PUT', `/content/translations/1/${withCity}`, {
      zh: '',
      en: 'Fly with us to {{city}}',
      km: '',
    });
    expect(kept.code, JSON.stringify(kept)).toBe('0');
    const reset = await call(editor, 'POST', `/content/translations/1/${withCity}/reset`, {});
    expect(reset.code).toBe('0');
  });

  it('searches by key or text and filters the missing ones', async () => {
    const other = `test_${tag}.missing_en`;
    await call(editor, 'POST', '/content/translations', { key: other, zh: '只有中文', en: '', km: '' });
    const byKey = await call(auditor, 'GET', `/content/translations?q=${tag}`);
    expect(keysOf(byKey).sort()).toEqual([key, other].sort());
    const byText = await call(auditor, 'GET', `/content/translations?q=${encodeURIComponent('只有中文')}`);
    expect(keysOf(byText)).toEqual([other]);
    const missingEn = await call(auditor, 'GET', `/content/translations?q=${tag}&missing=en`);
    expect(missingEn.data.list).toEqual([expect.objectContaining({ key: other, missing: ['en', 'km'] })]);
    const missingAny = await call(auditor, 'GET', `/content/translations?missing=any&pageSize=200`);
    expect(missingAny.data.list.length).toBeGreaterThan(0);
    expect(missingAny.data.list.every((r: Entry) => r.missing.length > 0 && !r.appKey)).toBe(true);
    expect(missingAny.data.missingTotal).toBe(missingAny.data.total);
  });

  it('lists only the back office’s rows for another platform', async () => {
    const own = `test_${tag}.console_only`;
    const created = await call(editor, 'POST', '/content/translations', {
      platform: 2,
      key: own,
      zh: '后台',
      en: 'Console',
      km: 'កុងសូល',
    });
    expect(created.code, JSON.stringify(created)).toBe('0');
    const list = await call(auditor, 'GET', '/content/translations?platform=2&pageSize=200');
    expect(keysOf(list)).toContain(own);
    expect(keysOf(list)).not.toContain('tab.home');
    expect(list.data.list.every((r: Entry) => !r.appKey && r.hasRow)).toBe(true);
    expect(list.data.keys).toBe(list.data.editedTotal);
    // The app's keys are not the app's there: editing one that has no row is a 404.
    const elsewhere = await call(editor, 'PUT', `/content/translations/2/${plain}`, {
      zh: 'x',
      en: 'x',
      km: 'x',
    });
    expect(elsewhere.status).toBe(404);
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
    const emptyOverride = await call(editor, 'PUT', `/content/translations/1/${plain}`, {
      zh: '',
      en: '',
      km: '',
    });
    expect(emptyOverride.data.fields[0]).toMatchObject({ field: 'zh', key: 'admin.translation_empty' });
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
