import { z } from 'zod';
import { defineSettings } from '../../platform/settings';

/** The booking module's settings (config.booking): the pay deadline, hold limits, guest nationalities. */
export interface BookingConfig {
  /** Minutes an unpaid order holds its seats before it is canceled (ORDER_PAY_MINUTES). */
  orderPayMinutes: number;
  /** What one account or guest address may hold unpaid at once; 0 turns a limit off. */
  limits: { unpaidOrders: number; unpaidSeats: number; seatsPerFlight: number };
  /** The nationalities a guest may book (GUEST_NATIONALITIES), upper-case ISO codes. */
  guestNationalities: string[];
}

export const bookingSettings = defineSettings({
  env: z.object({
    /** Minutes an unpaid order holds its seats before it is canceled (issue 4: 20). */
    ORDER_PAY_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(20),
    /**
     * Hold limits (issue 9: one account held 153 of 155 seats of a flight unpaid): unpaid orders
     * one account or guest address may have at once, the seats they may hold over all flights (a
     * return's seat counts on each flight), and on one dated flight. 0 turns a limit off.
     * docs/operations.md "Limits" says why these values.
     */
    BOOKING_MAX_UNPAID_ORDERS: z.coerce.number().int().min(0).max(1000).default(3),
    BOOKING_MAX_UNPAID_SEATS: z.coerce.number().int().min(0).max(10_000).default(18),
    BOOKING_MAX_UNPAID_SEATS_PER_FLIGHT: z.coerce.number().int().min(0).max(10_000).default(9),
    /** The nationalities a guest may book (spec §5: three; lifted after login), ISO codes. */
    GUEST_NATIONALITIES: z
      .string()
      .regex(/^[A-Za-z]{2}(,[A-Za-z]{2})*$/, 'must be ISO country codes separated by commas, e.g. KH,CN,TH')
      .default('KH,CN,TH'),
  }),
  read: (env): BookingConfig => ({
    orderPayMinutes: env.ORDER_PAY_MINUTES,
    limits: {
      unpaidOrders: env.BOOKING_MAX_UNPAID_ORDERS,
      unpaidSeats: env.BOOKING_MAX_UNPAID_SEATS,
      seatsPerFlight: env.BOOKING_MAX_UNPAID_SEATS_PER_FLIGHT,
    },
    guestNationalities: env.GUEST_NATIONALITIES.toUpperCase().split(','),
  }),
});
