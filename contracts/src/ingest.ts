import { z } from 'zod';
import { PARAMETER_NUMBERS } from './constants.ts';

/**
 * The ingest payloads (docs/ingest.md): `POST /api/ingest` and the MQTT topics modules/{serial}/readings|positions|events.
 * Compact on purpose: a batch of 50,000 readings must stay cheap to send and to parse.
 */

export const INGEST_LIMITS = {
  /** Items (readings + positions + events) in one batch. */
  maxItems: 50_000,
  /** How far ahead of the server's clock a timestamp may be (module clocks drift). */
  maxFutureMs: 5 * 60_000,
  /** Nothing older is accepted: 2000-01-01T00:00:00Z (a module with an unset clock reports 1970). */
  earliestMs: Date.UTC(2000, 0, 1),
  maxRfidChars: 64,
  /** Bad items named in a 400 answer; beyond this the answer says more were left out. */
  maxListedErrors: 100,
  /** The request body limit: 50,000 items of up to ~200 bytes each, whitespace included. */
  maxBodyBytes: 16 * 1024 * 1024,
  /**
   * Work (parameter 1) and active time (2) are seconds a reading accounts for, from 0 to one day: a module reports
   * at least daily (the simulator every minute), so a larger value is a fault, not a day of work.
   */
  maxReadingSeconds: 86_400,
  /**
   * Every other reading value lies within ±1e12 (counters, meters, measurements). The rollups (migrations 004, 005)
   * keep sums in double precision (±1.8e308): a month row of one parameter holds at most one reading
   * per millisecond, 2.7e9 of them, so its sum stays within ±2.7e21, and a report adding up years of such rows for a
   * whole fleet stays many orders of magnitude below the limit too (docs/ingest.md, "Values").
   */
  maxValueMagnitude: 1e12,
} as const;

export const INGEST_MESSAGE_KEYS = {
  /** A timestamp before 2000 or more than five minutes ahead of the server. */
  timestampOutOfRange: 'ingest.timestamp-out-of-range',
  tooManyItems: 'ingest.too-many-items',
  /** rootErrors entry when the error list was cut at maxListedErrors items. */
  moreErrorsNotListed: 'ingest.more-errors-not-listed',
  /** 415: the body must be sent as application/json. */
  jsonRequired: 'ingest.json-required',
  /** A reading value outside its kind's range (INGEST_LIMITS.maxReadingSeconds, maxValueMagnitude). */
  valueOutOfRange: 'ingest.value-out-of-range',
  /** rootErrors entry: the database refused the batch for its data (not for being unreachable); nothing was stored. */
  batchNotStorable: 'ingest.batch-not-storable',
} as const;

export const MODULE_EVENT_TYPE_VALUES = ['rfid_on', 'rfid_off', 'power_on', 'power_off'] as const;

/** ISO-8601 with a zone (`Z` or `+02:00`), or epoch milliseconds. */
export const ingestTimestampSchema = z.union([z.iso.datetime({ offset: true }), z.number().int().min(INGEST_LIMITS.earliestMs)]);

const parameterNumberSchema = z.number().int().min(0).max(2_147_483_647);

/** Parameters whose values are seconds a reading accounts for: work (1) and active time (2). */
const SECONDS_PARAMETERS: readonly number[] = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active];

/**
 * Whether a finite reading value is one the server stores: work and active seconds within [0, maxReadingSeconds],
 * anything else within ±maxValueMagnitude. The one rule of the schema below and of the server's parser.
 */
export function readingValueInRange(parameter: number, value: number): boolean {
  if (SECONDS_PARAMETERS.includes(parameter)) return value >= 0 && value <= INGEST_LIMITS.maxReadingSeconds;
  return value >= -INGEST_LIMITS.maxValueMagnitude && value <= INGEST_LIMITS.maxValueMagnitude;
}

/** `{p, t, v}`: parameter number, timestamp, value (readingValueInRange). */
export const ingestReadingSchema = z
  .object({ p: parameterNumberSchema, t: ingestTimestampSchema, v: z.number().min(-INGEST_LIMITS.maxValueMagnitude).max(INGEST_LIMITS.maxValueMagnitude) })
  .refine((reading) => readingValueInRange(reading.p, reading.v), { path: ['v'], message: INGEST_MESSAGE_KEYS.valueOutOfRange });

/** Accuracy in metres. */
export const ingestPositionSchema = z.object({
  t: ingestTimestampSchema,
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  acc: z.number().min(0).nullable().optional(),
});

/** `rfid` is required for rfid_on (the card applied); optional for rfid_off. */
export const ingestEventSchema = z.object({
  t: ingestTimestampSchema,
  type: z.enum(MODULE_EVENT_TYPE_VALUES),
  rfid: z.string().min(1).max(INGEST_LIMITS.maxRfidChars).nullable().optional(),
});

export const ingestRequestSchema = z.object({
  readings: z.array(ingestReadingSchema).optional(),
  positions: z.array(ingestPositionSchema).optional(),
  events: z.array(ingestEventSchema).optional(),
});
export type IngestRequest = z.infer<typeof ingestRequestSchema>;

/** Sent after commit. `duplicates` were already stored and changed nothing; `unassigned` were kept for a module fitted to no device. */
export const ingestResponseSchema = z.object({
  readings: z.number().int(),
  duplicates: z.number().int(),
  unassigned: z.number().int(),
  positions: z.number().int(),
  events: z.number().int(),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;

export const MQTT_INGEST_KINDS = ['readings', 'positions', 'events'] as const;
export type MqttIngestKind = (typeof MQTT_INGEST_KINDS)[number];

/** MQTT message on modules/{serial}/{kind}: the module's security code and the items of that kind. */
export const mqttIngestPayloadSchema = z.object({
  code: z.string().min(1),
  items: z.union([z.array(ingestReadingSchema), z.array(ingestPositionSchema), z.array(ingestEventSchema)]),
});
export type MqttIngestPayload = z.infer<typeof mqttIngestPayloadSchema>;
