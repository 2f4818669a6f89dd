import {
  type AdminTranslation,
  type AdminTranslationList,
  APP_PLATFORM,
  TRANSLATION_KEY,
  TRANSLATION_LANGS,
  type TranslationTexts,
  textPlaceholders,
  type ZAdminTranslationCreate,
  type ZAdminTranslationQuery,
  type ZAdminTranslationReset,
  type ZAdminTranslationUpdate,
} from '@wings/contracts';
import type { RuleIssue } from '@wings/rules';
import type { z } from 'zod';
import type { AuditActor, AuditRecord } from '../../platform/audit/audit-log';
import type { Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import { APP_TEXTS, type AppTexts } from './app-texts';
import type { ContentRepository, TranslationRecord } from './content.repository';

const LANGS = TRANSLATION_LANGS;
const NONE: TranslationTexts = { zh: '', en: '', km: '' };

/** Who makes a change, for its audit row. */
export interface ContentChange {
  actor: AuditActor;
  ip: string | null;
}

export interface ContentAdminDeps {
  repo: ContentRepository;
  now: () => Date;
  audit: { record(entry: AuditRecord, executor?: Executor): Promise<void> };
  /** The traveller app's own texts (the app-texts files unless a test gives others). */
  appTexts?: AppTexts;
}

function texts(r: TranslationTexts): TranslationTexts {
  return { zh: r.zh, en: r.en, km: r.km };
}

const blank = (s: string) => s.trim() === '';

/** A key as the editor shows it: the app's texts (if its), the back office's row (if any). */
function entry(
  platform: number,
  key: string,
  app: TranslationTexts | undefined,
  row: Pick<TranslationRecord, 'zh' | 'en' | 'km' | 'updatedAt'> | undefined,
): AdminTranslation {
  const own = app ? texts(app) : NONE;
  const override = row ? texts(row) : NONE;
  return {
    platform,
    key,
    appKey: app !== undefined,
    app: own,
    override,
    hasRow: row !== undefined,
    overridden: LANGS.filter((lang) => !blank(override[lang])),
    missing: LANGS.filter((lang) => blank(override[lang]) && blank(own[lang])),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

const shown = (names: string[]) => names.map((n) => `{{${n}}}`).join(' ');

/**
 * An override of an app text keeps that text's `{{placeholders}}` in each language it writes: the
 * app fills them in (a dropped one loses the value, an invented one shows as written).
 */
function placeholderIssues(input: TranslationTexts, app: TranslationTexts): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const lang of LANGS) {
    if (blank(input[lang])) continue;
    const expected = textPlaceholders(app[lang]);
    const found = textPlaceholders(input[lang]);
    if (expected.join(',') === found.join(',')) continue;
    issues.push(
      expected.length === 0
        ? { field: lang, key: 'admin.translation_placeholders_none', params: { placeholders: shown(found) } }
        : { field: lang, key: 'admin.translation_placeholders', params: { placeholders: shown(expected) } },
    );
  }
  return issues;
}

/**
 * The staff console's translation editor (issue 13). For the traveller app (platform 1) it lists
 * every text of the app merged with the back office's rows, which `international/config/queryList`
 * serves and the app merges over its own texts at its next start-up: a row with an app key
 * overrides that text, an empty language in it keeps the app's own. Other platforms list their
 * rows only. Each change writes an audit row in its transaction.
 */
export class ContentAdminService {
  private readonly appTexts: AppTexts;

  constructor(private readonly deps: ContentAdminDeps) {
    this.appTexts = deps.appTexts ?? APP_TEXTS;
  }

  /** The app's own texts of a key, when the platform is the app's and the key is one of them. */
  private appTextsOf(platform: number, key: string): TranslationTexts | undefined {
    return platform === APP_PLATFORM ? this.appTexts.get(key) : undefined;
  }

  /** A platform's keys by key, searched, filtered, a page at a time. */
  async list(query: z.output<typeof ZAdminTranslationQuery>): Promise<AdminTranslationList> {
    const rows = new Map(
      (await this.deps.repo.translationRecords(query.platform)).map((r) => [r.code, r] as const),
    );
    const appKeys = query.platform === APP_PLATFORM ? [...this.appTexts.keys()] : [];
    const keys = [...new Set([...appKeys, ...rows.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const all = keys.map((key) =>
      entry(query.platform, key, this.appTextsOf(query.platform, key), rows.get(key)),
    );
    const needle = query.q?.toLowerCase();
    const matching = all.filter((t) => {
      if (query.missing === 'any' && t.missing.length === 0) return false;
      if (query.missing && query.missing !== 'any' && !t.missing.includes(query.missing)) return false;
      if (query.edited !== undefined && t.hasRow !== query.edited) return false;
      if (!needle) return true;
      return [t.key, ...LANGS.map((l) => t.app[l]), ...LANGS.map((l) => t.override[l])].some((s) =>
        s.toLowerCase().includes(needle),
      );
    });
    const start = (query.page - 1) * query.pageSize;
    return {
      list: matching.slice(start, start + query.pageSize),
      total: matching.length,
      page: query.page,
      pageSize: query.pageSize,
      keys: all.length,
      missingTotal: all.filter((t) => t.missing.length > 0).length,
      editedTotal: all.filter((t) => t.hasRow).length,
    };
  }

  /**
   * Adds a key of the back office's own with its texts; a key already there, or one of the app's
   * (edit it instead), is refused on its field.
   */
  async create(
    input: z.output<typeof ZAdminTranslationCreate>,
    who: ContentChange,
  ): Promise<AdminTranslation> {
    const issues: RuleIssue[] = [];
    if (this.appTextsOf(input.platform, input.key))
      issues.push({ field: 'key', key: 'admin.translation_exists' });
    else if (!TRANSLATION_KEY.test(input.key))
      issues.push({ field: 'key', key: 'admin.translation_key_format' });
    if (LANGS.every((lang) => blank(input[lang])))
      issues.push({ field: 'zh', key: 'admin.translation_empty' });
    if (issues.length > 0) throw invalid(issues);
    const at = this.deps.now();
    await this.deps.repo.transaction(async (tx) => {
      const row = { code: input.key, ...texts(input) };
      if (!(await this.deps.repo.insertTranslation(tx, input.platform, row, at))) {
        throw invalid([{ field: 'key', key: 'admin.translation_exists' }]);
      }
      await this.deps.audit.record(
        {
          actor: who.actor,
          action: 'translation.create',
          targetType: 'translation',
          targetId: `${input.platform}:${input.key}`,
          before: null,
          after: texts(input),
          reason: input.reason ?? null,
          ip: who.ip,
        },
        tx,
      );
    });
    return entry(input.platform, input.key, undefined, { ...texts(input), updatedAt: at });
  }

  /**
   * Replaces the three texts of a key at once. For a key of the app it creates the override row
   * when there is none (audit `before` null); an override keeps the app text's placeholders.
   * 404 for a key neither the app nor the back office has.
   */
  async update(
    platform: number,
    key: string,
    input: z.output<typeof ZAdminTranslationUpdate>,
    who: ContentChange,
  ): Promise<AdminTranslation> {
    if (LANGS.every((lang) => blank(input[lang])))
      throw invalid([{ field: 'zh', key: 'admin.translation_empty' }]);
    const app = this.appTextsOf(platform, key);
    if (app) {
      const issues = placeholderIssues(input, app);
      if (issues.length > 0) throw invalid(issues);
    }
    const at = this.deps.now();
    const row = { code: key, ...texts(input) };
    await this.deps.repo.transaction(async (tx) => {
      let before = await this.deps.repo.translationForUpdate(tx, platform, key);
      if (!before && !app) throw new AppError('resourceNotFound');
      if (before || !(await this.deps.repo.insertTranslation(tx, platform, row, at))) {
        // Another change may have added the override meanwhile: replace it, from what it held.
        before ??= await this.deps.repo.translationForUpdate(tx, platform, key);
        await this.deps.repo.updateTranslation(tx, platform, row, at);
      }
      await this.deps.audit.record(
        {
          actor: who.actor,
          action: 'translation.update',
          targetType: 'translation',
          targetId: `${platform}:${key}`,
          before: before ? texts(before) : null,
          after: texts(input),
          reason: input.reason ?? null,
          ip: who.ip,
        },
        tx,
      );
    });
    return entry(platform, key, app, { ...texts(input), updatedAt: at });
  }

  /**
   * Drops the override of an app text: the app shows its own text again at its next start.
   * Refused for a key the back office alone holds (there is no app text to go back to); 404 when
   * the key has no override.
   */
  async reset(
    platform: number,
    key: string,
    input: z.output<typeof ZAdminTranslationReset>,
    who: ContentChange,
  ): Promise<AdminTranslation> {
    const app = this.appTextsOf(platform, key);
    if (!app) throw invalid([{ field: 'key', key: 'admin.translation_reset_app_only' }]);
    await this.deps.repo.transaction(async (tx) => {
      const before = await this.deps.repo.translationForUpdate(tx, platform, key);
      if (!before) throw new AppError('resourceNotFound');
      await this.deps.repo.deleteTranslation(tx, platform, key);
      await this.deps.audit.record(
        {
          actor: who.actor,
          action: 'translation.reset',
          targetType: 'translation',
          targetId: `${platform}:${key}`,
          before: texts(before),
          after: null,
          reason: input.reason ?? null,
          ip: who.ip,
        },
        tx,
      );
    });
    return entry(platform, key, app, undefined);
  }
}
