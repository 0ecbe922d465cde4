import { describe, expect, it } from 'vitest';
import { formatCommentDate, formatLocaleDate, formatMonthDayTime, formatPostDate, formatReviewDate } from './dates';

// Instants in Korean time (UTC+9), whatever the zone the tests run in.
const now = new Date('2025-06-15T14:00:00+09:00');
const daysAgo = (n: number, hour = 10) => new Date(Date.UTC(2025, 5, 15 - n, hour - 9));

describe('formatPostDate', () => {
  it('says 오늘 for today, 어제 for yesterday and N일 전 within 7 days', () => {
    expect(formatPostDate(daysAgo(0, 1), now)).toBe('오늘');
    expect(formatPostDate(daysAgo(1, 23), now)).toBe('어제');
    expect(formatPostDate(daysAgo(2), now)).toBe('2일 전');
    expect(formatPostDate(daysAgo(6), now)).toBe('6일 전');
  });

  it('uses the Korean locale date from 7 days on', () => {
    expect(formatPostDate(daysAgo(7), now)).toBe(formatLocaleDate(daysAgo(7)));
    expect(formatPostDate('2025-01-01T09:00:00+09:00', now)).toBe('2025. 1. 1.');
  });

  it('accepts ISO strings and gives an empty label for missing or invalid dates', () => {
    expect(formatPostDate(daysAgo(1).toISOString(), now)).toBe('어제');
    expect(formatPostDate(undefined, now)).toBe('');
    expect(formatPostDate('not a date', now)).toBe('');
  });
});

describe('Korean calendar days', () => {
  it('count days and print dates in Korea, as a page rendered on a UTC server does', () => {
    // 00:30 in Seoul is still the day before in UTC.
    const justAfterMidnight = new Date('2025-06-15T00:30:00+09:00');
    expect(formatPostDate('2025-06-14T23:30:00+09:00', justAfterMidnight)).toBe('어제');
    expect(formatPostDate('2025-06-15T00:10:00+09:00', justAfterMidnight)).toBe('오늘');
    expect(formatCommentDate('2025-06-14T23:30:00+09:00', justAfterMidnight)).toBe('1일 전');
    expect(formatLocaleDate('2025-01-01T00:30:00+09:00')).toBe('2025. 1. 1.');
  });
});

describe('formatLocaleDate', () => {
  it("reads as the platform's Korean calendar (Asia/Seoul) at every hour of the year", () => {
    const korean = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul' });
    const seoul = (d: Date) => korean.format(d);
    for (let t = Date.UTC(1999, 11, 31, 0, 30); t < Date.UTC(2031, 0, 2); t += 7 * 3_600_000 + 13 * 60_000) {
      const d = new Date(t);
      if (formatLocaleDate(d) !== seoul(d)) expect(formatLocaleDate(d)).toBe(seoul(d));
    }
  });
});

describe('formatReviewDate', () => {
  it('counts hours under 24 hours', () => {
    expect(formatReviewDate(new Date(now.getTime() - 10 * 60 * 1000), now)).toBe('방금 전');
    expect(formatReviewDate(new Date(now.getTime() - 3 * 3600 * 1000), now)).toBe('3시간 전');
    expect(formatReviewDate(new Date(now.getTime() - 23.9 * 3600 * 1000), now)).toBe('23시간 전');
  });

  it('counts days under 7 days, then the locale date', () => {
    expect(formatReviewDate(new Date(now.getTime() - 25 * 3600 * 1000), now)).toBe('1일 전');
    expect(formatReviewDate(new Date(now.getTime() - 6.5 * 86400 * 1000), now)).toBe('6일 전');
    const old = new Date(now.getTime() - 8 * 86400 * 1000);
    expect(formatReviewDate(old, now)).toBe(formatLocaleDate(old));
  });
});

describe('formatCommentDate', () => {
  it('says 오늘, then days, weeks under 30 days, then months', () => {
    expect(formatCommentDate(daysAgo(0), now)).toBe('오늘');
    expect(formatCommentDate(daysAgo(1), now)).toBe('1일 전');
    expect(formatCommentDate(daysAgo(6), now)).toBe('6일 전');
    expect(formatCommentDate(daysAgo(7), now)).toBe('1주 전');
    expect(formatCommentDate(daysAgo(29), now)).toBe('4주 전');
    expect(formatCommentDate(daysAgo(30), now)).toBe('1개월 전');
    expect(formatCommentDate(daysAgo(95), now)).toBe('3개월 전');
  });
});

describe('formatMonthDayTime', () => {
  it('prints month.day (weekday) hour:minute in Korea, on a 24-hour clock', () => {
    expect(formatMonthDayTime('2026-11-27T05:05:00Z')).toBe('11.27 (금) 14:05');
    // 23:30 UTC is already the next morning in Seoul.
    expect(formatMonthDayTime('2026-03-01T23:30:00Z')).toBe('03.02 (월) 08:30');
    expect(formatMonthDayTime(null)).toBe('');
    expect(formatMonthDayTime('nope')).toBe('');
  });
});
