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
 * and a page rendered on the server (in UTC) must read the same as in the browser.
 */
const TIME_ZONE = 'Asia/Seoul';
const koreanDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Korean calendar day of an instant, as a day count. */
function dayNumber(d: Date): number {
  const [year, month, day] = koreanDay.format(d).split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY;
}

/** Whole Korean calendar days between two instants (today = 0). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round(dayNumber(later) - dayNumber(earlier));
}

/** `2025. 1. 1.`: the Korean locale date used once a label is no longer relative. */
export function formatLocaleDate(value: DateInput): string {
  const d = toDate(value);
  return d ? d.toLocaleDateString('ko-KR', { timeZone: TIME_ZONE }) : '';
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
