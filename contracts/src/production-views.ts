import { z } from 'zod';
import { nameText } from './text-rules.ts';
import { noListFilterSchema } from './list.ts';

/**
 * Production views (issue 19, spec 01 §2 wizard, §3 payload, §5 validation, §9 limits; spec 02 "production monitor
 * parameters"; docs/production.md): a view shows exactly two production lines against their goals, live, on a
 * shop-floor screen. Every constant of the feature lives here once.
 */

/**
 * The view's layout on the screen: `columns` puts the two lines side by side (a landscape TV), `rows` one above the
 * other with long horizontal bars (a wide screen seen from far away).
 */
export const PRODUCTION_VIEW_TYPES = ['columns', 'rows'] as const;
export type ProductionViewType = (typeof PRODUCTION_VIEW_TYPES)[number];

/**
 * A line's parameter (`parameter_id` of the spec's payload) is a parameter number (ARCHITECTURE §4): the three of
 * spec 02 below, or any counter of the device's type (a parameter with `sum` aggregation that is not work, active or
 * the internal 10000).
 */
export const PRODUCTION_PARAMETERS = {
  /** round(work / active × 100) since the reset; the goal is a percentage. */
  efficiency: 0,
  /** Seconds of effective work since the reset; the goal is in minutes. */
  work: 1,
  /** Seconds switched on since the reset; the goal is in minutes. */
  active: 2,
} as const;
export const PRODUCTION_FIXED_PARAMETERS = [PRODUCTION_PARAMETERS.efficiency, PRODUCTION_PARAMETERS.work, PRODUCTION_PARAMETERS.active] as const;
/**
 * The fixed parameters' names (spec 02 "production monitor parameters") as the API gives them (`paramName`); the
 * client shows its translation of each by number.
 */
export const PRODUCTION_FIXED_PARAMETER_NAMES: Readonly<Record<number, string>> = {
  [PRODUCTION_PARAMETERS.efficiency]: 'Device efficiency',
  [PRODUCTION_PARAMETERS.work]: 'Device work',
  [PRODUCTION_PARAMETERS.active]: 'Device active',
};
/** Parameter numbers never offered as a counter (ARCHITECTURE §4: 10000 is internal). */
export const PRODUCTION_EXCLUDED_COUNTERS: readonly number[] = [1, 2, 10000];

/** How a line's value and goal are measured: a percentage, minutes of time, or a count in the parameter's unit. */
export const PRODUCTION_VALUE_KINDS = ['percent', 'minutes', 'count'] as const;
export type ProductionValueKind = (typeof PRODUCTION_VALUE_KINDS)[number];
export function productionValueKindOf(parameter: number): ProductionValueKind {
  if (parameter === PRODUCTION_PARAMETERS.efficiency) return 'percent';
  if (parameter === PRODUCTION_PARAMETERS.work || parameter === PRODUCTION_PARAMETERS.active) return 'minutes';
  return 'count';
}

export const PRODUCTION_VIEW_LIMITS = {
  /** Spec 01 §5/§9: at least 3 and fewer than 128 characters. */
  nameMin: 3,
  nameMax: 127,
  /** Spec 01 §5: a line name of fewer than 50 characters. */
  lineNameMax: 49,
  goalMin: 0,
  goalMax: 10_000,
  /** Spec 01 §9: exactly two lines. */
  lines: 2,
  /** Reset hours are whole hours 00:00–23:00. */
  resetHourMax: 23,
  /** The decoded logo (png or jpeg); the data URL is about a third longer, within the route's 2 MiB body. */
  logoMaxBytes: 1024 * 1024,
} as const;

/** Logo images the wizard accepts (spec 01 §5: png or jpeg), recognised by their bytes (profile.ts avatarTypeOf). */
export const PRODUCTION_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

/** Field error keys (spec 01 §5 "Production view"); generic ones from MESSAGE_KEYS and PROFILE_MESSAGE_KEYS. */
export const PRODUCTION_VIEW_MESSAGE_KEYS = {
  /** The view type, a line name, a device, a parameter or a goal is missing. */
  required: 'productionview.required',
  minLength3: 'productionview.minlength3',
  maxLength128: 'productionview.maxlength128',
  maxLength50: 'productionview.maxlength50',
  numbersOnly: 'productionview.numbersonly',
  /** The goal is not between 0 and 10000. */
  goalRange: 'productionview.goal-range',
  /** lineParams does not hold exactly two lines. */
  twoLines: 'productionview.two-lines',
  /** No reset hour. */
  resetHoursRequired: 'productionview.reset-hours-required',
  /** A reset hour that is not a whole hour 00:00–23:00. */
  resetHourInvalid: 'productionview.reset-hour-invalid',
  /** No logo sent and none set yet. */
  logoRequired: 'productionview.logo-required',
  /** The parameter is not efficiency, work, active or a counter of the chosen device's type. */
  parameterInvalid: 'productionview.parameter-invalid',
  /** A device that is not one of the company's. */
  notFound: 'form.field.error.not-found',
  /** The logo is neither png nor jpeg. */
  unsupportedFileType: 'form.field.error.unsupported-file-type',
  /** The logo is larger than PRODUCTION_VIEW_LIMITS.logoMaxBytes. */
  fileTooLarge: 'form.field.error.file-too-large',
} as const;

