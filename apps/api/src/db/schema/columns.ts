import { char, date, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** `created_at` and `updated_at` on every table (CODE_STYLE.md §8), as UTC instants. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The person fields of a passenger (spec §3), the same on a saved passenger and on a passenger
 * of an order. A function, so each table gets its own column objects.
 */
export function passengerColumns() {
  return {
    passengerType: smallint('passenger_type').notNull(),
    surname: text('surname').notNull(),
    givenName: text('given_name').notNull(),
    middleName: text('middle_name'),
    title: smallint('title').notNull(),
    gender: smallint('gender').notNull(),
    nationality: char('nationality', { length: 2 }).notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    docType: smallint('doc_type').notNull(),
    docNumber: text('doc_number').notNull(),
    docExpiry: date('doc_expiry', { mode: 'string' }).notNull(),
    email: text('email'),
    countryCode: text('country_code'),
    phone: text('phone'),
  };
}
