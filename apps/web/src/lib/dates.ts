import { dateMessages as m } from '@/messages/common';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Dates are Korean calendar dates whatever the device's time zone: the service's days are Korea's,
 * and a page rendered on the server (in UTC) must read the same as in the browser. Korea keeps UTC+9
 * all year (no daylight saving since 1988), so the calendar is plain arithmetic: an
 * `Intl.DateTimeFormat` for Asia/Seoul cost a slow phone about 80 ms to create on the first screen.
 */
const KOREA_OFFSET = 9 * HOUR;

/** The instant shifted so that its UTC fields read Korea's wall clock. */
const inKorea = (d: Date) => new Date(d.getTime() + KOREA_OFFSET);

/** The Korean calendar day of an instant, as a day count. */
const dayNumber = (d: Date) => Math.floor((d.getTime() + KOREA_OFFSET) / DAY);

/** Whole Korean calendar days between two instants (today = 0). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  return dayNumber(later) - dayNumber(earlier);
}

/** `2025. 1. 1.`: the Korean locale date used once a label is no longer relative. */
export function formatLocaleDate(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  const k = inKorea(d);
  return `${k.getUTCFullYear()}. ${k.getUTCMonth() + 1}. ${k.getUTCDate()}.`;
}

/** Post cards: 오늘, 어제, N일 전 within 7 days, otherwise the locale date. */
export function formatPostDate(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const days = calendarDaysBetween(d, now);
  if (days <= 0) return m.today;
  if (days === 1) return m.yesterday;
  if (days < 7) return m.daysAgo(days);
  return formatLocaleDate(d);
}

/** Reviews: hours under 24 h, days under 7 days, otherwise the locale date. */
export function formatReviewDate(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const diff = Math.max(0, now.getTime() - d.getTime());
  if (diff < HOUR) return m.justNow;
  if (diff < DAY) return m.hoursAgo(Math.floor(diff / HOUR));
  if (diff < 7 * DAY) return m.daysAgo(Math.floor(diff / DAY));
  return formatLocaleDate(d);
}

/** Comments: 오늘, N일 전, N주 전 under 30 days, then N개월 전. */
export function formatCommentDate(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const days = calendarDaysBetween(d, now);
  if (days <= 0) return m.today;
  if (days < 7) return m.daysAgo(days);
  if (days < 30) return m.weeksAgo(Math.floor(days / 7));
  return m.monthsAgo(Math.max(1, Math.floor(days / 30)));
}

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * `11.27 (목) 14:05`: a moment of a short timeline (parcel tracking), as Korean delivery apps print
 * it, in Korea's time.
 */
export function formatMonthDayTime(value: DateInput): string {
  const d = toDate(value);
  if (!d) return '';
  const k = inKorea(d);
  return `${pad2(k.getUTCMonth() + 1)}.${pad2(k.getUTCDate())} (${WEEKDAYS[k.getUTCDay()]}) ${pad2(k.getUTCHours())}:${pad2(k.getUTCMinutes())}`;
}
