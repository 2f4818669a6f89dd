import type { TranslationEntry } from '@wings/contracts';
import type { ContentRepository } from './content.repository';

/** Texts and notices the airline edits without a release. */
export class ContentService {
  constructor(private readonly repo: ContentRepository) {}

  /** The back office's translation overrides for a platform, in the spec's field names. */
  async translations(platform: number): Promise<TranslationEntry[]> {
    const rows = await this.repo.listTranslations(platform);
    return rows.map((r) => ({ internationalCode: r.code, textCn: r.zh, textEn: r.en, textKh: r.km }));
  }
}
