/**
 * The spec's constants, kept in one place for the server and the client.
 * Sources: spec 01 §2, §9 and spec 02 §9.
 */

export const LANGUAGES = ['pl', 'en', 'lv', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pl';
export const FALLBACK_LANGUAGE: Language = 'en';
/** The login card shows these flags (spec 01 §1). */
export const LOGIN_FLAG_LANGUAGES: readonly Language[] = ['pl', 'en'];
/** Each language named in itself, as language pickers show it whatever the current language is. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = { pl: 'Polski', en: 'English', lv: 'Latviešu', ru: 'Русский' };
/**
 * The locale dates and numbers are written in for each language, on screen and in mail alike. The product's users are
 * in Europe: English means day-first dates and 24-hour times (en-GB), not 11/24/26.
 */
export const FORMATTING_LOCALES: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', lv: 'lv-LV', ru: 'ru-RU' };

export const PRODUCT_NAME = 'Gearwatch';

/** Upper bounds (inclusive) of the screen-size classes in CSS pixels; xlarge is everything above large. */
export const SCREEN_SIZES = {
  xxsmall: 480,
  xsmall: 600,
  small: 960,
  medium: 1280,
  large: 1920,
} as const;
export type ScreenSize = keyof typeof SCREEN_SIZES | 'xlarge';
export const MOBILE_SCREEN_SIZES: readonly ScreenSize[] = ['xxsmall', 'xsmall', 'small'];
export const TABLET_SCREEN_SIZES: readonly ScreenSize[] = ['xsmall', 'small'];

/** Theme colours as Material palette names and shades (spec 01 §9). */
export const THEME_COLOURS = {
  default: { palette: 'blue', shade: '500' },
  light: { palette: 'grey', shade: '200' },
  medium: { palette: 'grey', shade: '400' },
  dark: { palette: 'grey', shade: '600' },
  success: { palette: 'green', shade: 'A700' },
  warning: { palette: 'yellow', shade: '700' },
  alert: { palette: 'red', shade: 'A200' },
} as const;

export const LAYOUT = {
  navDrawerWidthPx: 300,
  dialogDefaultWidthPercent: 40,
  /** The alert-rule wizard: half the width (spec 01 §2). */
  dialogHalfWidthPercent: 50,
  dialogSupportWidthPercent: 65,
  dialogSettingsWidthPx: 800,
  dialogImpersonationWidthPx: 550,
  dialogDeleteWidthPx: 400,
  dialogCloseDelayMs: 500,
  resizeDebounceMs: 17,
  animationMs: 300,
  guideStepWaitMs: 300,
  toastDurationMs: 2000,
  selectTextMaxChars: 30,
  iconSizePx: 24,
} as const;

export const ALARM_TOTALS_REFRESH_SECONDS = 60;

export const MAP_DEFAULTS = {
  centre: { lat: 51.919438, lon: 19.145136 },
  zoom: 5,
  formMapHeightPx: 300,
  /** Geo monitor (spec 02 §9): the time slider's step, 5 minutes. */
  sliderStepMs: 300_000,
  /** Geo monitor: the accuracy circle's radius is capped at this many metres. */
  accuracyCircleMaxM: 1000,
  /** Geo monitor: the position marker's radius in pixels. */
  markerRadiusPx: 7,
  /** Geo monitor: fitting the view to a route zooms in no further than this. */
  fitMaxZoom: 14,
  /**
   * Devices localization: fitting the view to the fleet zooms in as far as a yard's layout (the machines of one
   * site stand metres apart and would sit on top of each other at the geo monitor's route zoom).
   */
  fleetFitMaxZoom: 18,
} as const;

export const SHIFT_RULES = {
  maxShifts: 4,
  defaultLengthHours: 8,
} as const;

/** Well-known parameter numbers (ARCHITECTURE §4, spec 02 §9). */
export const PARAMETER_NUMBERS = {
  efficiency: 0,
  work: 1,
  active: 2,
  counter: 3,
  internal: 10000,
  chargingQuantity: 10003,
} as const;

export const PARAMETER_AGGREGATIONS = ['sum', 'avg', 'min', 'max', 'last'] as const;
export type ParameterAggregation = (typeof PARAMETER_AGGREGATIONS)[number];

export const PARAMETER_DATA_TYPES = ['integer', 'float', 'boolean'] as const;
export type ParameterDataType = (typeof PARAMETER_DATA_TYPES)[number];

export const SUBSCRIPTION_TYPES = ['basic', 'standard', 'premium'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const REPORT_FILE_STATUSES = ['ERROR', 'NEW', 'PROCESS', 'DONE'] as const;
export type ReportFileStatus = (typeof REPORT_FILE_STATUSES)[number];

export const ALERT_IMPORTANCES = ['info', 'warning', 'error'] as const;
export type AlertImportance = (typeof ALERT_IMPORTANCES)[number];

export const DEVICE_STATUSES = ['operational', 'damaged'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const DEVICE_POWER_STATES = ['on', 'off', 'pending'] as const;
export type DevicePowerState = (typeof DEVICE_POWER_STATES)[number];

/** Build version string shown in the profile menu to users with the impersonate extra. */
export const BUILD_VERSION = '2025-05-27';

/** Well-known user-setting keys. */
export const USER_SETTING_KEYS = {
  guide: 'guide',
} as const;
export const GUIDE_SHOWN_VALUE = 'showed';

/** Response headers of the list protocol (ARCHITECTURE §5). */
export const LIST_HEADERS = {
  pageEntries: 'x-page-entries',
  pageNumber: 'x-page-number',
  totalEntries: 'x-total-entries',
  totalPages: 'x-total-pages',
  requestId: 'x-request-id',
  contexts: 'x-contexts',
} as const;
export const DEFAULT_PAGE_SIZE = 25;
/** page_size=0 asks for every entry (the paginator's no-limit option). */
export const PAGE_SIZE_NO_LIMIT = 0;
/** The paginator's rows-per-page choices (spec 02 §9); it also offers no limit (PAGE_SIZE_NO_LIMIT). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
