import { z } from 'zod';
import { defineSettings, type SliceOf } from '../../platform/settings';

/** The tickets module's settings (config.tickets). */
export const ticketsSettings = defineSettings({
  env: z.object({
    /** The airline's 3-digit ticketing code, the first part of every 13-digit e-ticket number. */
    TICKET_AIRLINE_CODE: z
      .string()
      .regex(/^\d{3}$/, 'must be 3 digits')
      .default('881'),
  }),
  read: (env) => ({ airlineCode: env.TICKET_AIRLINE_CODE }),
});

export type TicketsConfig = SliceOf<typeof ticketsSettings>;
