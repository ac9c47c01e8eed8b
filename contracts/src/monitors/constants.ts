/**
 * The monitor widgets' constants (spec 02 §9). The geo monitor's map constants extend MAP_DEFAULTS in
 * ../constants.ts; parameter numbers are PARAMETER_NUMBERS there.
 */

/** Auto-refresh period of every monitor, paused while a fetch runs. */
export const MONITOR_REFRESH_SECONDS = 300;
/** Charts resize this long after an expand, a width change or a menu toggle. */
export const RESIZE_DELAY_MS = 300;
/** A chart is drawn this long after its data arrives, once its container has its size. */
export const RENDER_DELAY_MS = 100;
/** Length of an animation (the geo monitor draws its route over this long). */
export const ANIMATION_MS = 300;

/** ECharts grid of a chart with the toolbox shown (edit mode). */
export const CHART_GRID = { top: 80, right: 90, left: 60, bottom: 20 } as const;
/** Every y-axis after the second is moved this far out from the previous one on its side. */
export const Y_AXIS_OFFSET_PX = 50;
/** Display rounding: non-integers to this many decimals, in labels and tooltips. */
export const DISPLAY_DECIMALS = 2;
/** CSV export precision; the operator monitor's seconds get one more decimal. */
export const CSV_DECIMALS = 2;
export const OPERATOR_CSV_DECIMALS = 3;
/** The shift chart shows its seconds as minutes. */
export const SHIFT_CHART_DIVIDER = 60;
/** The most y-axis ticks a seconds axis aims at. */
export const SECONDS_AXIS_MAX_TICKS = 10;
