import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminTranslation,
  type AdminTranslationList,
  ZAdminTranslation,
  ZAdminTranslationList,
} from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, type ReplySchema, renderConsole } from '../../test/render';

const NONE = { zh: '', en: '', km: '' };

const row = (over: Partial<AdminTranslation>): AdminTranslation =>
  ZAdminTranslation.parse({
    platform: 1,
    key: 'home.hero_title',
    appKey: true,
    app: { zh: '飞遍柬埔寨', en: 'Fly Cambodia and beyond', km: 'ហោះហើរកម្ពុជា' },
    override: NONE,
    hasRow: false,
    overridden: [],
    missing: [],
    updatedAt: null,
    ...over,
  });

/** An app text as the app ships it; the same, edited in English; a key only the back office holds. */
const PLAIN = row({
  key: 'home.why_title',
  app: { zh: '每一种票价均包含', en: 'Every fare includes', km: 'រាល់តម្លៃ' },
});
const EDITED = row({
  override: { zh: '', en: 'Fly further with us', km: '' },
  hasRow: true,
  overridden: ['en'],
  updatedAt: '2026-11-20T02:00:00.000Z',
});
const OWN = row({
  key: 'promo.notice',
  appKey: false,
  app: NONE,
  override: { zh: '通知', en: '', km: '' },
  hasRow: true,
  overridden: ['zh'],
  missing: ['en', 'km'],
  updatedAt: '2026-11-20T02:00:00.000Z',
});
const ROWS = [EDITED, PLAIN, OWN];

const SCHEMAS: ReplySchema[] = [
  [/^GET \/content\/translations$/, ZAdminTranslationList],
  [/^(PUT|POST) \/content\/translations/, ZAdminTranslation],
];

const page = (list: AdminTranslation[], over: Partial<AdminTranslationList> = {}): AdminTranslationList => ({
  list,
  total: list.length,
  page: 1,
  pageSize: 50,
  keys: 480,
  missingTotal: 1,
  editedTotal: 2,
  ...over,
});

