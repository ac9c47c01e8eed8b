import { z } from 'zod';
import { REPORT_FILE_STATUSES } from './constants.ts';
import { filterBooleanSchema, filterChoiceSchema, filterIdSchema, listFilterSchema } from './list.ts';
import { DIAGNOSTICS_LIMITS, commaListSchema, deviceIdsSchema, localDateSchema } from './diagnostics-query.ts';

/**
 * Reports (spec 01 §2 report wizard, §3 report configuration payload and file status, §5, §7; spec 02 dictionary
 * "Reports", §9 constants). The one place that lists the report types, intervals, frequencies, formats, presets,
 * the document every report is made of, and the message keys of the wizard's field errors. docs/reports.md.
 */

/** The ten report types; each is a screen under `/reports/{type}`, a `reportType`/`context` value and a file. */
export const REPORT_TYPES = [
  'efficiency-report',
  'device-operators-report',
  'device-work-details-report',
  'device-work-device-shift',
  'device-work-shift-chart',
  'production-device-work-matrix',
  'alerts-report',
  'device-efficiency-report',
  'devices-work-report',
  'workers-work-report',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The six `/reports` children of spec 01 §2, in the menu's order; the other four follow them. */
export const SPEC_REPORT_ROUTES = REPORT_TYPES.slice(0, 6);

/**
 * Types that are about operators: their selection is operators or operator groups (`deviceOperators` in the
 * wizard's errors); every other type selects devices or device groups (`deviceGroups`).
 */
export const OPERATOR_REPORT_TYPES: readonly ReportType[] = ['device-operators-report', 'workers-work-report'];
export const isOperatorReport = (type: ReportType) => OPERATOR_REPORT_TYPES.includes(type);

/**
 * The report's interval (spec 02 §9): how the period is divided. Types with a granularity of their own (work details
 * every 5 minutes, the 15-minute matrix) start a new section at each interval boundary; the others make one row per
 * interval bucket (and subject). `shifts` is "work by shifts": one bucket per shift of each day.
 */
export const REPORT_INTERVALS = ['day', 'week', 'month', 'year', 'shifts'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** Sending frequency: once (generated at once) or cyclic, each covering the last complete day / week / month. */
export const REPORT_FREQUENCIES = ['once', 'day', 'week', 'month'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const CYCLIC_REPORT_FREQUENCIES = ['day', 'week', 'month'] as const;

export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** PDF only where the report is a summary a person reads on paper; the long grids are xlsx and CSV. */
export const REPORT_TYPE_FORMATS: Record<ReportType, readonly ReportFormat[]> = {
  'efficiency-report': ['xlsx', 'csv', 'pdf'],
  'device-operators-report': ['xlsx', 'csv', 'pdf'],
  'device-work-details-report': ['xlsx', 'csv'],
  'device-work-device-shift': ['xlsx', 'csv', 'pdf'],
  'device-work-shift-chart': ['xlsx', 'csv', 'pdf'],
  'production-device-work-matrix': ['xlsx', 'csv'],
  'alerts-report': ['xlsx', 'csv', 'pdf'],
  'device-efficiency-report': ['xlsx', 'csv', 'pdf'],
  'devices-work-report': ['xlsx', 'csv', 'pdf'],
  'workers-work-report': ['xlsx', 'csv', 'pdf'],
};

/** Date presets of the report screens (spec 02 §9); weeks start on Monday, in the company's time zone. */
export const REPORT_DATE_PRESETS = ['this-week', 'last-week', 'this-month', 'last-month'] as const;
export type ReportDatePreset = (typeof REPORT_DATE_PRESETS)[number];

export const REPORT_LIMITS = {
  nameMin: 3,
  nameMax: 128,
  /** Typed-in e-mail recipients of one configuration. */
  maxEmails: 20,
  maxUsers: 100,
  maxGroups: 50,
  /** A once-report's range, inclusive days (a year of 5-minute details is the largest the issue asks for). */
  maxRangeDays: 366,
  /**
   * Rows of one page of a paged screen (`GET /api/reports/{type}/data?page=`, PAGED_REPORT_TYPES): a month of
   * 5-minute rows of 50 devices is ~430,000 rows, a month of their alerts thousands; the screen shows a page at a
   * time (docs/reports.md).
   */
  screenPageRows: 1_000,
} as const;

/** The report types whose screen pages through the server (`page` of the data call); the others answer at once. */
export const PAGED_REPORT_TYPES: readonly ReportType[] = ['device-work-details-report', 'alerts-report', 'device-operators-report'];
export const isPagedReport = (type: ReportType) => PAGED_REPORT_TYPES.includes(type);

/**
 * The report types the interval does not divide: the work matrix (a section per date), the devices' work (the whole
 * period), the shift chart and the work per device and shift (by the company's shifts). Their screens neither ask for
 * nor name an interval.
 */
export const REPORT_TYPES_WITHOUT_INTERVAL: readonly ReportType[] = [
  'production-device-work-matrix',
  'devices-work-report',
  'device-work-device-shift',
  'device-work-shift-chart',
];
export const reportUsesInterval = (type: ReportType) => !REPORT_TYPES_WITHOUT_INTERVAL.includes(type);

/** The wizard's field error keys (spec 01 §5 "Report"); generic keys from MESSAGE_KEYS where they fit. */
export const REPORT_MESSAGE_KEYS = {
  typeRequired: 'report.error.type-required',
  intervalRequired: 'report.error.interval-required',
  groupsRequired: 'report.error.groups-required',
  nameRequired: 'report.error.name-required',
  nameLength: 'report.error.name-length',
  emailInvalid: 'report.error.email-invalid',
  recipientsRequired: 'report.error.recipients-required',
  formatUnsupported: 'report.error.format-unsupported',
  rangeInvalid: 'report.error.range-invalid',
  rangeTooLong: 'report.error.range-too-long',
  /** A group, user or other id that is not one of the company's. */
  notFound: 'form.field.error.not-found',
  /** A value of the wrong kind (a frequency that is not one of REPORT_FREQUENCIES, a context that is not a type). */
  incorrect: 'form.field.error.incorrect',
  /** Spec 02 §5: the hint under the e-mail recipients field. */
  pressEnter: 'report.recipients.press-enter',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The report document: what every type produces, on screen (JSON) and in a file (xlsx, CSV, PDF) from the same rows.
// ---------------------------------------------------------------------------------------------------------------

/**
 * How a cell is shown: durations are seconds (shown h:mm:ss / hours), percents 0..100, dates `YYYY-MM-DD` and
 * date-times `YYYY-MM-DDTHH:mm` in the company's time zone, a period a text of local dates (`withLocalDates`),
 * counts and numbers as numbers.
 */
export const REPORT_COLUMN_KINDS = ['text', 'period', 'date', 'datetime', 'duration', 'percent', 'count', 'number'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

const LOCAL_DATE_IN_TEXT = /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/g;

/**
 * A `period` cell (a bucket's label: `2026-11-16`, `2026-11-16 – 2026-11-22`, `2026-11-16 Night`) or a section title
 * as a person reads it: every local date in it written by `formatDate`, the reader's one date format (the screen's
 * and the files' dates then read alike, never `2026-11-16` beside `16.11.2026`).
 */
export function withLocalDates(text: string, formatDate: (date: string) => string): string {
  return text.replace(LOCAL_DATE_IN_TEXT, (date) => formatDate(date));
}

export const reportColumnSchema = z.object({
  key: z.string(),
  /** A translation key (`reports.column.{key}` by convention), translated by the screen and by the file writer. */
  title: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

/** A table: a device, an operator, a day, or the whole report; a totals row, when there is one, is the last. */
export const reportSectionSchema = z.object({
  /** Shown above the table (a device's or period's name); null for a report of one table. */
  title: z.string().nullable(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.array(reportCellSchema)),
  /** Whether the last row is the section's totals (shown bold). */
  totals: z.boolean(),
  /**
   * On a page of a paged report only: the section began on an earlier page (its title and first rows are there), so
   * a reader joining the pages appends these rows to that section.
   */
  continued: z.boolean().optional(),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

export const reportDocumentSchema = z.object({
  type: z.enum(REPORT_TYPES),
  from: localDateSchema,
  to: localDateSchema,
  interval: z.enum(REPORT_INTERVALS),
  timezone: z.string(),
  /** True when no reading, session or alert at all fell in the period: the report says so instead of being skipped. */
  empty: z.boolean(),
  /**
   * On screen only: the report had more rows than a screen shows (the server's limit) and stops there; the last
   * section then has no totals row. A file always holds every row.
   */
  truncated: z.boolean().optional(),
  /**
   * Present when a page was asked for (`page`): the document holds only that page's rows, exactly the slice
   * [(page − 1) × pageRows, page × pageRows) of the whole document's rows (totals rows included, as the whole
   * document has them), so joining every page gives the whole document. A page past the last one has no sections.
   */
  paging: z
    .object({
      page: z.number().int(),
      /** At least 1 (a report without rows has one empty page). */
      pageCount: z.number().int(),
      pageRows: z.number().int(),
      /** Rows of the whole document, totals rows included. */
      totalRows: z.number().int(),
    })
    .optional(),
  sections: z.array(reportSectionSchema),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

const groupIdsSchema = commaListSchema({ min: 1, maxItems: DIAGNOSTICS_LIMITS.maxGroups, description: 'Device group ids, comma-separated', example: '4' });
const operatorIdsSchema = commaListSchema({ min: 1, maxItems: DIAGNOSTICS_LIMITS.maxOperators, description: 'Operator ids, comma-separated', example: '1,2' });
const operatorGroupIdsSchema = commaListSchema({
  min: 1,
  maxItems: DIAGNOSTICS_LIMITS.maxOperatorGroups,
  description: 'Operator group ids, comma-separated',
  example: '3',
});

/**
 * `GET /api/reports/{type}/data`: a screen's selection. Device types take devices and/or groups; operator types take
 * deviceOperators and/or deviceOperatorsGroups (400 naming the selection field when none is given).
 */
export const reportDataQuerySchema = z.object({
  from: localDateSchema,
  to: localDateSchema,
  interval: z.enum(REPORT_INTERVALS).default('day'),
  devices: deviceIdsSchema.optional(),
  groups: groupIdsSchema.optional(),
  deviceOperators: operatorIdsSchema.optional(),
  deviceOperatorsGroups: operatorGroupIdsSchema.optional(),
  /**
   * 1-based page of a paged type (PAGED_REPORT_TYPES: work details, alerts, device operators),
   * REPORT_LIMITS.screenPageRows rows a page; the answer then carries `paging`. Without it a paged type answers its
   * first rows up to the screen's limit (then `truncated`), as before. Any other type answers 400 on `page`.
   */
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .meta({ description: '1-based page (work details, alerts and device operators only)', example: 1 }),
});
export type ReportDataQuery = z.input<typeof reportDataQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Configurations (the wizard) and generated files.
// ---------------------------------------------------------------------------------------------------------------

/**
 * `POST /api/reportsconfigurations?context={reportType}` and `PUT /api/reportsconfigurations/{id}`: the spec's
 * payload (reportType, groups, users, reportInterval, name) plus what the wizard's last steps add. Parsed leniently
 * (every field optional) so the service can answer every wrong field at once with REPORT_MESSAGE_KEYS.
 */
export const reportConfigurationInputSchema = z.object({
  reportType: z.unknown().optional(),
  /** Device group ids, or operator group ids for the operator types. */
  groups: z.unknown().optional(),
  /** Recipient user ids (the current user is preselected by the wizard). */
  users: z.unknown().optional(),
  /** Typed-in recipient addresses. */
  emails: z.unknown().optional(),
  reportInterval: z.unknown().optional(),
  name: z.unknown().optional(),
  /** Absent: once, at once (the spec's payload has no frequency). */
  frequency: z.unknown().optional(),
  /** Absent: xlsx. */
  format: z.unknown().optional(),
  /** A once-report's range (local dates); absent: the last complete month in the company's time zone. */
  from: z.unknown().optional(),
  to: z.unknown().optional(),
});
export type ReportConfigurationInput = {
  reportType: ReportType;
  groups: number[];
  users: number[];
  emails?: string[];
  reportInterval: ReportInterval;
  name: string;
  frequency?: ReportFrequency;
  format?: ReportFormat;
  from?: string;
  to?: string;
};

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

export const reportConfigurationSchema = z.object({
  id: z.number().int(),
  reportType: z.enum(REPORT_TYPES),
  name: z.string(),
  reportInterval: z.enum(REPORT_INTERVALS),
  frequency: z.enum(REPORT_FREQUENCIES),
  format: z.enum(REPORT_FORMATS),
  /** Device groups, or operator groups for the operator types. */
  groups: z.array(namedSchema),
  users: z.array(namedSchema),
  emails: z.array(z.string()),
  enabled: z.boolean(),
  /** A once-report's range; null for cyclic ones. */
  from: localDateSchema.nullable(),
  to: localDateSchema.nullable(),
  createdBy: namedSchema.nullable(),
  createdAt: z.string(),
  /** The last period generated (cyclic), as `from`..`to` local dates. */
  lastPeriod: z.object({ from: localDateSchema, to: localDateSchema }).nullable(),
});
export type ReportConfiguration = z.infer<typeof reportConfigurationSchema>;

export const reportFileSchema = z.object({
  id: z.number().int(),
  configurationId: z.number().int().nullable(),
  reportType: z.enum(REPORT_TYPES),
  /** The file's name as downloaded, e.g. `Efficiency-2026-10-01-2026-10-31.xlsx`. */
  name: z.string(),
  format: z.enum(REPORT_FORMATS),
  /** One of REPORT_FILE_STATUSES; a client shows anything else as unknown. */
  status: z.string(),
  /** 0..100 while PROCESS; 100 when DONE. */
  progress: z.number().int(),
  /** Bytes; null until DONE. */
  size: z.number().int().nullable(),
  period: z.object({ from: localDateSchema, to: localDateSchema }),
  requestedBy: namedSchema.nullable(),
  /** ERROR's reason, a translation key or a short text. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportFile = z.infer<typeof reportFileSchema>;
export const KNOWN_REPORT_FILE_STATUSES: readonly string[] = REPORT_FILE_STATUSES;

/** The `report-file` event of `GET /api/events`: a file the user asked for or receives moved or progressed. */
export const reportFileEventSchema = z.object({
  fileId: z.number().int(),
  status: z.string(),
  progress: z.number().int(),
});
export type ReportFileEvent = z.infer<typeof reportFileEventSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Lists (list protocol, contracts/src/list.ts) and the generation's messages.
// ---------------------------------------------------------------------------------------------------------------

export const REPORT_CONFIGURATION_SORT_FIELDS = ['name', 'reportType', 'frequency', 'enabled', 'createdAt'] as const;
export type ReportConfigurationSortField = (typeof REPORT_CONFIGURATION_SORT_FIELDS)[number];
/** `GET /api/reportsconfigurations?filter=`: the wizard's cyclic list asks for `{"frequency": "week"}` and the like. */
export const reportConfigurationListFilterSchema = listFilterSchema({
  reportType: filterChoiceSchema(REPORT_TYPES),
  frequency: filterChoiceSchema(REPORT_FREQUENCIES),
  cyclic: filterBooleanSchema,
  enabled: filterBooleanSchema,
});
export type ReportConfigurationListFilter = z.output<typeof reportConfigurationListFilterSchema>;
export const reportConfigurationListSchema = z.object({ entries: z.array(reportConfigurationSchema) });

export const REPORT_FILE_SORT_FIELDS = ['createdAt', 'name', 'status', 'reportType', 'size'] as const;
export type ReportFileSortField = (typeof REPORT_FILE_SORT_FIELDS)[number];
export const reportFileListFilterSchema = listFilterSchema({
  status: filterChoiceSchema(REPORT_FILE_STATUSES),
  reportType: filterChoiceSchema(REPORT_TYPES),
  configuration: filterIdSchema,
});
export type ReportFileListFilter = z.output<typeof reportFileListFilterSchema>;
export const reportFileListSchema = z.object({ entries: z.array(reportFileSchema) });

/** ERROR reasons a file shows (translation keys; anything else is a short text of the server's). */
export const REPORT_FILE_ERROR_KEYS = {
  /** The generation failed; `retry` makes it again. */
  failed: 'reports.file.error.failed',
  /** No builder for the type in this server version. */
  unsupported: 'reports.file.error.unsupported',
} as const;
