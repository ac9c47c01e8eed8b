import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { bearer, signIn, signedInCompany } from './fixtures.ts';
import { ingest } from './telemetry-fixtures.ts';
import { alertWorld, createRule } from './alert-fixtures.ts';
import { createUser } from './fixtures.ts';

/** POST /api/alertrules/{id}/preview: the engine's evaluators over the last 7 days, writing nothing. */
describe('alert rule preview', () => {
  let ctx: TestContext;
  let token: string;
  let ruleId: number;
  let deviceId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    const world = await alertWorld(ctx, 2);
    const [device, quiet] = world.devices;
    deviceId = device!.id;
    ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'value',
      conditions: [{ variable: 20, operator: 'gt', argument: 100, date_interval: '10m' }],
      deviceIds: [device!.id, quiet!.id],
      userIds: [world.userId],
    });
    // Three breaching bursts over the last days (a repeat within one, two minutes apart, is not counted).
    const now = Date.now();
    const ts = (hoursAgo: number, minutes = 0) => new Date(now - hoursAgo * 3_600_000 + minutes * 60_000);
    await ingest(ctx.services, device!, {
      readings: [
        { parameter: 20, ts: ts(50), value: 13 },
        { parameter: 20, ts: ts(50, 2), value: 13.5 },
        { parameter: 20, ts: ts(49), value: 11 },
        { parameter: 20, ts: ts(30), value: 14 },
        { parameter: 20, ts: ts(29), value: 10 },
        { parameter: 20, ts: ts(5), value: 12.2 },
        { parameter: 20, ts: ts(24 * 9), value: 20 },
      ],
    });
    // Nothing evaluated: the preview must not depend on the engine, and must not write.
    await sql`delete from alert_arrivals`.execute(ctx.database.db);
    const user = await createUser(ctx.database.db, world.companyId);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const preview = (id: number, body: unknown, auth = token) =>
    ctx.app.inject({ method: 'POST', url: `/api/alertrules/${id}/preview`, headers: bearer(auth), payload: body as object });

  it('counts the alerts and occurrences the condition would have made in the last 7 days, per device', async () => {
    const response = await preview(ruleId, { variable: 20, operator: 'gt', argument: 12, date_interval: '10m' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ alerts: 3, occurrences: 3 });
    expect(body.devices[0]).toMatchObject({ id: deviceId, alerts: 3, occurrences: 3 });
    expect(body.devices[1]).toMatchObject({ alerts: 0, occurrences: 0 });
    // At the boundary: gt 14 never fires (14 is not above 14); a 1-minute repeat interval counts the burst's repeat.
    expect((await preview(ruleId, { variable: 20, operator: 'gt', argument: 14, date_interval: '10m' })).json()).toMatchObject({ alerts: 0, occurrences: 0 });
    expect((await preview(ruleId, { variable: 20, operator: 'gte', argument: 13, date_interval: '10m' })).json()).toMatchObject({ alerts: 2, occurrences: 2 });
    const alerts = await ctx.database.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(alerts.n)).toBe(0);
  });

  it('answers 400 with field errors for a bad condition', async () => {
    const response = await preview(ruleId, { variable: 'twenty', argument: 12, date_interval: 'fortnight', extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        variable: ['form.field.error.incorrect'],
        operator: ['form.field.error.not-blank'],
        date_interval: ['form.field.error.incorrect'],
        extra: ['form.field.error.incorrect'],
      },
      rootErrors: [],
    });
  });

  it("answers 404 for another company's rule and an unknown one", async () => {
    const other = await signedInCompany(ctx);
    expect((await preview(ruleId, { variable: 20, operator: 'gt', argument: 12, date_interval: '10m' }, other.token)).statusCode).toBe(404);
    expect((await preview(999_999, {})).statusCode).toBe(404);
  });
});
