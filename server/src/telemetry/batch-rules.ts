import { INGEST_LIMITS, INGEST_MESSAGE_KEYS, MESSAGE_KEYS, readingValueInRange } from '@gearwatch/contracts';
import { ValidationError } from '../http/errors.ts';
import { unstorableText } from '../http/input-guard.ts';
import type { IngestBatch } from './types.ts';
import { MODULE_EVENT_TYPES } from './types.ts';

/**
 * The rules every batch obeys, whichever path it came by. The wire parser (payload.ts) applies them item by item
 * while converting; the service applies them again to typed batches from in-process callers (the simulator), so
 * no path can store what the others would refuse.
 */

/**
 * Collects field errors keyed like `readings.3.v`, naming at most `maxListedErrors` items; past that it only
 * counts, and the answer says more were left out.
 */
export class ErrorCollector {
  readonly errors: Record<string, string[]> = {};
  private readonly items = new Set<string>();
  private truncated = false;
  readonly rootErrors: string[] = [];

  add(item: string, field: string, key: string): void {
    if (!this.items.has(item)) {
      if (this.items.size >= INGEST_LIMITS.maxListedErrors) {
        this.truncated = true;
        return;
      }
      this.items.add(item);
    }
    const list = (this.errors[field ? `${item}.${field}` : item] ??= []);
    if (!list.includes(key)) list.push(key);
  }

  addRoot(key: string): void {
    if (!this.rootErrors.includes(key)) this.rootErrors.push(key);
  }

  get failed(): boolean {
    return this.items.size > 0 || this.rootErrors.length > 0;
  }

  toError(): ValidationError {
    const rootErrors = this.truncated ? [...this.rootErrors, INGEST_MESSAGE_KEYS.moreErrorsNotListed] : this.rootErrors;
    return new ValidationError(this.errors, rootErrors);
  }
}

/** Epoch milliseconds a timestamp may take, relative to the server clock `now`. */
export function timestampInRange(ms: number, now: number): boolean {
  return ms >= INGEST_LIMITS.earliestMs && ms <= now + INGEST_LIMITS.maxFutureMs;
}

export const isParameterNumber = (p: unknown): p is number => Number.isInteger(p) && (p as number) >= 0 && (p as number) <= 2_147_483_647;
export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/**
 * The error of a reading's value, if any: a finite number within its kind's range (contracts readingValueInRange).
 * Out of range it would overflow the rollup sums (docs/ingest.md, "Values"); a parameter number that is itself
 * wrong is judged by the general magnitude.
 */
export function readingValueError(parameter: unknown, value: unknown): string | null {
  if (!isFiniteNumber(value)) return value === undefined || value === null ? MESSAGE_KEYS.notBlank : MESSAGE_KEYS.incorrect;
  return readingValueInRange(isParameterNumber(parameter) ? parameter : -1, value) ? null : INGEST_MESSAGE_KEYS.valueOutOfRange;
}
export const isLatitude = (v: unknown): v is number => isFiniteNumber(v) && v >= -90 && v <= 90;
export const isLongitude = (v: unknown): v is number => isFiniteNumber(v) && v >= -180 && v <= 180;
export const isAccuracy = (v: unknown): v is number | null | undefined => v === null || v === undefined || (isFiniteNumber(v) && v >= 0);
export const isEventType = (v: unknown): v is (typeof MODULE_EVENT_TYPES)[number] =>
  typeof v === 'string' && (MODULE_EVENT_TYPES as readonly string[]).includes(v);
/** A card number the database can hold: text without NUL or unpaired surrogates (MQTT has no input guard). */
export const isCard = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= INGEST_LIMITS.maxRfidChars && !unstorableText(v);

/** The error of an event's card, if any: rfid_on must name its card; any card given must be a sane one. */
export function cardError(type: unknown, rfid: unknown): string | null {
  if (rfid === undefined || rfid === null) return type === 'rfid_on' ? MESSAGE_KEYS.notBlank : null;
  if (typeof rfid === 'string' && rfid.trim() === '') return type === 'rfid_on' ? MESSAGE_KEYS.notBlank : MESSAGE_KEYS.incorrect;
  return isCard(rfid) ? null : MESSAGE_KEYS.incorrect;
}

function checkTimestamp(errors: ErrorCollector, item: string, ts: Date, now: number): void {
  const ms = ts instanceof Date ? ts.getTime() : Number.NaN;
  if (Number.isNaN(ms)) errors.add(item, 'ts', MESSAGE_KEYS.incorrect);
  else if (!timestampInRange(ms, now)) errors.add(item, 'ts', INGEST_MESSAGE_KEYS.timestampOutOfRange);
}

/** Throws ValidationError (fields named after the typed shape: `readings.3.value`) when a typed batch breaks a rule. */
export function assertValidBatch(batch: IngestBatch, now = Date.now()): void {
  const errors = new ErrorCollector();
  if (batch.readings.length + batch.positions.length + batch.events.length > INGEST_LIMITS.maxItems) errors.addRoot(INGEST_MESSAGE_KEYS.tooManyItems);
  batch.readings.forEach((r, i) => {
    const item = `readings.${i}`;
    checkTimestamp(errors, item, r.ts, now);
    if (!isParameterNumber(r.parameter)) errors.add(item, 'parameter', MESSAGE_KEYS.incorrect);
    const valueKey = readingValueError(r.parameter, r.value);
    if (valueKey) errors.add(item, 'value', valueKey === MESSAGE_KEYS.notBlank ? MESSAGE_KEYS.incorrect : valueKey);
  });
  batch.positions.forEach((p, i) => {
    const item = `positions.${i}`;
    checkTimestamp(errors, item, p.ts, now);
    if (!isLatitude(p.lat)) errors.add(item, 'lat', MESSAGE_KEYS.incorrect);
    if (!isLongitude(p.lon)) errors.add(item, 'lon', MESSAGE_KEYS.incorrect);
    if (!isAccuracy(p.accuracy)) errors.add(item, 'accuracy', MESSAGE_KEYS.incorrect);
  });
  batch.events.forEach((e, i) => {
    const item = `events.${i}`;
    checkTimestamp(errors, item, e.ts, now);
    if (!isEventType(e.type)) errors.add(item, 'type', MESSAGE_KEYS.incorrect);
    const rfidKey = cardError(e.type, e.rfid);
    if (rfidKey) errors.add(item, 'rfid', rfidKey);
  });
  if (errors.failed) throw errors.toError();
}
