import { z } from 'zod';
import { filterIdSchema, listFilterSchema } from './list.ts';
import { localDateSchema } from './diagnostics-query.ts';

/** The device page (spec 01 §2 manage/device/:id): current readings, operator history, battery cycles. */

/** `GET /api/devices/{id}/readings/current`: the newest value of each of the type's parameters (none: no entry). */
export const currentReadingSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  unit: z.string().nullable(),
  value: z.number(),
  /** ISO 8601 with the company's offset. */
  time: z.string(),
});
export const currentReadingsSchema = z.object({ entries: z.array(currentReadingSchema) });
export type CurrentReading = z.infer<typeof currentReadingSchema>;

/**
 * `GET /api/devices/{id}/operator-sessions` (list protocol, sort start (default -start), operator; filter key
 * operator): the history table of spec 02 (operator, start, end, active time, work time).
 */
export const OPERATOR_SESSION_SORT_FIELDS = ['start', 'operator'] as const;
export type OperatorSessionSortField = (typeof OPERATOR_SESSION_SORT_FIELDS)[number];
/** `GET /api/devices/{id}/operator-sessions` filter: one operator. */
export const operatorSessionListFilterSchema = listFilterSchema({ operator: filterIdSchema });
export type OperatorSessionListFilter = z.output<typeof operatorSessionListFilterSchema>;
export const operatorSessionEntrySchema = z.object({
  id: z.number().int(),
  operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The card applied; an unknown card has no operator. */
  rfid: z.string(),
  start: z.string(),
  /** null while the card is still in the reader. */
  end: z.string().nullable(),
  activeSeconds: z.number().nullable(),
  workSeconds: z.number().nullable(),
});
export const operatorSessionListSchema = z.object({ entries: z.array(operatorSessionEntrySchema) });
export type OperatorSessionEntry = z.infer<typeof operatorSessionEntrySchema>;

/** Battery cycles are found over at most this many days per request. */
export const BATTERY_CYCLES_MAX_DAYS = 92;
/**
 * The battery cycle states (spec 02 §4 dictionary): a cycle whose charge has ended is done; the newest cycle is
 * charging while its charge goes on now, discharging while the device draws on the battery after its last charge,
 * and idle when it does neither: no charge and no activity (parameter 2, device active) in the newest 15 minutes of
 * data, or no data for 15 minutes (docs/api.md "Battery cycles").
 */
export const BATTERY_CYCLE_STATES = ['charging', 'idle', 'discharging', 'done'] as const;
export type BatteryCycleState = (typeof BATTERY_CYCLE_STATES)[number];

export const batteryCyclesQuerySchema = z.object({ from: localDateSchema, to: localDateSchema });

/**
 * `GET /api/devices/{id}/battery-cycles?from&to` (spec 02 dictionary: battery cycles). A cycle runs from the end of
 * one charge (`start`) through the discharge to the start of the next charge (`end`) and that charge's end
 * (`chargingEnd`); charging is a 5-minute bucket with charged energy (the parameter tagged 'charging').
 */
export const batteryCycleSchema = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
  chargingEnd: z.string().nullable(),
  chargingSeconds: z.number().nullable(),
  cycleSeconds: z.number().nullable(),
  maxVoltage: z.number().nullable(),
  minVoltage: z.number().nullable(),
  state: z.enum(BATTERY_CYCLE_STATES),
});
export const batteryCyclesSchema = z.object({ cycles: z.array(batteryCycleSchema) });
export type BatteryCycle = z.infer<typeof batteryCycleSchema>;

/** The parameter whose 5-minute sums say a battery was being charged (charged energy), found by tag. */
export const CHARGING_PARAMETER_TAG = 'charging';
