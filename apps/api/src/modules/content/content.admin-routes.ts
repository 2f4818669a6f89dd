import {
  envelope,
  type StaffRole,
  ZAdminTranslation,
  ZAdminTranslationCreate,
  ZAdminTranslationList,
  ZAdminTranslationParams,
  ZAdminTranslationQuery,
  ZAdminTranslationUpdate,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffChangeOf } from '../../platform/layers';
import type { ContentAdminService } from './content-admin.service';

/** Who reads the translations (issue 13): admins, content editors and auditors. */
export const CONTENT_READ_ROLES: readonly StaffRole[] = ['admin', 'content_editor', 'auditor'];
/** Who changes them: admins and content editors. */
export const CONTENT_CHANGE_ROLES: readonly StaffRole[] = ['admin', 'content_editor'];

const tags = ['admin: translations'];

/**
 * The translation editor's calls, under /api/admin/content (docs/api.md, "Staff console: fares,
 * promotions and translations").
 */
export function contentAdminRoutes(service: ContentAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/content/translations',
      {
        config: { roles: CONTENT_READ_ROLES },
        schema: {
          tags,
          summary: 'Translation texts side by side, searched and filtered by missing language',
          querystring: ZAdminTranslationQuery,
          response: { 200: envelope(ZAdminTranslationList) },
        },
      },
      async (request) => ok(await service.list(request.query)),
    );

    app.post(
      '/content/translations',
      {
        config: { roles: CONTENT_CHANGE_ROLES },
        schema: {
          tags,
          summary: 'Add a key with its texts',
          body: ZAdminTranslationCreate,
          response: { 200: envelope(ZAdminTranslation) },
        },
      },
      async (request) => ok(await service.create(request.body, staffChangeOf(request))),
    );

    app.put(
      '/content/translations/:platform/:key',
      {
        config: { roles: CONTENT_CHANGE_ROLES },
        schema: {
          tags,
          summary: 'Change the three texts of a key at once',
          params: ZAdminTranslationParams,
          body: ZAdminTranslationUpdate,
          response: { 200: envelope(ZAdminTranslation) },
        },
      },
      async (request) =>
        ok(
          await service.update(
            request.params.platform,
            request.params.key,
            request.body,
            staffChangeOf(request),
          ),
        ),
    );
  };
}
