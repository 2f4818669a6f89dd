import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * The airline's settings the admin edits in the console (issue 13), one row per setting: its key
 * (`customer_service`), its value as JSON (the contract's shape, packages/contracts
 * admin-settings.ts), and who changed it last (the audit log keeps every change). A setting
 * without a row reads as its default. Owned by modules/settings.
 */
export const airlineSettings = pgTable('airline_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  /** The staff member who saved it last (not a foreign key: the row outlives accounts). */
  updatedByStaffId: uuid('updated_by_staff_id'),
  updatedByEmail: text('updated_by_email'),
  ...timestamps,
});
