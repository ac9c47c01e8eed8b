import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext, usingPostgres } from './context.ts';
import { createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { createModule } from './ingest-fixtures.ts';
import { createDeviceGroup, createOperator, createOperatorGroup } from './telemetry-fixtures.ts';
import type { HarnessRequest, HarnessRoute, PathFiller } from './harness/inputs.ts';
import { HARNESS_INPUTS } from './harness/inputs.ts';
import { installWriteCounter } from './harness/writes.ts';
import { injectAny } from './harness/inject.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { insertTask } from './task-fixtures.ts';

/**
 * The route harness: every registered route (read from the app, so a route added later is covered without editing
 * this file) meets every hostile input of harness/inputs.ts, sent by a company user and by a super-admin. It holds
 * that no answer is a 5xx, that a 4xx answer changed nothing in the database, and that no answer to the company user
 * carries another company's data (whose rows all bear a marker).
 */
const MARKER = 'QXZMARKER';

/** Another company's row ids, by the first path segment of the routes that take them. */
interface ForeignIds {
  device: number;
  deviceGroup: number;
  operator: number;
  operatorGroup: number;
  user: number;
  sensor: number;
  company: number;
  alertRule: number;
  alert: number;
  notification: number;
  task: number;
}

function foreignIdFor(route: HarnessRoute, ids: ForeignIds): number {
  const segment = route.url.split('/')[2] ?? '';
  const bySegment: Record<string, number> = {
    devicegroups: ids.deviceGroup,
    deviceoperators: ids.operator,
    deviceoperatorgroups: ids.operatorGroup,
    users: ids.user,
    impersonate: ids.user,
    sensors: ids.sensor,
    companies: ids.company,
    alertrules: ids.alertRule,
    alerts: ids.alert,
    notifications: ids.notification,
    tasks: ids.task,
  };
  return bySegment[segment] ?? ids.device;
}

/** Fills `:param` and `*` with `value(name)` or, by default, the given id (`*`: a settings key). */
function filler(defaultId: (route: HarnessRoute) => number): PathFiller {
  return (route, value) =>
    route.url.replace(/:(\w+)|\*$/g, (match, name: string | undefined) => {
      if (value) return value(name ?? '*');
      return match === '*' ? 'harness' : String(defaultId(route));
    });
}

describe('route harness: every route survives hostile input', () => {
  let ctx: TestContext;
  let routes: HarnessRoute[];
  let writes: () => Promise<number>;
  const callers: { name: string; token: string; fill: PathFiller; checkTenancy: boolean }[] = [];
  let expired = '';

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    // The other company: every row it has carries the marker.
    const foreign = await createCompany(db, `${MARKER} Company`);
    const device = await createDevice(db, foreign.id, `${MARKER} Device`);
    const foreignUser = await createUser(db, foreign.id, { firstname: MARKER, lastname: MARKER, username: `${MARKER.toLowerCase()}user` });
    const alertRule = await createRule(db, foreign.id, { name: `${MARKER} Rule`, devices: [device.id], users: [foreignUser.id] });
    const ids: ForeignIds = {
      device: device.id,
      deviceGroup: await createDeviceGroup(db, foreign.id, `${MARKER} Group`, [device.id]),
      operatorGroup: await createOperatorGroup(db, foreign.id, `${MARKER} Crew`),
      operator: await createOperator(db, foreign.id, { firstname: MARKER, lastname: MARKER }),
      user: foreignUser.id,
      sensor: (await createModule(db, foreign.id, device.id)).id,
      company: foreign.id,
      alertRule,
      alert: await insertAlert(db, { companyId: foreign.id, deviceId: device.id, ruleId: alertRule }),
      notification: 0,
      task: await insertTask(db, foreign.id, { name: `${MARKER} Task`, assigneeId: foreignUser.id, devices: [device.id] }),
    };
    // The alert's notification of the other company's user (the change feed tells them).
    while ((await ctx.services.alertChanges.drain()) > 0);
    ids.notification = Number((await db.selectFrom('notifications').select('id').where('user_id', '=', foreignUser.id).executeTakeFirstOrThrow()).id);
    await db
      .insertInto('alert_rule_conditions')
      .values({
        company_id: foreign.id,
        rule_id: alertRule,
        position: 1,
        condition: JSON.stringify({ variable: 1, operator: 'gt', argument: 1, date_interval: '10m' }),
      })
      .execute();
    await db
      .updateTable('sensors')
      .set({ name: `${MARKER} Module` })
      .where('id', '=', ids.sensor)
      .execute();

    // The caller's own company, with rows of its own so lists answer.
    const own = await createCompany(db);
    const ownDevice = await createDevice(db, own.id);
    await createDeviceGroup(db, own.id, 'Own group', [ownDevice.id]);
    await createOperator(db, own.id, { firstname: 'Own', lastname: 'Operator' });
    const user = await createUser(db, own.id, { impersonate: true });
    const root = await createUser(db, (await createCompany(db)).id, { superAdmin: true, impersonate: true });
    const userToken = (await signIn(ctx.app, user.username, user.password)).access_token;
    const rootToken = (await signIn(ctx.app, root.username, root.password)).access_token;
    // The company user probes the other company's ids; the super-admin, who may reach them, gets ids of no row, so
    // nothing the harness sends can delete a row.
    callers.push({ name: 'company user', token: userToken, fill: filler((route) => foreignIdFor(route, ids)), checkTenancy: true });
    callers.push({ name: 'super-admin', token: rootToken, fill: filler(() => 2_000_000_000), checkTenancy: false });

    const secret = ctx.config.JWT_SECRET ?? (await db.selectFrom('instance_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()).value;
    const past = Math.floor(Date.now() / 1000) - 3600;
    expired = await new SignJWT({ cid: user.companyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('gearwatch')
      .setAudience('gearwatch-api')
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(secret));

    routes = ctx.routes.filter((route) => !route.url.startsWith('/api/docs') && route.url !== '/*' && route.method !== 'OPTIONS');
    writes = await installWriteCounter(db);
  });
  afterAll(() => ctx?.close());

  it('answers no 5xx, writes nothing when refusing, and never crosses tenants', async () => {
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const caller of callers) {
      for (const route of routes) {
        for (const input of HARNESS_INPUTS) {
          const request: HarnessRequest | null = input.build(route, caller.fill, expired);
          if (!request) continue;
          if (input.signed && !request.headers.authorization) request.headers.authorization = `Bearer ${caller.token}`;
          const before = await writes();
          const response = await injectAny(
            ctx.app,
            { method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload },
            route.eventStream,
          );
          sent++;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const what = `${caller.name}: ${route.method} ${route.url} [${input.name}] → ${response.statusCode}`;
          if (response.statusCode >= 500) failures.push(`${what} ${response.body.slice(0, 200)}`);
          if (response.statusCode >= 400 && response.statusCode < 500 && (await writes()) !== before) failures.push(`${what}: wrote to the database`);
          if (caller.checkTenancy && (response.body.includes(MARKER) || JSON.stringify(response.headers).includes(MARKER))) {
            failures.push(`${what}: answered another company's data`);
          }
        }
      }
    }
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    process.stdout.write(
      `route harness (${usingPostgres() ? 'PostgreSQL' : 'PGlite'}): ${routes.length} routes × ${HARNESS_INPUTS.length} inputs × ${callers.length} callers = ${sent} requests (inputs that do not apply to a route are skipped); answers ${summary}; failures ${failures.length}\n`,
    );
    expect(failures).toEqual([]);
    // The event streams the harness opened ended with their aborted requests.
    expect(ctx.services.events.size).toBe(0);
    // Every route meets every input: the run grows with the routes, past the default timeout of one test.
  }, 300_000);
});
