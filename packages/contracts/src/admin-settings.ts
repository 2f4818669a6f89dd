import { z } from 'zod';

/**
 * The airline's settings the admin edits in the staff console (issue 13: "users and roles,
 * settings"), served under `/api/admin/settings` (docs/api.md, "Staff console: settings"), and
 * the customer-service contact the traveller app reads (`GET /api/settings/customer-service`).
 *
 * Today one setting: the customer-service contact (booking-and-account.md §1,
 * after-sales-and-loyalty.md §1): its phone, e-mail and opening hours. Hours are wall-clock
 * times in the hub's zone (Asia/Phnom_Penh, GMT+7), `HH:MM`, opening before closing; a day
 * without hours (`null`) is closed.
 */

/** Opening hours of one day (or group of days), in the hub's zone. */
export const ZServiceHours = z.object({ open: z.string(), close: z.string() });
export type ServiceHours = z.infer<typeof ZServiceHours>;

/** The customer-service contact: null phone or e-mail is "not set", a null day is closed. */
export const ZCustomerService = z.object({
  /** International format with the country code, e.g. `+855 23 999 888`. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Monday to Friday. */
  weekdays: ZServiceHours.nullable(),
  saturday: ZServiceHours.nullable(),
  sunday: ZServiceHours.nullable(),
});
export type CustomerService = z.infer<typeof ZCustomerService>;

/**
 * The spec's hours (Monday–Friday 08:30–17:30, Saturday 09:00–13:00, Sunday closed), with no
 * phone and no e-mail: production never shows an invented number. What everything reads until
 * an admin saves the setting.
 */
export const DEFAULT_CUSTOMER_SERVICE: CustomerService = Object.freeze({
  phone: null,
  email: null,
  weekdays: Object.freeze({ open: '08:30', close: '17:30' }),
  saturday: Object.freeze({ open: '09:00', close: '13:00' }),
  sunday: null,
});

/** The days of the contact, in the order the app and the console show them. */
export const SERVICE_DAYS = ['weekdays', 'saturday', 'sunday'] as const;
export type ServiceDay = (typeof SERVICE_DAYS)[number];

/** GET /api/admin/settings: every setting, with its last change (null: never saved, the defaults). */
export const ZAdminSettings = z.object({
  customerService: ZCustomerService,
  /** The hub's zone the hours are read in. */
  timeZone: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminSettings = z.infer<typeof ZAdminSettings>;

const day = z.object({ open: z.string().trim().max(10), close: z.string().trim().max(10) }).nullable();

/**
 * PUT /api/admin/settings (admin): the whole customer-service contact. Blank phone or e-mail
 * means "not set"; the formats are checked by `customerServiceIssues` (packages/rules), so each problem names
 * its field in the member's language.
 */
export const ZAdminSettingsUpdate = z.object({
  customerService: z.object({
    phone: z.string().trim().max(40).nullable(),
    email: z.string().trim().max(254).nullable(),
    weekdays: day,
    saturday: day,
    sunday: day,
  }),
});
export type AdminSettingsUpdate = z.infer<typeof ZAdminSettingsUpdate>;

/** GET /api/settings/customer-service (not in the spec; access token, no login). */
export const ZCustomerServiceResponse = ZCustomerService;
