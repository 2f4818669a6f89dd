import {
  envelope,
  type StaffRole,
  ZAdminTranslation,
  ZAdminTranslationCreate,
  ZAdminTranslationList,
  ZAdminTranslationParams,
  ZAdminTranslationQuery,
  ZAdminTranslationReset,
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
          summary:
            'Translation texts side by side (for the app: its own texts merged with the overrides), searched, filtered, paged',
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
          summary: 'Add a key of the back office’s own with its texts',
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
          summary: 'Change the three texts of a key at once (for an app key: create or replace its override)',
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

    app.post(
      '/content/translations/:platform/:key/reset',
      {
        config: { roles: CONTENT_CHANGE_ROLES },
        schema: {
          tags,
          summary: 'Drop the override of an app text: the app’s own text shows again',
          params: ZAdminTranslationParams,
          body: ZAdminTranslationReset,
          response: { 200: envelope(ZAdminTranslation) },
        },
      },
      async (request) =>
        ok(
          await service.reset(
            request.params.platform,
            request.params.key,
            request.body,
            staffChangeOf(request),
          ),
        ),
    );
  };
}
