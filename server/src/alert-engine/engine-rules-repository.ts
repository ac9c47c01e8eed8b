import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ALERT_RULE_TYPES } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';

export interface RuleRow {
  id: number;
  companyId: number;
  type: string;
  importance: string;
  /** When the rule was created or last enabled: nothing before it is judged. */
  activeSince: Date;
  timezone: string;
  conditions: unknown[];
  deviceIds: number[];
}

export interface DeviceParameterRow {
  deviceId: number;
  deviceName: string;
  number: number;
  name: string;
  unit: string | null;
}

/** The rules the engine evaluates and what it names in their messages. */
export class EngineRulesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Enabled, finished (not draft), non-archived rules of `types` that reach at least one user, with their conditions (in position order)
   * and their devices (their own and their groups', each once). Rules without devices come back with none.
   */
  async activeRules(types: readonly string[], filter: { companyIds?: number[]; ruleId?: number; includeDisabled?: boolean } = {}): Promise<RuleRow[]> {
    const result = await sql<RuleRow>`
      select r.id, r.company_id as "companyId", r.type, r.importance, r.active_since as "activeSince", c.timezone,
        coalesce((select json_agg(k.condition order by k.position) from alert_rule_conditions k where k.rule_id = r.id), '[]'::json) as conditions,
        array(
          select d.device_id from alert_rule_devices d where d.rule_id = r.id
          union
          select gd.device_id from alert_rule_device_groups g join device_group_devices gd on gd.device_group_id = g.device_group_id
          where g.rule_id = r.id
        ) as "deviceIds"
      from alert_rules r join companies c on c.id = r.company_id
      where r.type = any(${[...types]}::text[])
        and (${filter.includeDisabled ?? false} or (r.enabled and not r.draft and r.archived_at is null and exists (select 1 from alert_rule_users u where u.rule_id = r.id)))
        and (${filter.companyIds ?? null}::int[] is null or r.company_id = any(${filter.companyIds ?? null}::int[]))
        and (${filter.ruleId ?? null}::int is null or r.id = ${filter.ruleId ?? null}::int)
      order by r.id`.execute(this.db);
    return result.rows;
  }

  /** One rule of the company (any state), for the preview; undefined for an unknown id or another company's rule. */
  async ruleOfCompany(ruleId: number, companyId: number | null): Promise<RuleRow | undefined> {
    const [rule] = await this.activeRules([...ALERT_RULE_TYPES], { ruleId, includeDisabled: true, companyIds: companyId === null ? undefined : [companyId] });
    return rule;
  }

  /** The devices' names and the parameters of their types (names and short units for the messages). */
  async deviceParameters(deviceIds: number[]): Promise<DeviceParameterRow[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<DeviceParameterRow>`
      select d.id as "deviceId", d.name as "deviceName", p.number, p.name, u.short as unit
      from devices d left join parameters p on p.device_type_id = d.device_type_id left join units u on u.id = p.unit_id
      where d.id = any(${deviceIds}::int[])`.execute(this.db);
    return result.rows;
  }

  /** Companies' time zones (the requirements are per device, not per rule). */
  async requirementDevices(): Promise<{ deviceId: number; companyId: number; timezone: string; createdAt: Date }[]> {
    const result = await sql<{ deviceId: number; companyId: number; timezone: string; createdAt: Date }>`
      select d.id as "deviceId", d.company_id as "companyId", c.timezone, d.created_at as "createdAt"
      from devices d join companies c on c.id = d.company_id
      where exists (select 1 from device_requirements q where q.device_id = d.id and (q.work_minutes is not null or q.active_minutes is not null))
        and exists (select 1 from device_requirement_users u where u.device_id = d.id)
      order by d.id`.execute(this.db);
    return result.rows;
  }

  async requirements(deviceIds: number[]): Promise<{ deviceId: number; weekday: number; workMinutes: number | null; activeMinutes: number | null }[]> {
    if (deviceIds.length === 0) return [];
    return this.db
      .selectFrom('device_requirements')
      .select(['device_id as deviceId', 'weekday', 'work_minutes as workMinutes', 'active_minutes as activeMinutes'])
      .where('device_id', 'in', deviceIds)
      .execute();
  }
}
