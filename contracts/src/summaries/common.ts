/**
 * What every dashboard summary widget shares (spec 02 "Other dashboard widgets", issue 20): the periods it may show
 * and the orders of its rows. The device summaries (devices.ts) and the work summaries (work.ts) both use these.
 *
 * A period is counted in whole local dates of the company's calendar and ends today (or on the date asked):
 * - today / yesterday: that date; the previous period is the date before.
 * - this-week: Monday of the date's ISO week to the date; previous: the same weekdays of the week before.
 * - this-month: the 1st to the date; previous: the same days of the month before, cut at its last day.
 * So "this week" on a Wednesday compares Mon–Wed with last Mon–Wed, never a partial week with a whole one. While a
 * period runs (it holds now) the previous one is cut at the same local wall-clock time on its matching date, so
 * today at 08:00 is compared with yesterday up to 08:00 (rounded up to 5 minutes); a finished period with the whole
 * previous one. The rule and its clock-change cases: server/src/summaries/periods.ts, docs/api.md.
 */
export const SUMMARY_PERIODS = ['today', 'yesterday', 'this-week', 'this-month'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

/**
 * Period names saved by the first device summaries ('week', 'month'), read as their current names so a saved
 * dashboard keeps its choice.
 */
export const LEGACY_SUMMARY_PERIODS: Readonly<Record<string, SummaryPeriod>> = { week: 'this-week', month: 'this-month' };

/** Spec 02: work time and active time, each descending or ascending. */
export const SUMMARY_SORTS = ['work-desc', 'work-asc', 'active-desc', 'active-asc'] as const;
export type SummarySort = (typeof SUMMARY_SORTS)[number];
