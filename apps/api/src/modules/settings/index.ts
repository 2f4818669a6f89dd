/**
 * settings/: the airline's settings the admin edits in the staff console (issue 13), today the
 * customer-service contact (booking-and-account.md §1): its hours, phone and e-mail. Other
 * modules read it with `app.settings.customerService()` (a database read, the defaults when never
 * saved), e.g. to put `{phone}` into a message; the e-mail layout gets it from this module at
 * start (platform/mail/layout.ts `customerServiceNow`).
 */

export { SETTINGS_CHANGE_ROLES, SETTINGS_READ_ROLES, settingsAdminRoutes } from './settings.admin-routes';
export { type SettingsConfig, settingsModule } from './settings.module';
export { settingsRoutes } from './settings.routes';
export {
  CUSTOMER_SERVICE_KEY,
  DEMO_CUSTOMER_SERVICE,
  SettingsService,
} from './settings.service';
export { SETTINGS_CHANGES_CHANNEL, SettingsChanges } from './settings-changes';
