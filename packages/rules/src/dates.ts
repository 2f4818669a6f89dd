/**
 * Calendar arithmetic on `YYYY-MM-DD` dates and conversions between UTC instants and
 * airport-local times. Only Intl is used, so the same code runs in the browser and on the
 * server, and the result never depends on the machine's own time zone.
 */

const DAY_MS = 86_400_000;

/**
 * The hub's IANA zone (Phnom Penh): the airline's "today" where no airport says otherwise. The
 * traveller app reads it here; the API's setting HUB_TIME_ZONE defaults to it and is read once
 * (apps/api config), so this is the one place the zone is written.
 */
export const HUB_TIME_ZONE = 'Asia/Phnom_Penh';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** The calendar date at `instant` in `timeZone`, e.g. "today" at Phnom Penh. */
export function localDate(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).date;
}

/** Minutes `timeZone` is ahead of UTC at `instant` (Phnom Penh: 420). */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const { date, time } = wallClock(instant, timeZone);
  const asUtc = Date.parse(`${date}T${time}Z`);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

/** The UTC instant of a wall-clock time at an airport. */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const guess = new Date(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  // Two passes settle the offset even across a daylight-saving change.
  let instant = new Date(guess.getTime() - utcOffsetMinutes(guess, timeZone) * 60_000);
  instant = new Date(guess.getTime() - utcOffsetMinutes(instant, timeZone) * 60_000);
  return instant;
}

function pad(n: number): string {
  return String(Math.abs(n)).padStart(2, '0');
}

/** ISO 8601 local time with its offset, e.g. `2026-12-01T08:30:00+07:00`. */
export function toLocalIso(instant: Date, timeZone: string): string {
  const { date, time } = wallClock(instant, timeZone);
  // The offset from the same wall-clock reading (utcOffsetMinutes would read it a second time).
  const offset = Math.round(
    (Date.parse(`${date}T${time}Z`) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000,
  );
  const sign = offset < 0 ? '-' : '+';
  return `${date}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Every date of a month `YYYY-MM`. */
export function datesOfMonth(month: string): string[] {
  const first = `${month}-01`;
  const out: string[] = [];
  for (let d = first; d.startsWith(month); d = addDays(d, 1)) out.push(d);
  return out;
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** `YYYYMMDDHHmmss` in UTC+8, the timestamp format of signed requests (spec §7, §9). */
export function beijingTimestamp(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Parses a `YYYYMMDDHHmmss` UTC+8 timestamp; null when malformed. */
export function parseBeijingTimestamp(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const back = beijingTimestamp(new Date(t));
  return back === value ? new Date(t) : null;
}

/** An instant whole calendar months later (UTC fields; the day clamped to the month's end). */
export function instantPlusMonths(instant: Date, months: number): Date {
  const d = new Date(instant.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