/** 'HH:00' of a reset hour. */
export const RESET_HOUR_PATTERN = /^([01]\d|2[0-3]):00$/;

// ---------------------------------------------------------------------------------------------------------------
// Saving (the wizard's Send) and reading.
// ---------------------------------------------------------------------------------------------------------------

/**
 * `POST /api/productionviews` and `PUT /api/productionviews/{id}`: the spec's payload (spec 01 §3 "Production view
 * (sent)"). Parsed leniently (every field unknown) so the service answers every wrong field at once, under these
 * names: `prodview_type`, `prodview_name`, `lineParams.{0|1}.{lineName|deviceId|parameter_id|goal}`, `lineParams`,
 * `reset_hours`, `file`.
 * - `reset_hours`: the joined list `"06:00,14:00,22:00"` (an array of the same strings is taken too).
 * - `file`: the logo as a data URL (`data:image/png;base64,...`); absent or null keeps the logo already set.
 */
export const productionViewInputSchema = z.object({
  prodview_type: z.unknown().optional(),
  prodview_name: z.unknown().optional(),
  lineParams: z.unknown().optional(),
  reset_hours: z.unknown().optional(),
  file: z.unknown().optional(),
});
export type ProductionViewLineInput = { lineName: string; deviceId: number; parameter_id: number; goal: number };
export type ProductionViewInput = {
  prodview_type: ProductionViewType;
  prodview_name: string;
  lineParams: ProductionViewLineInput[];
  reset_hours: string;
  file?: string | null;
};

/** A stored line (spec 01 §3 "Stored/read": label, deviceId, param, target). */
export const productionViewLineSchema = z.object({
  label: z.string(),
  /** Null when the device was deleted since: the line shows no data until the view is edited. */
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  param: z.number().int(),
  /** The parameter's name (the device type's, or efficiency / work / active). */
  paramName: z.string(),
  valueKind: z.enum(PRODUCTION_VALUE_KINDS),
  /** The counter's unit (short), null for the fixed parameters. */
  unit: z.string().nullable(),
  target: z.number().int(),
});
export type ProductionViewLine = z.infer<typeof productionViewLineSchema>;

/** `GET /api/productionviews/{id}` and each list entry (spec 01 §3 "Stored/read": name, view_type, lines, reset_time, logo). */
export const productionViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  view_type: z.enum(PRODUCTION_VIEW_TYPES),
  lines: z.array(productionViewLineSchema),
  /** The reset hours, ascending, as 'HH:00'. */
  reset_time: z.array(z.string().regex(RESET_HOUR_PATTERN)),
  /** The logo as a data URL, null when none is set. */
  logo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductionView = z.infer<typeof productionViewSchema>;

export const PRODUCTION_VIEW_SORT_FIELDS = ['name', 'view_type', 'createdAt'] as const;
export const productionViewListFilterSchema = noListFilterSchema;
export const productionViewListSchema = z.object({ entries: z.array(productionViewSchema) });
export type ProductionViewList = z.infer<typeof productionViewListSchema>;

/**
 * A parameter a line may show for a device (`GET /api/productionviews/parameters?deviceId=`): the three fixed ones
 * and the counters of the device's type.
 */
export const productionParameterOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  valueKind: z.enum(PRODUCTION_VALUE_KINDS),
  unit: z.string().nullable(),
});
export type ProductionParameterOption = z.infer<typeof productionParameterOptionSchema>;
export const productionParameterOptionListSchema = z.object({ entries: z.array(productionParameterOptionSchema) });

// ---------------------------------------------------------------------------------------------------------------
// The live screen.
// ---------------------------------------------------------------------------------------------------------------

/**
 * A line's standing against its pace: `on-pace` (green, at or ahead), `behind` (yellow, at most 10 % behind),
 * `far-behind` (red), `stopped` (blue: no work for PRODUCTION_LIVE.stoppedAfterSeconds inside a shift), `no-data`
 * (grey: nothing arrived in the period, or no device; never red for missing data).
 */
