import { envelope, type StaffRole, ZAdminSettings, ZAdminSettingsUpdate } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { staffChangeOf } from '../../platform/layers';
import type { SettingsService } from './settings.service';

/** Who reads the settings (issue 13): admins, and auditors (read-only). */
export const SETTINGS_READ_ROLES: readonly StaffRole[] = ['admin', 'auditor'];
/** Who changes them: admins. */
export const SETTINGS_CHANGE_ROLES: readonly StaffRole[] = ['admin'];

const tags = ['staff: settings'];

/** The settings page's calls under `/api/admin` (docs/api.md, "Staff console: settings"). */
export function settingsAdminRoutes(service: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings',
      {
        config: { roles: SETTINGS_READ_ROLES },
        schema: {
          tags,
          summary: 'The airline settings: the customer-service contact, with its last change',
          description: 'admin, auditor. Hours are HH:MM in the hub zone (GMT+7); a null day is closed.',
          response: { 200: envelope(ZAdminSettings) },
        },
      },
      async () => ok(await service.view()),
    );

    app.put(
      '/settings',
      {
        config: { roles: SETTINGS_CHANGE_ROLES },
        schema: {
          tags,
          summary: 'Save the customer-service contact (audit row settings.update)',
          description:
            'admin. Phone: + and 8-15 digits, spaces allowed, or null; e-mail or null; each day { open, close } (HH:MM, open before close) or null for closed.',
          body: ZAdminSettingsUpdate,
          response: { 200: envelope(ZAdminSettings) },
        },
      },
      async (request) => ok(await service.update(request.body, staffChangeOf(request))),
    );
  };
}
