import type { Kysely } from 'kysely';
import type { AlertImportance, AlertRuleType } from '@gearwatch/contracts';
import { alertMessageKey } from '@gearwatch/contracts';
import type { DB } from '../src/db/schema.ts';

// Alerts are the engine's to write; the API tests insert the rows it would, directly.

export async function createRule(
  db: Kysely<DB>,
  companyId: number,
  options: {
    name?: string;
    type?: AlertRuleType;
    importance?: AlertImportance;
    enabled?: boolean;
    devices?: number[];
    groups?: number[];
    users?: number[];
  } = {},
): Promise<number> {
  const rule = await db
    .insertInto('alert_rules')
    .values({
      company_id: companyId,
      name: options.name ?? 'Rule',
      type: options.type ?? 'value',
      importance: options.importance ?? 'warning',
      enabled: options.enabled ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = (rows: number[] | undefined, insert: (id: number) => Promise<unknown>) => Promise.all((rows ?? []).map(insert));
  await link(options.devices, (id) => db.insertInto('alert_rule_devices').values({ company_id: companyId, rule_id: rule.id, device_id: id }).execute());
  await link(options.groups, (id) =>
    db.insertInto('alert_rule_device_groups').values({ company_id: companyId, rule_id: rule.id, device_group_id: id }).execute(),
  );
  await link(options.users, (id) => db.insertInto('alert_rule_users').values({ company_id: companyId, rule_id: rule.id, user_id: id }).execute());
  return rule.id;
}

export interface AlertSpec {
  companyId: number;
  deviceId: number;
  /** Null for a requirement alert. */
  ruleId: number | null;
  importance?: AlertImportance;
  startedAt?: Date;
  endedAt?: Date | null;
  confirmedAt?: Date | null;
  counter?: number;
  type?: AlertRuleType;
}

/** One alert row as the engine writes it. */
export async function insertAlert(db: Kysely<DB>, spec: AlertSpec): Promise<number> {
  const startedAt = spec.startedAt ?? new Date();
  const row = await db
    .insertInto('alerts')
    .values({
      company_id: spec.companyId,
      source: spec.ruleId === null ? 'requirement' : 'rule',
      rule_id: spec.ruleId,
      device_id: spec.deviceId,
      importance: spec.importance ?? 'warning',
      started_at: startedAt,
      last_at: startedAt,
      ended_at: spec.endedAt ?? null,
      confirmed_at: spec.confirmedAt ?? null,
      counter: spec.counter ?? 1,
      message_key: alertMessageKey(spec.ruleId === null ? 'requirement' : (spec.type ?? 'value')),
      message_params: JSON.stringify({ parameter: 'temperature', value: 81.5, unit: '°C', operator: 'gt', argument: 80 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
