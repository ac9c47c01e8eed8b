import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ReportConfiguration } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import { createDeviceGroup, fakeBuilders, fakeWriters } from './report-fixtures.ts';
import { REPORT_PERIODS_JOB } from '../src/reports/schedule/cyclic.ts';

/** Cyclic periods in the company's time zone: exactly once, across a DST change, and caught up after downtime. */
describe('cyclic reports', () => {
  let ctx: TestContext;
  const fakes = fakeBuilders();
  let anna: TestUser;
  let hall: number;
  let token: string;
  const db = () => ctx.database.db;

  /** The schedule's tick at `at` (as croner would enqueue it on every instance), run to the end. */
  const tick = async (at: string) => {
    await ctx.services.jobs.enqueueTick(REPORT_PERIODS_JOB, new Date(at));
    await ctx.services.jobs.runUntilIdle();
    await ctx.services.reportGenerator.drainUntilIdle();
  };
  const periodsOf = async (configurationId: number) =>
    (
      await db()
        .selectFrom('report_files')
        .select([sql<string>`period_from::text`.as('from'), 'status'])
        .where('configuration_id', '=', configurationId)
        .orderBy('period_from')
        .execute()
    ).map((f) => `${f.from} ${f.status}`);
  const create = async (frequency: string, activeSince: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/reportsconfigurations?context=efficiency-report',
      headers: bearer(token),
      payload: { name: `Every ${frequency}`, reportInterval: 'day', groups: [hall], users: [anna.id], frequency, format: 'csv' },
    });
    expect(response.statusCode).toBe(201);
    const configuration = response.json<ReportConfiguration>();
    await db()
      .updateTable('report_configurations')
      .set({ active_since: new Date(activeSince) })
      .where('id', '=', configuration.id)
      .execute();
    return configuration;
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { reportBuilders: fakes.lookup, reportWriters: fakeWriters });
    const company = await createCompany(db());
    await db().updateTable('companies').set({ timezone: 'Europe/Warsaw' }).where('id', '=', company.id).execute();
    anna = await createUser(db(), company.id);
    hall = await createDeviceGroup(db(), company.id);
    token = (await signIn(ctx.app, anna.username, anna.password)).access_token;
  });
  afterAll(() => ctx?.close());

  it('makes each day and week once, when it ends in Warsaw: the 25-hour day of 2026-10-25 ends at 23:00 UTC', async () => {
    const daily = await create('day', '2026-10-25T08:00:00Z');
    const weekly = await create('week', '2026-10-21T08:00:00Z');
    const disabled = await create('day', '2026-10-20T08:00:00Z');
    await ctx.app.inject({ method: 'PATCH', url: `/api/reportsconfigurations/${disabled.id}/disable`, headers: bearer(token) });

    await tick('2026-10-25T09:00:00Z');
    expect(await periodsOf(daily.id)).toEqual(['2026-10-24 DONE']);
    expect(await periodsOf(weekly.id)).toEqual(['2026-10-12 DONE']);
    // 23:30 and 23:59 local time on the day clocks went back (UTC+1 since 03:00): the day is not over.
    await tick('2026-10-25T22:30:00Z');
    await tick('2026-10-25T22:59:00Z');
    expect(await periodsOf(daily.id)).toEqual(['2026-10-24 DONE']);
    expect(await periodsOf(weekly.id)).toEqual(['2026-10-12 DONE']);
    // Midnight in Warsaw: the day (25 hours) and the week Monday 19 to Sunday 25 are complete.
    await tick('2026-10-25T23:00:00Z');
    await tick('2026-10-25T23:01:00Z');
    expect(await periodsOf(daily.id)).toEqual(['2026-10-24 DONE', '2026-10-25 DONE']);
    expect(await periodsOf(weekly.id)).toEqual(['2026-10-12 DONE', '2026-10-19 DONE']);
    expect(fakes.calls.filter((c) => c.from === '2026-10-19')).toEqual([
      { type: 'efficiency-report', from: '2026-10-19', to: '2026-10-25', deviceGroupIds: [hall], operatorGroupIds: [], timezone: 'Europe/Warsaw' },
    ]);
    expect(await periodsOf(disabled.id)).toEqual([]);
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/reportsconfigurations/${daily.id}`, headers: bearer(token) });
    expect(shown.json()).toMatchObject({ lastPeriod: { from: '2026-10-25', to: '2026-10-25' } });

    // Down from Oct 26 00:30 to Oct 28 06:00: the two days missed are made once each when it is back, on any instance.
    await tick('2026-10-28T05:00:00Z');
    await tick('2026-10-28T05:00:00Z');
    await tick('2026-10-28T05:01:00Z');
    expect(await periodsOf(daily.id)).toEqual(['2026-10-24 DONE', '2026-10-25 DONE', '2026-10-26 DONE', '2026-10-27 DONE']);
    const rows = await db().selectFrom('report_periods').select(['period_from', 'file_id']).where('configuration_id', '=', daily.id).execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.file_id !== null)).toBe(true);
    // A period's file is the schedule's: the list names no person as having asked for it.
    const files = await ctx.app.inject({ method: 'GET', url: `/api/reports/files?configuration=${daily.id}`, headers: bearer(token) });
    expect(files.statusCode).toBe(200);
    const listed = (files.json() as { entries: { requestedBy: unknown }[] }).entries.map((file) => file.requestedBy);
    expect(listed.length).toBeGreaterThanOrEqual(4);
    expect(listed.every((requestedBy) => requestedBy === null)).toBe(true);

    // Switched on again after being off: periods start from then, the ones it was off for are not made.
    await ctx.app.inject({ method: 'PATCH', url: `/api/reportsconfigurations/${disabled.id}/enable`, headers: bearer(token) });
    await db()
      .updateTable('report_configurations')
      .set({ active_since: new Date('2026-10-28T04:00:00Z') })
      .where('id', '=', disabled.id)
      .execute();
    await tick('2026-10-28T05:02:00Z');
    expect(await periodsOf(disabled.id)).toEqual(['2026-10-27 DONE']);
  });

  it('starts the periods of a new frequency afresh: a week whose Monday was a day already made is still made', async () => {
    const configuration = await create('day', '2026-11-03T08:00:00Z');
    await tick('2026-11-03T08:30:00Z');
    expect(await periodsOf(configuration.id)).toEqual(['2026-11-02 DONE']);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/reportsconfigurations/${configuration.id}`,
      headers: bearer(token),
      payload: { name: 'Every week now', reportInterval: 'day', groups: [hall], users: [anna.id], frequency: 'week', format: 'csv' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ frequency: 'week', lastPeriod: null });
    await db()
      .updateTable('report_configurations')
      .set({ active_since: new Date('2026-11-03T09:00:00Z') })
      .where('id', '=', configuration.id)
      .execute();
    await tick('2026-11-09T23:30:00Z');
    expect(await periodsOf(configuration.id)).toEqual(['2026-10-26 DONE', '2026-11-02 DONE', '2026-11-02 DONE']);
  });
});
