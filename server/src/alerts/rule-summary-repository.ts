import type { AlertRuleSummary } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

/**
 * What a rule's generated description is written from (issue 32 item 3), read with the rule each time it is shown:
 * its first condition as it is now and the parameter that condition's `variable` names — among the parameters of
 * `deviceTypes` (an alert's device's type, or the types of the rule's devices). Never stored as a sentence: the
 * reader's side writes it in the reader's language (contracts' describeAlertRule).
 */
export function ruleSummaryColumn(ruleId: RawBuilder<unknown>, deviceTypes: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`coalesce((
    select json_build_object(
      'condition', k.condition,
      'parameter', (
        select json_build_object('name', p.name, 'unit', u.short)
        from parameters p left join units u on u.id = p.unit_id
        where p.number = (k.condition ->> 'variable')::int and p.device_type_id in ${deviceTypes}
        order by p.id limit 1))
    from alert_rule_conditions k where k.rule_id = ${ruleId} order by k.position, k.id limit 1
  ), json_build_object('condition', null, 'parameter', null))`;
}

/** The device types of the devices a rule watches: its own and its groups'. */
export function ruleDeviceTypes(ruleId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select d.device_type_id from devices d where d.id in (
    select device_id from alert_rule_devices where rule_id = ${ruleId}
    union
    select gd.device_id from alert_rule_device_groups rg join device_group_devices gd on gd.device_group_id = rg.device_group_id where rg.rule_id = ${ruleId}))`;
}

/** The device type of one device, and the rule's devices' types after it (an alert's parameter is its device's). */
export function alertDeviceTypes(deviceId: RawBuilder<unknown>, ruleId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select d.device_type_id from devices d where d.id = ${deviceId} union select * from ${ruleDeviceTypes(ruleId)} t)`;
}

/** The column as the contract carries it (a JSON object from either engine). */
export function presentSummary(stored: unknown): AlertRuleSummary {
  const value = (typeof stored === 'string' ? JSON.parse(stored) : stored) as {
    condition?: unknown;
    parameter?: { name?: unknown; unit?: unknown } | null;
  } | null;
  const condition =
    value?.condition && typeof value.condition === 'object' && !Array.isArray(value.condition) ? (value.condition as Record<string, unknown>) : null;
  const parameter =
    value?.parameter && typeof value.parameter.name === 'string'
      ? { name: value.parameter.name, unit: typeof value.parameter.unit === 'string' ? value.parameter.unit : null }
      : null;
  return { condition, parameter };
}
