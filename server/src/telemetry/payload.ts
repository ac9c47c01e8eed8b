import { INGEST_LIMITS, INGEST_MESSAGE_KEYS, MESSAGE_KEYS } from '@gearwatch/contracts';
import type { MqttIngestKind } from '@gearwatch/contracts';
import type { ValidationError } from '../http/errors.ts';
import {
  ErrorCollector,
  cardError,
  isAccuracy,
  isEventType,
  isLatitude,
  isLongitude,
  isParameterNumber,
  readingValueError,
  timestampInRange,
} from './batch-rules.ts';
import { parseTimestamp } from './timestamps.ts';
import type { EventInput, IngestBatch, PositionInput, ReadingInput } from './types.ts';

/**
 * Converts the wire format (contracts/src/ingest.ts, docs/ingest.md) into a typed batch, naming every bad item by
 * its path in the input (`readings.3.v`). Hand-written rather than a zod parse: it runs on up to 50,000 items per
 * request, and it must stop listing after 100 bad items instead of building 50,000 issues.
 */

export type ParseResult = { ok: true; batch: IngestBatch } | { ok: false; error: ValidationError };

interface Context {
  errors: ErrorCollector;
  now: number;
}

function timestampAt(ctx: Context, item: string, field: string, raw: unknown): Date | null {
  if (raw === undefined || raw === null) {
    ctx.errors.add(item, field, MESSAGE_KEYS.notBlank);
    return null;
  }
  const ms = parseTimestamp(raw);
  if (Number.isNaN(ms)) ctx.errors.add(item, field, MESSAGE_KEYS.incorrect);
  else if (!timestampInRange(ms, ctx.now)) ctx.errors.add(item, field, INGEST_MESSAGE_KEYS.timestampOutOfRange);
  else return new Date(ms);
  return null;
}

function required(ctx: Context, item: string, field: string, raw: unknown, valid: (v: unknown) => boolean): boolean {
  if (valid(raw)) return true;
  ctx.errors.add(item, field, raw === undefined || raw === null ? MESSAGE_KEYS.notBlank : MESSAGE_KEYS.incorrect);
  return false;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{p, t, v}`. */
function parseReading(ctx: Context, item: string, raw: unknown): ReadingInput | null {
  if (!isObject(raw)) {
    ctx.errors.add(item, '', MESSAGE_KEYS.incorrect);
    return null;
  }
  const { p, t, v } = raw;
  // The common case first, without building anything: a valid reading costs a few comparisons.
  const ms = parseTimestamp(t);
  const valueKey = readingValueError(p, v);
  if (isParameterNumber(p) && valueKey === null && timestampInRange(ms, ctx.now)) return { parameter: p, ts: new Date(ms), value: v as number };
  timestampAt(ctx, item, 't', t);
  required(ctx, item, 'p', p, isParameterNumber);
  if (valueKey) ctx.errors.add(item, 'v', valueKey);
  return null;
}

function parsePosition(ctx: Context, item: string, raw: unknown): PositionInput | null {
  if (!isObject(raw)) {
    ctx.errors.add(item, '', MESSAGE_KEYS.incorrect);
    return null;
  }
  const ts = timestampAt(ctx, item, 't', raw.t);
  const latOk = required(ctx, item, 'lat', raw.lat, isLatitude);
  const lonOk = required(ctx, item, 'lon', raw.lon, isLongitude);
  const accOk = isAccuracy(raw.acc);
  if (!accOk) ctx.errors.add(item, 'acc', MESSAGE_KEYS.incorrect);
  return ts && latOk && lonOk && accOk
    ? { ts, lat: raw.lat as number, lon: raw.lon as number, accuracy: (raw.acc as number | null | undefined) ?? null }
    : null;
}

function parseEvent(ctx: Context, item: string, raw: unknown): EventInput | null {
  if (!isObject(raw)) {
    ctx.errors.add(item, '', MESSAGE_KEYS.incorrect);
    return null;
  }
  const ts = timestampAt(ctx, item, 't', raw.t);
  const typeOk = required(ctx, item, 'type', raw.type, isEventType);
  const rfidKey = cardError(raw.type, raw.rfid);
  if (rfidKey) ctx.errors.add(item, 'rfid', rfidKey);
  if (!ts || !typeOk || rfidKey) return null;
  return { ts, type: raw.type as EventInput['type'], rfid: typeof raw.rfid === 'string' ? raw.rfid.trim() : null };
}

function parseList<T>(ctx: Context, prefix: string, raw: unknown, parseItem: (ctx: Context, item: string, raw: unknown) => T | null): T[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    ctx.errors.add(prefix, '', MESSAGE_KEYS.incorrect);
    return [];
  }
  const out: T[] = [];
  for (let i = 0; i < raw.length; i++) {
    const parsed = parseItem(ctx, `${prefix}.${i}`, raw[i]);
    if (parsed) out.push(parsed);
  }
  return out;
}

function finish(ctx: Context, batch: IngestBatch): ParseResult {
  return ctx.errors.failed ? { ok: false, error: ctx.errors.toError() } : { ok: true, batch };
}

function itemCount(...lists: unknown[]): number {
  return lists.reduce<number>((sum, list) => sum + (Array.isArray(list) ? list.length : 0), 0);
}

/** The body of `POST /api/ingest`: `{readings?, positions?, events?}`. */
export function parseIngestBody(body: unknown, now = Date.now()): ParseResult {
  const ctx: Context = { errors: new ErrorCollector(), now };
  if (!isObject(body)) {
    ctx.errors.addRoot(MESSAGE_KEYS.incorrect);
    return finish(ctx, { readings: [], positions: [], events: [] });
  }
  if (itemCount(body.readings, body.positions, body.events) > INGEST_LIMITS.maxItems) {
    ctx.errors.addRoot(INGEST_MESSAGE_KEYS.tooManyItems);
    return finish(ctx, { readings: [], positions: [], events: [] });
  }
  const readings = parseList(ctx, 'readings', body.readings, parseReading);
  const positions = parseList(ctx, 'positions', body.positions, parsePosition);
  const events = parseList(ctx, 'events', body.events, parseEvent);
  return finish(ctx, { readings, positions, events });
}

/** The `items` of an MQTT message on modules/{serial}/{kind}; errors are keyed `items.3.v`. */
export function parseMqttItems(kind: MqttIngestKind, items: unknown, now = Date.now()): ParseResult {
  const ctx: Context = { errors: new ErrorCollector(), now };
  if (itemCount(items) > INGEST_LIMITS.maxItems) {
    ctx.errors.addRoot(INGEST_MESSAGE_KEYS.tooManyItems);
    return finish(ctx, { readings: [], positions: [], events: [] });
  }
  if (!Array.isArray(items)) ctx.errors.add('items', '', MESSAGE_KEYS.incorrect);
  const batch: IngestBatch = {
    readings: kind === 'readings' ? parseList(ctx, 'items', items, parseReading) : [],
    positions: kind === 'positions' ? parseList(ctx, 'items', items, parsePosition) : [],
    events: kind === 'events' ? parseList(ctx, 'items', items, parseEvent) : [],
  };
  return finish(ctx, batch);
}
