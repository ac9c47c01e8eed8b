import type { Kysely } from 'kysely';
import { ALERT_EVALUATION } from '@gearwatch/contracts';
import type { AlertRuleType } from '@gearwatch/contracts';
import type { DB } from '../src/db/schema.ts';
import type { TestContext } from './context.ts';
import { createCompany, createUser } from './fixtures.ts';
import { createDeviceType, createTelemetryDevice, setCompanyTimezone } from './telemetry-fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import { AlertEngine } from '../src/alert-engine/engine.ts';
import { createRepositories } from '../src/repositories.ts';

export interface RuleFixture {
  companyId: number;
  type: AlertRuleType;
  conditions?: object[];
  deviceIds?: number[];
  groupIds?: number[];
  userIds: number[];
  createdAt?: Date;
  /** When the rule was created or last enabled; see createRule. */
  activeSince?: Date;
  enabled?: boolean;
  importance?: 'info' | 'warning' | 'error';
  description?: string | null;
}

/** A rule written straight into the tables (the rules API is tested on its own). */
export async function createRule(db: Kysely<DB>, rule: RuleFixture): Promise<number> {
  const row = await db
    .insertInto('alert_rules')
    .values({
      company_id: rule.companyId,
      name: `Rule ${rule.type} ${Math.random().toString(36).slice(2, 8)}`,
      type: rule.type,
      importance: rule.importance ?? 'warning',
      description: rule.description ?? `about ${rule.type}`,
      enabled: rule.enabled ?? true,
      // The engine judges from active_since. A rule given a creation time has been on since then. Without one, a rule
      // judged on arrival has been on for as long as the test's data goes back (the tests ingest fixed past dates);
      // windowed and timed rules start now, their creation time, as they always did.
      ...(rule.createdAt ? { created_at: rule.createdAt } : {}),
      ...(rule.activeSince || rule.createdAt ? { active_since: rule.activeSince ?? rule.createdAt } : {}),
      ...(!rule.activeSince && !rule.createdAt && ALERT_EVALUATION[rule.type] === 'arrival' ? { active_since: new Date(0) } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, condition] of (rule.conditions ?? []).entries()) {
    await db
      .insertInto('alert_rule_conditions')
      .values({ company_id: rule.companyId, rule_id: row.id, position, condition: JSON.stringify(condition) })
      .execute();
  }
  for (const device_id of rule.deviceIds ?? [])
    await db.insertInto('alert_rule_devices').values({ company_id: rule.companyId, rule_id: row.id, device_id }).execute();
  for (const device_group_id of rule.groupIds ?? []) {
    await db.insertInto('alert_rule_device_groups').values({ company_id: rule.companyId, rule_id: row.id, device_group_id }).execute();
  }
  for (const user_id of rule.userIds) await db.insertInto('alert_rule_users').values({ company_id: rule.companyId, rule_id: row.id, user_id }).execute();
  return row.id;
}

export interface AlertFixtureRow {
  id: number;
  ruleId: number | null;
  deviceId: number;
  source: string;
  startedAt: string;
  lastAt: string;
  endedAt: string | null;
  counter: number;
  messageKey: string;
  params: Record<string, unknown>;
}

export async function alertsOf(db: Kysely<DB>, filter: { ruleId?: number; deviceId?: number } = {}): Promise<AlertFixtureRow[]> {
  let query = db
    .selectFrom('alerts')
    .select(['id', 'rule_id', 'device_id', 'source', 'started_at', 'last_at', 'ended_at', 'counter', 'message_key', 'message_params'])
    .orderBy('started_at')
    .orderBy('id');
  if (filter.ruleId !== undefined) query = query.where('rule_id', '=', filter.ruleId);
  if (filter.deviceId !== undefined) query = query.where('device_id', '=', filter.deviceId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    ruleId: r.rule_id,
    deviceId: r.device_id,
    source: r.source,
    startedAt: r.started_at.toISOString(),
    lastAt: r.last_at.toISOString(),
    endedAt: r.ended_at?.toISOString() ?? null,
    counter: r.counter,
    messageKey: r.message_key,
    params: r.message_params as Record<string, unknown>,
  }));
}

/** A company in `timezone` with a user and devices of the standard test type, each with its module. */
export async function alertWorld(
  ctx: TestContext,
  devices = 1,
  timezone = 'Europe/Warsaw',
): Promise<{ companyId: number; userId: number; devices: TelemetryDevice[] }> {
  const company = await createCompany(ctx.database.db);
  await setCompanyTimezone(ctx.database.db, company.id, timezone);
  const user = await createUser(ctx.database.db, company.id);
  const typeId = await createDeviceType(ctx.database.db);
  const list: TelemetryDevice[] = [];
  for (let i = 0; i < devices; i++) list.push(await createTelemetryDevice(ctx.database.db, company.id, typeId));
  return { companyId: company.id, userId: user.id, devices: list };
}

/** Runs the app's jobs and arrivals until idle (what the started runner does by itself). */
export async function settle(ctx: TestContext): Promise<void> {
  await ctx.services.jobs.runUntilIdle();
}

/** An engine whose clock reads `now`: the window and timer pass as of that instant, in one transaction. */
export async function tickAt(ctx: TestContext, now: string | Date): Promise<void> {
  const engine = new AlertEngine(ctx.database.db, createRepositories, { now: () => new Date(now).getTime() });
  await settle(ctx);
  for (let pass = 0; pass < 50; pass++) {
    const more = await ctx.database.db.transaction().execute((trx) => engine.tick(trx));
    if (!more) return;
  }
}

export const at = (iso: string) => new Date(iso);
