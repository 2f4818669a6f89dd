import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AdminTranslation, ZAdminTranslation, ZAdminTranslationList } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, renderConsole } from '../../test/render';

const row = (over: Partial<AdminTranslation>): AdminTranslation =>
  ZAdminTranslation.parse({
    platform: 1,
    key: 'home.banner_title',
    zh: '新航线',
    en: 'New routes',
    km: 'ផ្លូវហោះហើរថ្មី',
    missing: [],
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...over,
  });

const ROWS = [row({}), row({ key: 'home.notice', zh: '通知', en: '', km: '', missing: ['en', 'km'] })];

describe('translations', () => {
  test('shows zh, en and km side by side, marks the missing ones and filters them', async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['content_editor']) },
      'GET /content/translations': (call) => {
        const missing = call.query.get('missing');
        const list = missing ? ROWS.filter((r) => r.missing.length > 0) : ROWS;
        return { data: ZAdminTranslationList.parse({ list, total: 2, missingTotal: 1 }) };
      },
    });
    renderConsole('/translations');
    expect(await screen.findByText('New routes')).toBeTruthy();
    expect(screen.getByText('ផ្លូវហោះហើរថ្មី')).toBeTruthy();
    expect(screen.getAllByText('Missing')).toHaveLength(2);
    expect(screen.getByText('Keys: 2 · missing some language: 1')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Show' }));
    fireEvent.click(await screen.findByTitle('Missing some'));
    await waitFor(() => expect(calls.some((c) => c.query.get('missing') === 'any')).toBe(true));
    await waitFor(() => expect(screen.queryByText('New routes')).toBeNull());

    fireEvent.change(screen.getByLabelText('Search by key or text'), { target: { value: 'notice' } });
    await waitFor(() => expect(calls.some((c) => c.query.get('q') === 'notice')).toBe(true));
  });

  test('edits a row in place, three languages at once; a refused text shows its message beside it', async () => {
    let saved = ROWS;
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['content_editor']) },
      'GET /content/translations': () => ({
        data: ZAdminTranslationList.parse({ list: saved, total: 2, missingTotal: 1 }),
      }),
      'PUT /content/translations/1/home.notice': (call) => {
        const body = call.body as { zh: string; en: string; km: string };
        if (!body.zh && !body.en && !body.km) {
          return {
            code: '400',
            status: 400,
            message: 'Write the text in at least one language.',
            data: {
              fields: [
                {
                  field: 'zh',
                  key: 'admin.translation_empty',
                  message: 'Write the text in at least one language.',
                },
              ],
            },
          };
        }
        const updated = row({ key: 'home.notice', ...body, missing: [] });
        saved = [ROWS[0]!, updated];
        return { data: updated };
      },
    });
    renderConsole('/translations');
    await screen.findByText('通知');
    fireEvent.click(screen.getByRole('button', { name: 'Edit home.notice' }));
    const zh = await screen.findByLabelText('中文 text of home.notice');
    fireEvent.change(zh, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Write the text in at least one language.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('中文 text of home.notice'), { target: { value: '航班通知' } });
    fireEvent.change(screen.getByLabelText('English text of home.notice'), {
      target: { value: 'Flight notice' },
    });
    fireEvent.change(screen.getByLabelText('ខ្មែរ text of home.notice'), {
      target: { value: 'សេចក្តីជូនដំណឹងជើងហោះហើរ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Flight notice');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      zh: '航班通知',
      en: 'Flight notice',
      km: 'សេចក្តីជូនដំណឹងជើងហោះហើរ',
    });
  });

  test('adds a key; auditors only read', async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /content/translations': {
        data: ZAdminTranslationList.parse({ list: ROWS, total: 2, missingTotal: 1 }),
      },
      'POST /content/translations': (call) => ({
        data: row({ ...(call.body as Partial<AdminTranslation>), missing: ['km'] }),
      }),
    });
    const { unmount } = renderConsole('/translations');
    await screen.findByText('New routes');
    fireEvent.click(screen.getByRole('button', { name: /Add key/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: 'home.promo_title' } });
    fireEvent.change(within(dialog).getByLabelText('中文'), { target: { value: '限时优惠' } });
    fireEvent.change(within(dialog).getByLabelText('English'), { target: { value: 'Limited offer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        platform: 1,
        key: 'home.promo_title',
        zh: '限时优惠',
        en: 'Limited offer',
        km: '',
      }),
    );
    unmount();

    fakeAdminApi({
      'GET /auth/me': { data: aMember(['auditor']) },
      'GET /content/translations': {
        data: ZAdminTranslationList.parse({ list: ROWS, total: 2, missingTotal: 1 }),
      },
    });
    renderConsole('/translations');
    await screen.findByText('New routes');
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add key/ })).toBeNull();
  });
});
