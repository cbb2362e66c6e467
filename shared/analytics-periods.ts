/** The periods a link's or tag's analytics can cover, and the per-day count their charts draw. Pure. */

export const ANALYTICS_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  all: 'All time',
};
/** Days a period covers, today included; null for all time. */
export const ANALYTICS_PERIOD_DAYS: Record<AnalyticsPeriod, number | null> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  all: null,
};
export interface DayCount {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  clicks: number;
}