describe('translations', () => {
  test('shows the text in effect side by side, an edited one with the app’s text beneath, the missing marked; filters and pages on the server', async () => {
    const calls = fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['content_editor']) },
        'GET /content/translations': (call) => {
          if (call.query.get('missing')) return { data: page([OWN]) };
          if (call.query.get('edited') === 'true') return { data: page([EDITED, OWN]) };
          return { data: page(ROWS, { total: 120, page: Number(call.query.get('page') ?? 1) }) };
        },
      },
      SCHEMAS,
    );
    renderConsole('/translations');
    // The override in English, the app's own text in Chinese and Khmer.
    expect(await screen.findByText('Fly further with us')).toBeTruthy();
    expect(screen.getByText('App: Fly Cambodia and beyond')).toBeTruthy();
    expect(screen.getAllByText('Edited')).toHaveLength(1);
    expect(screen.getAllByText('飞遍柬埔寨')).toHaveLength(1);
    expect(screen.getByText('Every fare includes')).toBeTruthy();
    expect(screen.getAllByText('Missing')).toHaveLength(2);
    expect(screen.getByText('Back office only')).toBeTruthy();
    expect(screen.getByText('Keys: 480 · edited: 2 · missing some language: 1')).toBeTruthy();
    expect(calls.find((c) => c.path === '/content/translations')?.query.get('pageSize')).toBe('50');

    // The server pages: page 3 of 120.
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/content/translations' && c.query.get('page') === '3')).toBe(true),
    );

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Edited' }));
    fireEvent.click(await screen.findByTitle('Edited'));
    await waitFor(() =>
      expect(calls.some((c) => c.query.get('edited') === 'true' && c.query.get('page') === '1')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Every fare includes')).toBeNull());

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Missing' }));
    fireEvent.click(await screen.findByTitle('Missing some'));
    await waitFor(() => expect(calls.some((c) => c.query.get('missing') === 'any')).toBe(true));
    await waitFor(() => expect(screen.queryByText('Fly further with us')).toBeNull());

    fireEvent.change(screen.getByLabelText('Search by key or text'), { target: { value: 'further' } });
    await waitFor(() => expect(calls.some((c) => c.query.get('q') === 'further')).toBe(true));
  });

  test('edits in a dialog, three languages side by side with the app’s text under each; a refused placeholder shows beside its field', async () => {
    const FLY = row({
      key: 'home.fly_to',
      app: { zh: '飞往{{city}}', en: 'Fly to {{city}}', km: 'ហោះទៅ{{city}}' },
    });
    let saved = [FLY];
    const calls = fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['content_editor']) },
        'GET /content/translations': () => ({ data: page(saved) }),
        'PUT /content/translations/1/home.fly_to': (call) => {
          const body = call.body as { zh: string; en: string; km: string };
          if (!body.en.includes('{{city}}')) {
            const message = 'Keep the placeholders of the app’s text, no more and no fewer: {{city}}.';
            return {
              code: '400',
              status: 400,
              message,
              data: { fields: [{ field: 'en', key: 'admin.translation_placeholders', message }] },
            };
          }
          const updated = row({
            key: 'home.fly_to',
            app: FLY.app,
            override: { zh: body.zh, en: body.en, km: body.km },
            hasRow: true,
            overridden: ['en'],
          });
          saved = [updated];
          return { data: updated };
        },
      },
      SCHEMAS,
    );
    renderConsole('/translations');
    await screen.findByText('Fly to {{city}}');
    fireEvent.click(screen.getByRole('button', { name: 'Edit home.fly_to' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit home.fly_to')).toBeTruthy();
    expect(within(dialog).getByText('Left empty, the app’s text: Fly to {{city}}')).toBeTruthy();
    expect(within(dialog).getByText('Left empty, the app’s text: 飞往{{city}}')).toBeTruthy();
    expect(
      within(dialog).getByText(/Keep the app’s placeholders in each language: \{\{city\}\}/),
    ).toBeTruthy();
    // No override yet: the fields are empty, the app's text their placeholder.
    const en = within(dialog).getByLabelText('English') as HTMLTextAreaElement;
    expect(en.value).toBe('');
    expect(en.placeholder).toBe('Fly to {{city}}');

    fireEvent.change(en, { target: { value: 'Fly there' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Keep the placeholders of the app’s text, no more and no fewer: {{city}}.',
      ),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('English'), {
      target: { value: 'Fly with us to {{city}}' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'copy review' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The row shows the new text, the app's beneath it.
    expect(await screen.findByText('App: Fly to {{city}}')).toBeTruthy();
    expect(screen.getByRole('cell', { name: /^Fly with us to \{\{city\}\} Edited/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      zh: '',
      en: 'Fly with us to {{city}}',
      km: '',
      reason: 'copy review',
    });
  });

  test('resets an edited app text after a confirmation; an untouched one offers no reset', async () => {
    let saved = [EDITED, PLAIN];
    const calls = fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['admin']) },
        'GET /content/translations': () => ({ data: page(saved) }),
        'POST /content/translations/1/home.hero_title/reset': () => {
          const back = row({});
          saved = [back, PLAIN];
          return { data: back };
        },
      },
      SCHEMAS,
    );
    renderConsole('/translations');
    await screen.findByText('Fly further with us');
    expect(screen.queryByRole('button', { name: 'Reset home.why_title' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reset home.hero_title' }));
    expect(await screen.findByText(/Remove the edit of home.hero_title\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByText('Fly Cambodia and beyond');
    expect(screen.queryByText('Fly further with us')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/content/translations/1/home.hero_title/reset', body: {} }),
    ]);
  });

  test('adds a key; auditors only read', async () => {
    const calls = fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['admin']) },
        'GET /content/translations': { data: page(ROWS) },
        'POST /content/translations': (call) => {
          const body = call.body as { key: string; zh: string; en: string; km: string };
          return {
            data: row({
              key: body.key,
              appKey: false,
              app: NONE,
              override: { zh: body.zh, en: body.en, km: body.km },
              hasRow: true,
              overridden: ['zh', 'en'],
              missing: ['km'],
            }),
          };
        },
      },
      SCHEMAS,
    );
    const { unmount } = renderConsole('/translations');
    await screen.findByText('Fly further with us');
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

    fakeAdminApi(
      {
        'GET /auth/me': { data: aMember(['auditor']) },
        'GET /content/translations': { data: page(ROWS) },
      },
      SCHEMAS,
    );
    renderConsole('/translations');
    await screen.findByText('Fly further with us');
    expect(
      screen.getByText('You can read these; only admins and content editors can change them.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reset/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add key/ })).toBeNull();
  });
});
