import { z } from 'zod';

/**
 * `GET /api/deviceoperators` (list protocol; search on first name, last name and RFID; filter `{"group": id}`;
 * sort: id, name, firstname, lastname; default name). `name` is "firstname lastname".
 */
export const DEVICE_OPERATOR_SORT_FIELDS = ['id', 'name', 'firstname', 'lastname'] as const;

export const deviceOperatorListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  rfid: z.string().nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type DeviceOperatorListEntry = z.infer<typeof deviceOperatorListEntrySchema>;
export const deviceOperatorListSchema = z.object({ entries: z.array(deviceOperatorListEntrySchema) });

/**
 * `GET /api/deviceoperatorgroups` (list protocol; search on the name; sort: id, name; default name). Names sort
 * with the Polish collation (spec 02 §7): Lucyna < Łukasz < Zenon < Żaneta.
 */
export const DEVICE_OPERATOR_GROUP_SORT_FIELDS = ['id', 'name'] as const;
/** The locale of the operator-group name order. */
export const OPERATOR_GROUP_COLLATION_LOCALE = 'pl';

export const deviceOperatorGroupListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The group's operators, by id ascending. */
  operators: z.array(z.object({ id: z.number().int() })),
});
export type DeviceOperatorGroupListEntry = z.infer<typeof deviceOperatorGroupListEntrySchema>;
export const deviceOperatorGroupListSchema = z.object({ entries: z.array(deviceOperatorGroupListEntrySchema) });
