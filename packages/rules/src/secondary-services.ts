import { AddedService } from '@wings/contracts';
import { toLocalIso } from './dates';

/**
 * Add-ons bought after ticketing (issue 14; booking-and-account.md §4 and §9): a seat, extra
 * baggage, priority boarding or travel insurance bought from ticket detail for an issued ticket.
 * The server and the traveller app read the same rules here.
 */

/** Add-ons cannot be bought when departure is less than this many hours away (spec §9). */
export const ADDON_CUTOFF_HOURS = 24;
/** An add-on order may be paid for this many minutes after it is made. */
export const ADDON_PAY_MINUTES = 15;
/** After an add-on payment is abandoned, the same purchase waits this many minutes (spec §4, §9). */
export const ADDON_REBUY_BLOCK_MINUTES = 15;

/** The service codes an add-on order sells (contracts `AddedService`): 10 insurance, 11 priority, 12 seat, 13 baggage. */
export const ADDON_SERVICE_CODES = [
  AddedService.insurance,
  AddedService.priorityBoarding,
  AddedService.onlineSeat,
  AddedService.extraBaggage,
] as const;
export type AddonServiceCode = (typeof ADDON_SERVICE_CODES)[number];

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Why a leg may not get an add-on now, or null when it may: `flown` once it has departed (or its
 * coupon is used), `within_24h` when departure is less than ADDON_CUTOFF_HOURS away. Exactly
 * 24 hours before departure is still allowed; a minute later is not.
 */
export function addonLegBar(leg: { depUtc: Date; used?: boolean }, now: Date): 'flown' | 'within_24h' | null {
  if (leg.used || leg.depUtc.getTime() <= now.getTime()) return 'flown';
  if (leg.depUtc.getTime() - now.getTime() < ADDON_CUTOFF_HOURS * HOUR_MS) return 'within_24h';
  return null;
}

/**
 * Until when the same purchase is blocked after an add-on payment was abandoned at `abandonedAt`
 * (null: never abandoned); null when it is not blocked at `now`.
 */
export function addonBlockedUntil(abandonedAt: Date | null, now: Date): Date | null {
  if (!abandonedAt) return null;
  const opens = new Date(abandonedAt.getTime() + ADDON_REBUY_BLOCK_MINUTES * MINUTE_MS);
  return opens.getTime() > now.getTime() ? opens : null;
}

/** `HH:MM` of an instant in a time zone (the message's time: "You can buy this again at 14:05"). */
export function clockTime(instant: Date, timeZone: string): string {
  return toLocalIso(instant, timeZone).slice(11, 16);
}

/** `YYYY-MM-DD HH:MM` of an instant in a time zone (a departure named in a message). */
export function localDateTime(instant: Date, timeZone: string): string {
  const iso = toLocalIso(instant, timeZone);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * An EMD number (electronic miscellaneous document: the receipt of a paid add-on): the airline's
 * 3-digit code and a 10-digit serial, 13 digits like a ticket number.
 */
export function emdNumber(airlineCode: string, serial: number): string {
  if (!/^\d{3}$/.test(airlineCode)) throw new Error(`airline code ${airlineCode} is not 3 digits`);
  if (!Number.isInteger(serial) || serial < 0 || serial > 9_999_999_999) {
    throw new Error(`EMD serial ${serial} is not 10 digits`);
  }
  return `${airlineCode}${String(serial).padStart(10, '0')}`;
}