export const PRODUCTION_LINE_STATUSES = ['on-pace', 'behind', 'far-behind', 'stopped', 'no-data'] as const;
export type ProductionLineStatus = (typeof PRODUCTION_LINE_STATUSES)[number];

export const PRODUCTION_LIVE = {
  /** A line this far behind its pace, as a share of the pace, is `behind`; further is `far-behind`. */
  behindTolerance: 0.1,
  /** No work for this long inside a shift is `stopped`. */
  stoppedAfterSeconds: 300,
  /** The server sends every open screen its state at least this often, so the screen can tell a quiet line from a dead stream. */
  refreshSeconds: 10,
  /** The screen's "updated N s ago" turns amber after this long without a state, red after `staleRedSeconds`. */
  staleAmberSeconds: 30,
  staleRedSeconds: 60,
} as const;

/** OEE of a counter line for the period so far (docs/production.md): each factor 0..1, null when undefined. */
export const productionOeeSchema = z.object({
  availability: z.number().nullable(),
  performance: z.number().nullable(),
  quality: z.number().nullable(),
  oee: z.number().nullable(),
  /** Planned time so far: shift time inside the period up to now, seconds. */
  plannedSeconds: z.number(),
  /** Work inside that planned time, seconds. */
  runSeconds: z.number(),
});
export type ProductionOee = z.infer<typeof productionOeeSchema>;

export const productionLineStateSchema = z.object({
  label: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  param: z.number().int(),
  paramName: z.string(),
  valueKind: z.enum(PRODUCTION_VALUE_KINDS),
  unit: z.string().nullable(),
  goal: z.number(),
  /** Since the period's start, in the goal's unit (percent, minutes, count); null when nothing arrived. */
  value: z.number().nullable(),
  /** Where the line should be now if the goal is spread evenly over the period (efficiency: the goal itself). */
  pace: z.number(),
  /** The value at the period's end at the period's pace so far (efficiency: the value); null without data. */
  projection: z.number().nullable(),
  status: z.enum(PRODUCTION_LINE_STATUSES),
  /** The newest reading of the device in the period. */
  lastDataAt: z.string().nullable(),
  /** Counter lines only (a goal per period is a goal per hour over its hours); null for the others. */
  oee: productionOeeSchema.nullable(),
});
export type ProductionLineState = z.infer<typeof productionLineStateSchema>;

/**
 * What a live screen shows (`GET /api/productionviews/{id}/state`, `GET /api/display/{token}`, and the
 * `production-view` event of the stream): the view, its current period (from the last reset hour to the next, in
 * the company's time zone) and each line's state, computed at `computedAt`.
 */
export const productionViewStateSchema = z.object({
  viewId: z.number().int(),
  name: z.string(),
  view_type: z.enum(PRODUCTION_VIEW_TYPES),
  logo: z.string().nullable(),
  timezone: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  computedAt: z.string(),
  lines: z.array(productionLineStateSchema),
});
export type ProductionViewState = z.infer<typeof productionViewStateSchema>;

/**
 * The `production-view` event's data: the state, whose `logo` (up to a megabyte) is left out while it is the one the
 * stream last sent; a screen keeps the logo it has. A stream's first state always carries it.
 */
export const productionViewStateEventSchema = productionViewStateSchema.extend({ logo: z.string().nullable().optional() });
export type ProductionViewStateEvent = z.infer<typeof productionViewStateEventSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Display links: a view on a TV without a user's sign-in.
// ---------------------------------------------------------------------------------------------------------------

/**
 * `POST /api/productionviews/{id}/displaylinks` answers the link once with its `token` (kept only as a hash);
 * `GET` lists them without; `DELETE /api/productionviews/{id}/displaylinks/{linkId}` revokes one at once (its
 * screens' streams end). The screen is `/display/{token}`; with the token only `GET /api/display/{token}` and
 * `GET /api/display/{token}/events` answer, for that view only.
 */
export const displayLinkSchema = z.object({
  id: z.number().int(),
  viewId: z.number().int(),
  /** A name to tell the screens apart ('Hall 2 TV'); may be empty. */
  label: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lastUsedAt: z.string().nullable(),
});
export type DisplayLink = z.infer<typeof displayLinkSchema>;
export const createdDisplayLinkSchema = displayLinkSchema.extend({
  token: z.string(),
  /** The screen's path, `/display/{token}`. */
  path: z.string(),
});
export type CreatedDisplayLink = z.infer<typeof createdDisplayLinkSchema>;
export const displayLinkInputSchema = z.object({ label: nameText().max(100).optional() });
export const displayLinkListSchema = z.object({ entries: z.array(displayLinkSchema) });
export const DISPLAY_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
