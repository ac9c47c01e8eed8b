import type { ProductionViewType } from '@gearwatch/contracts';
import {
  MESSAGE_KEYS,
  PRODUCTION_VIEW_LIMITS as LIMITS,
  PRODUCTION_VIEW_MESSAGE_KEYS as K,
  PRODUCTION_VIEW_TYPES,
  RESET_HOUR_PATTERN,
  avatarTypeOf,
  isSingleLineText,
  parseDataUrl,
} from '@gearwatch/contracts';
import { MAX_ROW_ID } from '../http/params.ts';

/** A line as checked: position 0 or 1 of the view. */
export interface ViewLineValues {
  label: string;
  deviceId: number;
  parameter: number;
  goal: number;
}

/** A new logo, by the type its bytes have (not the one the data URL declares). */
export interface LogoValue {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg';
}

/** A view as the service stores it; `logo` undefined keeps the logo already set. */
export interface ViewValues {
  name: string;
  viewType: ProductionViewType;
  lines: ViewLineValues[];
  /** Whole hours 0–23, ascending, each once. */
  resetHours: number[];
  logo?: LogoValue;
}

/** What the checks need to know beyond the payload: the company's devices and their parameters, the current logo. */
export interface ViewInputContext {
  /** The parameter numbers a line may show for the device, or null when the device is not the company's. */
  parametersOf(deviceId: number): Promise<ReadonlySet<number> | null>;
  /** Whether the view being edited has a logo (false when creating). */
  hasLogo: boolean;
}

type Raw = Record<string, unknown>;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A row id given as a number or as a string of digits (form fields arrive as either); null for anything else. */
function rowId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID ? id : null;
}

/** A parameter number: an integer ≥ 0 as a number or a string of digits; null for anything else. */
function parameterNumber(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= MAX_ROW_ID ? number : null;
}

/**
 * The goal: digits only (spec 01 §5 productionview.numbersonly) as a string or a number, so '12a', '-5', '1.5', 1.5,
 * -5 and 1e21 are refused alike; then 0 to 10000.
 */
function checkGoal(value: unknown): { value: number } | { error: string } {
  if (isBlank(value)) return { error: K.required };
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  if (!/^\d+$/.test(text)) return { error: K.numbersOnly };
  const goal = Number(text);
  if (goal < LIMITS.goalMin || goal > LIMITS.goalMax) return { error: K.goalRange };
  return { value: goal };
}

/**
 * Reset hours: the spec's joined list "06:00,14:00" or an array of such strings. Only 'HH:00' of 00:00–23:00 is an
 * hour (the wizard sends nothing else; a bare "6" is refused rather than guessed); empty items of the joined list
 * (a trailing comma) are skipped. Repeats collapse; the hours come back ascending.
 */
function checkResetHours(value: unknown): { value: number[] } | { error: string } {
  let items: unknown[];
  if (value === undefined || value === null) items = [];
  else if (typeof value === 'string') items = value.split(',');
  else if (Array.isArray(value)) items = value;
  else return { error: K.resetHourInvalid };
  const hours = new Set<number>();
  for (const item of items) {
    if (typeof item !== 'string') return { error: K.resetHourInvalid };
    const text = item.trim();
    if (text === '') continue;
    if (!RESET_HOUR_PATTERN.test(text)) return { error: K.resetHourInvalid };
    hours.add(Number(text.slice(0, 2)));
  }
  if (hours.size === 0) return { error: K.resetHoursRequired };
  return { value: [...hours].sort((a, b) => a - b) };
}

/** The longest data URL an allowed logo can have: its base64 and a generous prefix. Longer text is not read. */
const LOGO_MAX_TEXT = Math.ceil(LIMITS.logoMaxBytes / 3) * 4 + 200;

/**
 * The logo: absent, null or '' keeps the current one (which a new view, or one without a logo, does not have); a
 * data URL of a png or a jpeg, recognised by its bytes, replaces it. Anything that is not such an image is an
 * unsupported file type.
 */
