import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LIMITS, REPORT_TYPES, reportDocumentSchema } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { bearer, createUser, signIn } from '../../../test/fixtures.ts';
import type { DeviceReportsDataset } from '../builders/test/device-reports-dataset.ts';
import { buildDeviceReportsDataset } from '../builders/test/device-reports-dataset.ts';
import { REPORT_BUILDERS } from '../builders/registry.ts';
import { MemorySink, SCREEN_ROW_LIMIT } from '../generation/memory-sink.ts';
import { ReportDataService } from './data-service.ts';
import type { ReportBuilder } from '../model.ts';

/** The types this file's dataset answers (the operator, alert and shift types have tests of their own). */
const DEVICE_REPORT_TYPES = [
  'efficiency-report',
  'device-efficiency-report',
  'devices-work-report',
  'device-work-details-report',
  'production-device-work-matrix',
] as const;

/** `GET /api/reports/{type}/data`: the documents, every field error at once, tenancy, and never a 500. */
describe('GET /api/reports/{type}/data', () => {
  let ctx: TestContext;
  let data: DeviceReportsDataset;
  let token: string;
  let otherToken: string;
  let adminToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildDeviceReportsDataset(ctx);
    const db = ctx.database.db;
    const user = await createUser(db, data.company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const other = await createUser(db, data.other.company.id);
    otherToken = (await signIn(ctx.app, other.username, other.password)).access_token;
    const admin = await createUser(db, data.other.company.id, { superAdmin: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
  });
  afterAll(() => ctx?.close());

  const get = (url: string, as = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) });

  it.each(DEVICE_REPORT_TYPES)('answers %s as a report document', async (type) => {
    const response = await get(`/api/reports/${type}/data?from=2026-10-24&to=2026-10-25&interval=day&groups=${data.line}&devices=${data.crane.id}`);
    expect(response.statusCode).toBe(200);
    const document = reportDocumentSchema.parse(response.json());
    expect(document).toMatchObject({ type, from: '2026-10-24', to: '2026-10-25', interval: 'day', timezone: 'Europe/Warsaw', empty: false, truncated: false });
    expect(document.sections.length).toBeGreaterThan(0);
  });

  it('titles the columns named after company data with those names, as the files do: the matrix by devices, the work by shifts', async () => {
    const titles = async (type: string) => {
      const response = await get(`/api/reports/${type}/data?from=2026-10-24&to=2026-10-24&interval=day&devices=${data.lift.id},${data.crane.id}`);
      expect(response.statusCode).toBe(200);
      return reportDocumentSchema.parse(response.json()).sections[0]!.columns.map((column) => column.title);
    };
    expect(await titles('production-device-work-matrix')).toEqual(['reports.column.time', 'Crane', 'Lift']);
    expect((await titles('devices-work-report')).filter((title) => !title.startsWith('reports.'))).toEqual(['I', 'II', 'III']);
  });

  it('gives the same numbers as the builder run directly', async () => {
    const response = await get(`/api/reports/device-efficiency-report/data?from=2026-10-20&to=2026-10-27&interval=week&devices=${data.lift.id}`);
    const direct = new MemorySink(Number.POSITIVE_INFINITY);
    const subject = {
      type: 'device-efficiency-report' as const,
      from: '2026-10-20',
      to: '2026-10-27',
      interval: 'week' as const,
      deviceIds: [data.lift.id],
      deviceGroupIds: [],
      operatorIds: [],
      operatorGroupIds: [],
    };
    const outcome = await REPORT_BUILDERS['device-efficiency-report'].write(ctx.database.db, data.scope, subject, direct);
    expect(response.json()).toEqual(direct.document(subject, 'Europe/Warsaw', outcome));
  });

  it('answers every wrong field at once with 400 and message keys', async () => {
    const reversed = await get('/api/reports/efficiency-report/data?from=2026-10-25&to=2026-10-24');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ errors: { to: ['report.error.range-invalid'], devices: ['form.field.error.not-blank'] }, rootErrors: [] });
    const long = await get(`/api/reports/efficiency-report/data?from=2025-01-01&to=2026-01-02&devices=${data.lift.id}`);
    expect(long.json()).toMatchObject({ errors: { to: ['report.error.range-too-long'] } });
    const operators = await get(`/api/reports/workers-work-report/data?from=2026-10-24&to=2026-10-25&devices=${data.lift.id}`);
    expect(operators.statusCode).toBe(400);
    expect(operators.json()).toMatchObject({ errors: { deviceOperators: ['form.field.error.not-blank'] } });
  });

  it('answers 400 naming the query field for malformed values', async () => {
    for (const [query, field] of [
      [`from=2026-02-30&to=2026-03-01&devices=${data.lift.id}`, 'from'],
      [`from=2026-10-24&to=2026-10-25&interval=hour&devices=${data.lift.id}`, 'interval'],
      ['from=2026-10-24&to=2026-10-25&devices=1,x', 'devices'],
      ['from=2026-10-24&to=2026-10-25&groups=-1', 'groups'],
      [`to=2026-10-25&devices=${data.lift.id}`, 'from'],
    ] as const) {
      const response = await get(`/api/reports/efficiency-report/data?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, unknown> }>().errors), query).toContain(field);
    }
  });

  it('answers 400 on the interval for shifts when the company has none', async () => {
    const response = await get(`/api/reports/efficiency-report/data?from=2026-10-24&to=2026-10-25&interval=shifts&devices=${data.other.device.id}`, otherToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { interval: ['monitor.message.no-shifts-defined'] } });
  });

  it('answers 404 for a type that is not a report, and 401 without a token', async () => {
    expect((await get('/api/reports/nonsense/data?from=2026-10-24&to=2026-10-25&devices=1')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/reports/efficiency-report/data?from=2026-10-24&to=2026-10-25&devices=${data.lift.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("reports only the caller's company: another company's ids give an empty report, a super-admin's report is of their own company", async () => {
    const url = `/api/reports/devices-work-report/data?from=2026-10-24&to=2026-10-25&devices=${data.lift.id},${data.press.id}&groups=${data.line}`;
    for (const caller of [otherToken, adminToken]) {
      const response = await get(url, caller);
      expect(response.statusCode).toBe(200);
      const document = reportDocumentSchema.parse(response.json());
      expect(document.empty).toBe(true);
      expect(document.sections[0]!.rows).toEqual([[null, 0, 0, 0, 0, 0, 0]]);
      expect(response.body).not.toContain('Lift');
    }
    const mine = await get(url);
    expect(reportDocumentSchema.parse(mine.json()).sections[0]!.rows.map((r) => r[0])).toEqual(['Lift', 'Press', null]);
  });

  it('stops a screen at its row limit and says so', async () => {
    // Every 5-minute bucket of a busy month would not fit: a builder that writes more rows than a screen shows.
    let written = 0;
    const flood: ReportBuilder = {
      type: 'device-work-details-report',
      async write(_db, _scope, _subject, sink) {
        await sink.section({ title: null, columns: [{ key: 'work', title: 'reports.column.work', kind: 'duration' }], totals: true });
        for (let chunk = 0; chunk < 10; chunk++) {
          await sink.rows(Array.from({ length: SCREEN_ROW_LIMIT / 4 }, () => [1]));
          written += SCREEN_ROW_LIMIT / 4;
        }
        return { empty: false };
      },
    };
    const service = new ReportDataService(ctx.database.db, () => flood);
    const auth = { userId: 1, companyId: data.company.id, isSuperAdmin: false, canImpersonate: false };
    const document = await service.data(auth, 'device-work-details-report', { from: '2026-10-01', to: '2026-10-31', interval: 'day', devices: [data.lift.id] });
    expect(document.truncated).toBe(true);
    expect(document.sections[0]!.rows).toHaveLength(SCREEN_ROW_LIMIT);
    expect(written).toBe(SCREEN_ROW_LIMIT);
  });

  it('answers a page of the work details: the page and its place, the same rows as the whole document has', async () => {
    const query = `from=2026-10-22&to=2026-10-27&interval=day&groups=${data.line}&devices=${data.crane.id}`;
    const whole = reportDocumentSchema.parse((await get(`/api/reports/device-work-details-report/data?${query}`)).json());
    const rows = whole.sections.flatMap((s) => s.rows);
    expect(whole).toMatchObject({ truncated: false });
    expect(whole.paging).toBeUndefined();
    const pageRows = REPORT_LIMITS.screenPageRows;
    const pageCount = Math.ceil(rows.length / pageRows);
    expect(pageCount).toBeGreaterThan(1);
    const paged: unknown[] = [];
    for (let page = 1; page <= pageCount; page++) {
      const response = await get(`/api/reports/device-work-details-report/data?${query}&page=${page}`);
      expect(response.statusCode).toBe(200);
      const document = reportDocumentSchema.parse(response.json());
      expect(document.paging).toEqual({ page, pageCount, pageRows, totalRows: rows.length });
      expect(document.truncated).toBe(false);
      paged.push(...document.sections.flatMap((s) => s.rows));
    }
    expect(paged).toEqual(rows);
    const past = reportDocumentSchema.parse((await get(`/api/reports/device-work-details-report/data?${query}&page=${pageCount + 1}`)).json());
    expect(past.sections).toEqual([]);
    // Another company's caller pages through nothing of this one.
    const foreign = reportDocumentSchema.parse((await get(`/api/reports/device-work-details-report/data?${query}&page=1`, otherToken)).json());
    expect(foreign).toMatchObject({ empty: true, paging: { totalRows: 0, pageCount: 1 }, sections: [] });
  });

  it('answers a page of the alerts report with its place (its rows are checked against the whole document in alerts-pages.test.ts)', async () => {
    const query = `from=2026-10-22&to=2026-10-27&interval=day&devices=${data.crane.id}`;
    const whole = reportDocumentSchema.parse((await get(`/api/reports/alerts-report/data?${query}`)).json());
    const response = await get(`/api/reports/alerts-report/data?${query}&page=1`);
    expect(response.statusCode).toBe(200);
    const page = reportDocumentSchema.parse(response.json());
    const totalRows = whole.sections.reduce((sum, s) => sum + s.rows.length, 0);
    expect(page.paging).toEqual({
      page: 1,
      pageCount: Math.max(1, Math.ceil(totalRows / REPORT_LIMITS.screenPageRows)),
      pageRows: REPORT_LIMITS.screenPageRows,
      totalRows,
    });
    expect(page.sections).toEqual(whole.sections);
  });

  it('answers a page of the device operators report with its place (its rows are checked against the whole document in device-operators-pages.test.ts)', async () => {
    const operators = await ctx.database.db.selectFrom('operators').select('id').where('company_id', '=', data.company.id).orderBy('id').execute();
    const query = `from=2026-03-28&to=2026-10-26&interval=week&deviceOperators=${operators.map((o) => o.id).join(',')}`;
    const whole = reportDocumentSchema.parse((await get(`/api/reports/device-operators-report/data?${query}`)).json());
    const totalRows = whole.sections.reduce((sum, s) => sum + s.rows.length, 0);
    expect(totalRows).toBeGreaterThan(0);
    const response = await get(`/api/reports/device-operators-report/data?${query}&page=1`);
    expect(response.statusCode).toBe(200);
    const page = reportDocumentSchema.parse(response.json());
    expect(page.paging).toEqual({ page: 1, pageCount: 1, pageRows: REPORT_LIMITS.screenPageRows, totalRows });
    expect(page.sections).toEqual(whole.sections);
    const past = reportDocumentSchema.parse((await get(`/api/reports/device-operators-report/data?${query}&page=2`)).json());
    expect(past).toMatchObject({ empty: false, sections: [], paging: { page: 2, totalRows } });
    // Another company's caller asking for these operators pages through nothing.
    const foreign = reportDocumentSchema.parse((await get(`/api/reports/device-operators-report/data?${query}&page=1`, otherToken)).json());
    expect(foreign).toMatchObject({ empty: true, paging: { totalRows: 0, pageCount: 1 }, sections: [] });
  });

  it('answers 400 on page for a type that does not page, and for a page that is not a positive whole number', async () => {
    const matrix = await get(`/api/reports/production-device-work-matrix/data?from=2026-10-24&to=2026-10-25&devices=${data.lift.id}&page=1`);
    expect(matrix.statusCode).toBe(400);
    expect(matrix.json()).toEqual({ errors: { page: ['form.field.error.incorrect'] }, rootErrors: [] });
    for (const page of ['0', '-1', '1.5', 'x']) {
      const response = await get(`/api/reports/device-work-details-report/data?from=2026-10-24&to=2026-10-25&devices=${data.lift.id}&page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, unknown> }>().errors), page).toContain('page');
    }
  });

  it('registers every builder under its own type', () => {
    for (const type of REPORT_TYPES) expect(REPORT_BUILDERS[type].type).toBe(type);
  });
});
