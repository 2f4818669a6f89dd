import type { LanguageTag, Money } from '@wings/contracts';
import {
  daysBetween,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  formatTime,
  formatWeekday,
  localDate,
  formatDate as sharedFormatDate,
  toLocalIso,
} from '@wings/rules';

/**
 * Dates, weekdays and times go through the one shared formatter of @wings/rules (date-format.ts),
 * which the itinerary PDF and mails use too: no page formats a date with Intl or its own names.
 */

/** `DD MMM YYYY` in the traveller's language (spec §9): "01 Dec 2026", "01 ធ្នូ 2026", "2026年12月1日". */
export function formatDate(date: string, lang: LanguageTag): string {
  return sharedFormatDate(date, lang);
}

/** A short day label for strips and headers: weekday "Tue" / "周二" / "អង្គារ", day "01 Dec". */
export function formatDayShort(date: string, lang: LanguageTag): { weekday: string; day: string } {
  return { weekday: formatWeekday(date, lang, 'short'), day: formatDayMonth(date, lang) };
}

/** `HH:mm` of an ISO local time with offset: the airport's own clock (CODE_STYLE.md §8). */
export function localTimeOf(iso: string): string {
  return formatTime(iso);
}

/** `YYYY-MM-DD` of an ISO local time with offset. */
export function localDateOf(iso: string): string {
  return iso.slice(0, 10);
}

/** Calendar days between departure and arrival, each at its own airport (+1 for an overnight flight). */
export function arrivalDayOffset(depIso: string, arrIso: string): number {
  return daysBetween(localDateOf(depIso), localDateOf(arrIso));
}

export function durationParts(minutes: number): { h: number; m: number } {
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}

/** Money as the spec shows it: two decimals, thousands separators, '-' when missing. */
export function money(value: Money | null | undefined): string {
  return formatMoney(value ?? null);
}

/** A compact price for narrow cells (calendar, day strip): whole amounts drop ".00". */
export function moneyShort(value: Money | null | undefined): string {
  const full = formatMoney(value ?? null);
  return full.endsWith('.00') ? full.slice(0, -3) : full;
}

export { airportName, cityName } from './airport-names';

/** Today's date where the traveller departs; the browser's own date when the zone is unknown. */
export function todayAt(timeZone: string | undefined, now: Date = new Date()): string {
  if (timeZone) {
    try {
      return localDate(now, timeZone);
    } catch {
      // an unknown zone falls back to the device's date
    }
  }
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A device-local Date for a `YYYY-MM-DD` (what the calendar widget works with), and back. */
export function toDeviceDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function fromDeviceDate(date: Date): string {
  return todayAt(undefined, date);
}

/**
 * An instant as `DD MMM YYYY HH:mm` (spec §9) in `timeZone`, or the device's zone when none
 * is given: for booking times and other moments that belong to no airport.
 */
export function formatInstant(iso: string, lang: LanguageTag, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '-';
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    return formatDateTime(toLocalIso(at, timeZone ?? device), lang);
  } catch {
    // an unknown zone falls back to the device's clock
    return formatDateTime(toLocalIso(at, device), lang);
  }
}

/** A phone with its country code, `+855 12****78`; '-' when there is none. */
export function formatPhone(
  countryCode: string | null | undefined,
  phone: string | null | undefined,
): string {
  if (!phone) return '-';
  const cc = (countryCode ?? '').trim().replace(/^\+/, '');
  return cc ? `+${cc} ${phone}` : phone;
}
