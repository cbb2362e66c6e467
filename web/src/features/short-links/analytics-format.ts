/** Pure helpers that shape analytics data for display. */
import {
  ANALYTICS_PERIOD_DAYS,
  type AnalyticsPeriod,
  type ClickRecord,
  type DayCount,
} from '../../../../shared/links';

export const CHART_DAYS = 30;

/** YYYY-MM-DD of a date in UTC, the server's day boundary. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `count` UTC days up to `today`, oldest first, with 0 for days without clicks. */
export function lastDays(
  byDay: readonly DayCount[],
  count: number = CHART_DAYS,
  today: Date = new Date(),
): DayCount[] {
  const clicksByDay = new Map(byDay.map((entry) => [entry.day, entry.clicks]));
  const days: DayCount[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - back));
    const day = utcDay(date);
    days.push({ day, clicks: clicksByDay.get(day) ?? 0 });
  }
  return days;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days the chart shows for a period: the period's own, or for all time every day since the
 * first click (at least CHART_DAYS).
 */
export function chartDaysOf(
  period: AnalyticsPeriod,
  byDay: readonly DayCount[],
  today: Date = new Date(),
): number {
  const days = ANALYTICS_PERIOD_DAYS[period];
  if (days !== null) return days;
  const first = byDay[0]?.day;
  if (!first) return CHART_DAYS;
  const span = Math.floor((Date.parse(utcDay(today)) - Date.parse(first)) / DAY_MS) + 1;
  return Math.max(CHART_DAYS, span);
}

/** "City, Region, Country" without the missing parts; 'Unknown' when none is known. */
export function formatLocation(
  click: Pick<ClickRecord, 'city' | 'region' | 'country'>,
  unknown = 'Unknown',
): string {
  const parts = [click.city, click.region, click.country].filter((part): part is string =>
    Boolean(part?.trim()),
  );
  return parts.length > 0 ? parts.join(', ') : unknown;
}

/** A value's share of the largest value as a whole percentage (0 when there is nothing). */
export function percentOf(value: number, max: number): number {
  return max > 0 ? Math.round((value / max) * 100) : 0;
}
