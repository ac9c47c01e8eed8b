import { z } from 'zod';
import { deviceGroupListEntrySchema } from './device-groups.ts';
import { problemSchema, validationErrorSchema } from './errors.ts';
import { deviceOperatorGroupListEntrySchema } from './operators.ts';
import { efficiencyPercent } from './diagnostics-query.ts';

/**
 * Device groups and operator groups as the management screens (/manage) keep them (spec 01 §2, §5; docs/forms.md):
 * list, one row, the server-driven form (`GET new`, `GET {id}/edit`, `POST`, `PUT {id}`), delete, and the unassign
 * call of the delete dialog. The monitors read a subset of the same list entries (deviceGroupListEntrySchema,
 * deviceOperatorGroupListEntrySchema); extra keys are dropped there.
 */

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** The longest group name and description the forms accept. */
export const GROUP_NAME_MAX_LENGTH = 128;
export const GROUP_DESCRIPTION_MAX_LENGTH = 2000;

/**
 * A group's productivity: the efficiency of spec 02 §9 (work / active × 100, whole) over the summed seconds of its
 * members; null when nothing was active, so a quiet group shows no figure rather than 0.
 */
export function groupProductivity(work: number | null, active: number | null): number | null {
  return active === null || !(active > 0) ? null : efficiencyPercent(work ?? 0, active);
}

/** Seconds per member of a group (rounded); null without data or without members. */
export function perMember(seconds: number | null, members: number): number | null {
  return seconds === null || members === 0 ? null : Math.round(seconds / members);
}

/** Today's figures of a group of `members` (spec 02 "Groups") from the work and active seconds summed over them. */
export function groupFigures(
  work: number | null,
  active: number | null,
  members: number,
): { workAverage: number | null; activityAverage: number | null; productivity: number | null } {
  return { workAverage: perMember(work, members), activityAverage: perMember(active, members), productivity: groupProductivity(work, active) };
}

/**
 * One entry of `GET /api/devicegroups` (search on the name; sort: id, name, deviceCount; default name). The day's
 * figures are over the group's devices for the company's local today (readings_day: parameter 1 work seconds,
 * parameter 2 active seconds).
 */
export const deviceGroupSchema = deviceGroupListEntrySchema.extend({
  description: z.string().nullable(),
  deviceCount: z.number().int(),
  /** Work seconds today per device of the group (the sum over its devices / deviceCount); null without data. */
  workAverage: z.number().nullable(),
  /** Active seconds today per device of the group; null without data. */
  activityAverage: z.number().nullable(),
  /** round(sum of work / sum of active × 100) today; null when nothing was active. */
  productivity: z.number().int().nullable(),
});
export type DeviceGroup = z.infer<typeof deviceGroupSchema>;
export const deviceGroupPageSchema = z.object({ entries: z.array(deviceGroupSchema) });

/** `GET /api/devicegroups/{id}`: the list entry with the devices named (by id ascending). */
export const deviceGroupDetailSchema = deviceGroupSchema.extend({ devices: z.array(namedSchema) });
export type DeviceGroupDetail = z.infer<typeof deviceGroupDetailSchema>;

/**
 * One entry of `GET /api/deviceoperatorgroups` (search on the name; sort: id, name in the Polish collation;
 * default name): what the monitors read plus the number of operators and today's figures, over the company's local
 * today from the operator-session day rollup (work and activity of the devices during the members' card sessions).
 */
export const operatorGroupSchema = deviceOperatorGroupListEntrySchema.extend({
  operatorCount: z.number().int(),
  /** Work seconds today per operator of the group (the sum over its operators / operatorCount); null without data. */
  workAverage: z.number().nullable(),
  /** Active seconds today per operator of the group; null without data. */
  activityAverage: z.number().nullable(),
  /** groupProductivity of the sums today; null when nothing was active. */
  productivity: z.number().int().nullable(),
});
export type OperatorGroup = z.infer<typeof operatorGroupSchema>;
export const operatorGroupPageSchema = z.object({ entries: z.array(operatorGroupSchema) });

/** `GET /api/deviceoperatorgroups/{id}`: the list entry with the operators named "Firstname Lastname" (by id). */
export const operatorGroupDetailSchema = operatorGroupSchema.extend({ operators: z.array(namedSchema) });
export type OperatorGroupDetail = z.infer<typeof operatorGroupDetailSchema>;

/** The answer of a group's delete and of its unassign call. */
export const groupDeletedSchema = z.object({});

/**
 * Response schemas per status code of the group routes (the form routes use the form protocol's). A delete
 * blocked by members is 409 with `dependents: {devices: [{id, name}]}` or `{operators: [{id, name}]}`.
 */
export const GROUP_RESPONSES = {
  deviceGroupList: { 200: deviceGroupPageSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
  deviceGroupGet: { 200: deviceGroupDetailSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  operatorGroupList: { 200: operatorGroupPageSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
  operatorGroupGet: { 200: operatorGroupDetailSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  delete: { 200: groupDeletedSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema },
  unassign: { 200: groupDeletedSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
} as const;
