import type { LanguageTag } from '@wings/contracts';
import { isoWeekday } from './dates';

/**
 * The one formatter of dates, months, weekdays and times for people to read, shared by the
 * traveller app and the server (itinerary PDF, mails). Spec §9: dates read DD MMM YYYY and times
 * HH:mm, each language with its own month and day names.
 *
 * The names are written out here instead of asked of Intl: browsers ship trimmed locale data
 * (Chromium's km-KH falls back to "Wed", "Dec 21"), and a server's ICU may differ from the
 * phone's, so the same date must not read differently on the page and in the PDF.
 *
 * Input is a calendar date `YYYY-MM-DD` or a local ISO time (`2026-12-01T10:20:00+07:00`), whose
 * own date and clock are used as written: a flight's time belongs to its airport, not to the
 * reader's zone (CODE_STYLE.md §8). Anything else formats as '' (the caller shows its placeholder).
 */

/** Month names, January first. English and Khmer abbreviate; Khmer months are short already. */
export const MONTH_NAMES: Record<LanguageTag, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  zh: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  km: ['មករា', 'កុម្ភៈ', 'មីនា', 'មេសា', 'ឧសភា', 'មិថុនា', 'កក្កដា', 'សីហា', 'កញ្ញា', 'តុលា', 'វិច្ឆិកា', 'ធ្នូ'],
};

export type WeekdayWidth = 'short' | 'long';

/** Weekday names, Monday first (ISO 8601, as the calendar's weeks start). */
export const WEEKDAY_NAMES: Record<LanguageTag, Record<WeekdayWidth, readonly string[]>> = {
  en: {
    short: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    long: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  },
  zh: {
    short: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
    long: ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'],
  },
  km: {
    // CLDR's abbreviations (ព្រហ for Thursday), short enough for a day strip at 320 px.
    short: ['ច័ន្ទ', 'អង្គារ', 'ពុធ', 'ព្រហ', 'សុក្រ', 'សៅរ៍', 'អាទិត្យ'],
    long: ['ថ្ងៃច័ន្ទ', 'ថ្ងៃអង្គារ', 'ថ្ងៃពុធ', 'ថ្ងៃព្រហស្បតិ៍', 'ថ្ងៃសុក្រ', 'ថ្ងៃសៅរ៍', 'ថ្ងៃអាទិត្យ'],
  },
};

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

interface CalendarDate {
  year: string;
  month: number;
  day: number;
  /** `YYYY-MM-DD`. */
  iso: string;
}

function calendarDate(value: string | null | undefined): CalendarDate | null {
  const m = DATE_PART.exec(value ?? '');
  if (!m) return null;
  const [, year, mm, dd] = m as unknown as [string, string, string, string];
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1) return null;
  // Rejects 2026-02-30 and the like: Date.UTC would roll it into March.
  const check = new Date(Date.UTC(Number(year), month - 1, day));
  if (check.getUTCMonth() !== month - 1) return null;
  return { year, month, day, iso: `${year}-${mm}-${dd}` };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * DD MMM YYYY in `lang`: "01 Dec 2026", "01 ធ្នូ 2026"; Chinese writes its own order,
 * "2026年12月1日".
 */
export function formatDate(value: string | null | undefined, lang: LanguageTag): string {
  const d = calendarDate(value);
  if (!d) return '';
  if (lang === 'zh') return `${d.year}年${d.month}月${d.day}日`;
  return `${pad2(d.day)} ${MONTH_NAMES[lang][d.month - 1]} ${d.year}`;
}

/** Day and month without the year, for day strips and headers: "21 Dec", "12月21日", "21 ធ្នូ". */
export function formatDayMonth(value: string | null | undefined, lang: LanguageTag): string {
  const d = calendarDate(value);
  if (!d) return '';
  if (lang === 'zh') return `${d.month}月${d.day}日`;
  return `${pad2(d.day)} ${MONTH_NAMES[lang][d.month - 1]}`;
}

/** The weekday of a date: "Mon" / "Monday", "周一" / "星期一", "ច័ន្ទ" / "ថ្ងៃច័ន្ទ". */
export function formatWeekday(
  value: string | null | undefined,
  lang: LanguageTag,
  width: WeekdayWidth = 'short',
): string {
  const d = calendarDate(value);
  if (!d) return '';
  return WEEKDAY_NAMES[lang][width][isoWeekday(d.iso) - 1] ?? '';
}

/**
 * A month of a year, from `YYYY-MM` (or any date in it): "Dec 2026", "2026年12月", "ធ្នូ 2026".
 */
export function formatMonth(value: string | null | undefined, lang: LanguageTag): string {
  const d = calendarDate(value && value.length === 7 ? `${value}-01` : value);
  if (!d) return '';
  if (lang === 'zh') return `${d.year}年${d.month}月`;
  return `${MONTH_NAMES[lang][d.month - 1]} ${d.year}`;
}

/** HH:mm of a local ISO time as written (spec §9), e.g. "10:20"; '' when there is none. */
export function formatTime(value: string | null | undefined): string {
  const m = /T(\d{2}):(\d{2})/.exec(value ?? '');
  return m ? `${m[1]}:${m[2]}` : '';
}

/** DD MMM YYYY HH:mm of a local ISO time, e.g. "01 Dec 2026 10:20". */
export function formatDateTime(value: string | null | undefined, lang: LanguageTag): string {
  const date = formatDate(value, lang);
  const time = formatTime(value);
  return date && time ? `${date} ${time}` : date;
}

/**
 * Latin month and weekday names, as they must never appear in a Chinese or Khmer date; for the
 * tests that read every date a page or the PDF shows.
 */
export const LATIN_DATE_WORDS =
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/;
