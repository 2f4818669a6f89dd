import {
  type AdminTranslation,
  type AdminTranslationList,
  TRANSLATION_KEY,
  type ZAdminTranslationCreate,
  type ZAdminTranslationQuery,
  type ZAdminTranslationUpdate,
} from '@wings/contracts';
import type { RuleIssue } from '@wings/rules';
import type { z } from 'zod';
import type { AuditActor, AuditRecord } from '../../platform/audit/audit-log';
import type { Executor } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import type { ContentRepository, TranslationRecord } from './content.repository';

type Lang = 'zh' | 'en' | 'km';
const LANGS: readonly Lang[] = ['zh', 'en', 'km'];

/** Who makes a change, for its audit row. */
export interface ContentChange {
  actor: AuditActor;
  ip: string | null;
}

export interface ContentAdminDeps {
  repo: ContentRepository;
  now: () => Date;
  audit: { record(entry: AuditRecord, executor?: Executor): Promise<void> };
}

function missingOf(r: { zh: string; en: string; km: string }): Lang[] {
  return LANGS.filter((lang) => r[lang].trim() === '');
}

function out(r: TranslationRecord): AdminTranslation {
  return {
    platform: r.platform,
    key: r.code,
    zh: r.zh,
    en: r.en,
    km: r.km,
    missing: missingOf(r),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function texts(r: { zh: string; en: string; km: string }) {
  return { zh: r.zh, en: r.en, km: r.km };
}

/**
 * The staff console's translation editor (issue 13): the texts `international/config/queryList`
 * serves, edited three languages at once, with an audit row per change in its transaction. The
 * traveller app shows a change after its next start-up (it merges the list when it starts). An
 * empty text is a missing one: the app keeps its own text for that language.
 */
export class ContentAdminService {
  constructor(private readonly deps: ContentAdminDeps) {}

  /** A platform's keys, searched by key or text, or only those missing a language. */
  async list(query: z.output<typeof ZAdminTranslationQuery>): Promise<AdminTranslationList> {
    const all = (await this.deps.repo.translationRecords(query.platform)).map(out);
    const needle = query.q?.toLowerCase();
    const list = all.filter((t) => {
      if (query.missing === 'any' && t.missing.length === 0) return false;
      if (query.missing && query.missing !== 'any' && !t.missing.includes(query.missing)) return false;
      if (!needle) return true;
      return [t.key, t.zh, t.en, t.km].some((s) => s.toLowerCase().includes(needle));
    });
    return { list, total: all.length, missingTotal: all.filter((t) => t.missing.length > 0).length };
  }

  /** Adds a key with its texts; a key already there is refused on its field. */
  async create(
    input: z.output<typeof ZAdminTranslationCreate>,
    who: ContentChange,
  ): Promise<AdminTranslation> {
    const issues: RuleIssue[] = [];
    if (!TRANSLATION_KEY.test(input.key)) issues.push({ field: 'key', key: 'admin.translation_key_format' });
    if (missingOf(input).length === LANGS.length)
      issues.push({ field: 'zh', key: 'admin.translation_empty' });
    if (issues.length > 0) throw invalid(issues);
    const at = this.deps.now();
    const created = await this.deps.repo.transaction(async (tx) => {
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
      return { ...row, platform: input.platform, updatedAt: at };
    });
    return out(created);
  }

  /** Replaces the three texts of a key at once; 404 when the key is not there. */
  async update(
    platform: number,
    key: string,
    input: z.output<typeof ZAdminTranslationUpdate>,
    who: ContentChange,
  ): Promise<AdminTranslation> {
    if (missingOf(input).length === LANGS.length)
      throw invalid([{ field: 'zh', key: 'admin.translation_empty' }]);
    const at = this.deps.now();
    const updated = await this.deps.repo.transaction(async (tx) => {
      const before = await this.deps.repo.translationForUpdate(tx, platform, key);
      if (!before) throw new AppError('resourceNotFound');
      const row = { code: key, ...texts(input) };
      await this.deps.repo.updateTranslation(tx, platform, row, at);
      await this.deps.audit.record(
        {
          actor: who.actor,
          action: 'translation.update',
          targetType: 'translation',
          targetId: `${platform}:${key}`,
          before: texts(before),
          after: texts(input),
          reason: input.reason ?? null,
          ip: who.ip,
        },
        tx,
      );
      return { ...row, platform, updatedAt: at };
    });
    return out(updated);
  }
}
