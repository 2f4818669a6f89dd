import type { Airport, LanguageTag, Money } from '@wings/contracts';
import { daysBetween, formatMoney, localDate } from '@wings/rules';

const LOCALE: Record<LanguageTag, string> = { zh: 'zh-CN', en: 'en-GB', km: 'km-KH' };

function utcNoon(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** Khmer month names: browsers' km-KH data often has none and falls back to "Jan 02, 2027". */
const KM_MONTHS = [
  'មករា',
  'កុម្ភៈ',
  'មីនា',
  'មេសា',
  'ឧសភា',
  'មិថុនា',
  'កក្កដា',
  'សីហា',
  'កញ្ញា',
  'តុលា',
  'វិច្ឆិកា',
  'ធ្នូ',
];

/** `DD MMM YYYY` in the traveller's language (spec §9), e.g. "01 Dec 2026", "01 ធ្នូ 2026". */
export function formatDate(date: string, lang: LanguageTag): string {
  if (!date) return '';
  if (lang === 'km') {
    const [y, m, d] = date.slice(0, 10).split('-');
    const month = KM_MONTHS[Number(m) - 1];
    if (y && d && month) return `${d} ${month} ${y}`;
  }
  return new Intl.DateTimeFormat(LOCALE[lang], {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcNoon(date));
}

/** A short day label for strips and headers, e.g. "Tue 01 Dec". */
export function formatDayShort(date: string, lang: LanguageTag): { weekday: string; day: string } {
  const d = utcNoon(date);
  return {
    weekday: new Intl.DateTimeFormat(LOCALE[lang], { weekday: 'short', timeZone: 'UTC' }).format(d),
    day: new Intl.DateTimeFormat(LOCALE[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d),
  };
}

/** `HH:mm` of an ISO local time with offset: the airport's own clock (DESIGN.md §4). */
export function localTimeOf(iso: string): string {
  return iso.slice(11, 16);
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

/** The city of an airport in the traveller's language. */
export function cityName(airport: Pick<Airport, 'city'> | undefined, lang: LanguageTag): string {
  return airport ? airport.city[lang] || airport.city.en : '';
}

export function airportName(airport: Pick<Airport, 'name'> | undefined, lang: LanguageTag): string {
  return airport ? airport.name[lang] || airport.name.en : '';
}

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
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
  return `${formatDate(todayAt(timeZone, at), lang)} ${time}`;
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