function checkLogo(value: unknown, hasLogo: boolean): { value: LogoValue | undefined } | { error: string } {
  if (value === undefined || value === null || value === '') return hasLogo ? { value: undefined } : { error: K.logoRequired };
  if (typeof value !== 'string') return { error: K.unsupportedFileType };
  if (value.length > LOGO_MAX_TEXT) return { error: K.fileTooLarge };
  const parsed = parseDataUrl(value.trim());
  if (!parsed) return { error: K.unsupportedFileType };
  const bytes = Buffer.from(parsed.base64, 'base64');
  const type = avatarTypeOf(bytes);
  if (!type) return { error: K.unsupportedFileType };
  if (bytes.length > LIMITS.logoMaxBytes) return { error: K.fileTooLarge };
  return { value: { bytes, type } };
}

/**
 * Checks the wizard's payload (spec 01 §3 "Production view (sent)", §5) and answers the values to store, or every
 * wrong field at once under the payload's names (`prodview_name`, `lineParams.1.goal`, …) so the wizard shows each
 * on its step. Only the two lines the wizard has are read from `lineParams`, whatever its length.
 */
export async function checkViewInput(raw: Raw, context: ViewInputContext): Promise<{ values: ViewValues } | { errors: Record<string, string[]> }> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, key: string) => void (errors[field] ??= []).push(key);

  const type = raw.prodview_type;
  if (!(PRODUCTION_VIEW_TYPES as readonly unknown[]).includes(type)) fail('prodview_type', K.required);

  const name = typeof raw.prodview_name === 'string' ? raw.prodview_name.trim() : '';
  if (name === '') fail('prodview_name', K.required);
  else if (!isSingleLineText(raw.prodview_name as string)) fail('prodview_name', MESSAGE_KEYS.incorrect);
  else if (name.length < LIMITS.nameMin) fail('prodview_name', K.minLength3);
  else if (name.length > LIMITS.nameMax) fail('prodview_name', K.maxLength128);

  const given = Array.isArray(raw.lineParams) ? raw.lineParams : [];
  if (!Array.isArray(raw.lineParams) || raw.lineParams.length !== LIMITS.lines) fail('lineParams', K.twoLines);
  const lines: ViewLineValues[] = [];
  for (const [position, item] of given.slice(0, LIMITS.lines).entries()) {
    const line = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Raw) : {};
    const field = (key: string) => `lineParams.${position}.${key}`;

    const label = typeof line.lineName === 'string' ? line.lineName.trim() : '';
    if (label === '') fail(field('lineName'), K.required);
    else if (!isSingleLineText(line.lineName as string)) fail(field('lineName'), MESSAGE_KEYS.incorrect);
    else if (label.length > LIMITS.lineNameMax) fail(field('lineName'), K.maxLength50);

    let parameters: ReadonlySet<number> | null = null;
    const deviceId = rowId(line.deviceId);
    if (isBlank(line.deviceId)) fail(field('deviceId'), K.required);
    else {
      parameters = deviceId === null ? null : await context.parametersOf(deviceId);
      if (parameters === null) fail(field('deviceId'), K.notFound);
    }

    // A parameter is checked against the device's when there is one; without it only its form is (the device's error says the rest).
    const parameter = parameterNumber(line.parameter_id);
    if (isBlank(line.parameter_id)) fail(field('parameter_id'), K.required);
    else if (parameter === null || (parameters !== null && !parameters.has(parameter))) fail(field('parameter_id'), K.parameterInvalid);

    const goal = checkGoal(line.goal);
    if ('error' in goal) fail(field('goal'), goal.error);

    if (deviceId !== null && parameter !== null && 'value' in goal) lines.push({ label, deviceId, parameter, goal: goal.value });
  }

  const resetHours = checkResetHours(raw.reset_hours);
  if ('error' in resetHours) fail('reset_hours', resetHours.error);

  const logo = checkLogo(raw.file, context.hasLogo);
  if ('error' in logo) fail('file', logo.error);

  if (Object.keys(errors).length > 0 || !('value' in resetHours) || !('value' in logo)) return { errors };
  return { values: { name, viewType: type as ProductionViewType, lines, resetHours: resetHours.value, logo: logo.value } };
}
