import { envelope, ZTranslationListRequest, ZTranslationListResponse } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { ContentRepository } from './content.repository';
import { ContentService } from './content.service';

/** Back-office content read by the traveller app (booking-and-account.md §7). */
export function contentRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const service = new ContentService(new ContentRepository(deps.db));
  return async (app) => {
    app.post(
      '/ca/caweb/backend/international/config/queryList',
      {
        schema: {
          tags: ['content'],
          summary: 'Translation texts merged into the app at start-up',
          body: ZTranslationListRequest,
          response: { 200: envelope(ZTranslationListResponse) },
        },
      },
      async (request) => ok({ data: { list: await service.translations(request.body?.platform ?? 1) } }),
    );
  };
}
