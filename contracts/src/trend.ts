/**
 * Trends (spec 02 §4 indicator states): the change of a figure against the previous equal period, in percent, shown
 * with a sign, green up and red down. One rule for every screen that shows a trend.
 */

/**
 * round((current − previous) / previous × 100). A period without data counts as 0 against a previous one with
 * data (−100); null when the previous period has nothing to compare with (no data, or 0).
 */
export function trendPercent(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || !(previous > 0)) return null;
  // `+ 0` turns a rounded −0 into 0.
  return Math.round((((current ?? 0) - previous) / previous) * 100) + 0;
}

/** How a trend is shown: up (green), down (red), or flat / none (grey). */
export type TrendDirection = 'up' | 'down' | 'flat';

export function trendDirection(percent: number | null): TrendDirection {
  if (percent === null || percent === 0) return 'flat';
  return percent > 0 ? 'up' : 'down';
}
