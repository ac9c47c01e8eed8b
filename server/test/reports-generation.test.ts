import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportConfiguration, ReportFile } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import { createDeviceGroup, fakeBuilders, fakeWriters } from './report-fixtures.ts';
import { REPORT_RETENTION_JOB } from '../src/reports/schedule/cyclic.ts';
import { GenerationRepository } from '../src/reports/generation/generation-repository.ts';

/** A file's life: NEW → PROCESS (events) → DONE (download) or ERROR → retry → DONE; who sees and downloads it. */
describe('report generation', () => {
  let ctx: TestContext;
  const fakes = fakeBuilders();
  let anna: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let root: TestUser;
  let stranger: TestUser;
  let hall: number;
  const tokens = new Map<number, string>();
  const db = () => ctx.database.db;
  const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(tokens.get(user.id) ?? ''), ...(payload ? { payload } : {}) });
  const generate = () => ctx.services.reportGenerator.drainUntilIdle();
  const eventsOf = async (userId: number, fileId: number) =>
    (await db().selectFrom('user_events').select('payload').where('user_id', '=', userId).where('type', '=', 'report-file').orderBy('id').execute())
      .map((e) => e.payload as { fileId: number; status: string; progress: number })
      .filter((p) => p.fileId === fileId)
      .map((p) => `${p.status} ${p.progress}`);
  const fileOf = async (user: TestUser, configurationId: number) =>
    (await call(user, 'GET', `/api/reports/files?filter=${encodeURIComponent(JSON.stringify({ configuration: configurationId }))}`)).json<{
      entries: ReportFile[];
    }>().entries[0]!;
  const create = async (body: object, type = 'efficiency-report') => {
    const response = await call(anna, 'POST', `/api/reportsconfigurations?context=${type}`, {
      reportInterval: 'day',
      groups: [hall],
      users: [anna.id, bob.id],
      format: 'csv',
      from: '2026-10-01',
      to: '2026-10-31',
      ...body,
    });
    expect(response.statusCode).toBe(201);
    return response.json<ReportConfiguration>();
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { reportBuilders: fakes.lookup, reportWriters: fakeWriters });
    const company = await createCompany(db());
    await db().updateTable('companies').set({ timezone: 'Europe/Warsaw' }).where('id', '=', company.id).execute();
    anna = await createUser(db(), company.id, { firstname: 'Anna', lastname: 'Nowak', language: 'en' });
    bob = await createUser(db(), company.id);
    carol = await createUser(db(), company.id);
    root = await createUser(db(), company.id, { superAdmin: true });
    stranger = await createUser(db(), (await createCompany(db())).id);
    hall = await createDeviceGroup(db(), company.id);
    for (const user of [anna, bob, carol, root, stranger]) tokens.set(user.id, (await signIn(ctx.app, user.username, user.password)).access_token);
  });
  afterAll(() => ctx?.close());

  it('makes a file NEW → PROCESS → DONE with events to who asked and who receives, and serves it with its name', async () => {
    const configuration = await create({ name: 'Wydajność hali' });
    expect(await generate()).toBe(1);
    const file = await fileOf(anna, configuration.id);
    expect(file).toMatchObject({ status: 'DONE', progress: 100, error: null, name: 'Wydajność hali-2026-10-01-2026-10-31.csv', format: 'csv' });
    expect(file.finishedAt).not.toBeNull();
    expect(fakes.calls.at(-1)).toEqual({
      type: 'efficiency-report',
      from: '2026-10-01',
      to: '2026-10-31',
      deviceGroupIds: [hall],
      operatorGroupIds: [],
      timezone: 'Europe/Warsaw',
    });
    for (const user of [anna, bob]) expect(await eventsOf(user.id, file.id)).toEqual(['NEW 0', 'PROCESS 0', 'PROCESS 50', 'PROCESS 99', 'DONE 100']);
    expect(await eventsOf(carol.id, file.id)).toEqual([]);

    const download = await call(bob, 'GET', `/api/reports/files/${file.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Wydajno__ hali-2026-10-01-2026-10-31.csv"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
    const lines = download.body.split('\n');
    expect(lines[0]).toBe('# csv Wydajność hali 2026-10-01 2026-10-31 Europe/Warsaw en');
    expect(lines.slice(1, 4)).toEqual(['0;2026-10-01', '1;2026-10-01', '2;2026-10-01']);
    expect(lines.at(-2)).toBe('end empty=false');
    expect(file.size).toBe(Buffer.byteLength(download.body));

    // Who sees it: who asked, who receives, the company's super-admin; not another user, not another company.
    expect((await call(root, 'GET', `/api/reports/files/${file.id}/download`)).statusCode).toBe(200);
    expect((await call(carol, 'GET', `/api/reports/files/${file.id}/download`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/reports/files/${file.id}/download`)).statusCode).toBe(404);
    expect((await call(carol, 'GET', '/api/reports/files')).statusCode).toBe(204);
    expect((await call(anna, 'POST', `/api/reports/files/${file.id}/retry`)).statusCode).toBe(409);
    expect((await call(stranger, 'POST', `/api/reports/files/${file.id}/retry`)).statusCode).toBe(404);
  });

  it('stores a large file in chunks and serves it whole', async () => {
    fakes.rows = 30_000;
    const configuration = await create({ name: 'Large' });
    await generate();
    fakes.rows = 20;
    const file = await fileOf(anna, configuration.id);
    const chunks = await db().selectFrom('report_file_chunks').select('seq').where('file_id', '=', file.id).execute();
    expect(file.size).toBeGreaterThan(300_000);
    const download = await call(anna, 'GET', `/api/reports/files/${file.id}/download`);
    expect(Buffer.byteLength(download.body)).toBe(file.size);
    expect(download.body.split('\n').at(-3)).toBe('29999;2026-10-01');
    expect(chunks.length).toBe(Math.ceil(file.size! / (1 << 20)));
  });

  it('shows a failed generation as ERROR, and a retry makes it DONE', async () => {
    fakes.failNext(1);
    const configuration = await create({ name: 'Fails once' });
    await generate();
    let file = await fileOf(anna, configuration.id);
    expect(file).toMatchObject({ status: 'ERROR', error: 'reports.file.error.failed', size: null });
    expect((await call(anna, 'GET', `/api/reports/files/${file.id}/download`)).statusCode).toBe(404);
    expect(await db().selectFrom('report_file_chunks').select('seq').where('file_id', '=', file.id).execute()).toEqual([]);
    const retried = await call(bob, 'POST', `/api/reports/files/${file.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'NEW', error: null, progress: 0 });
    expect((await call(bob, 'POST', `/api/reports/files/${file.id}/retry`)).statusCode).toBe(409);
    await generate();
    file = await fileOf(anna, configuration.id);
    expect(file.status).toBe('DONE');
    expect(await eventsOf(anna.id, file.id)).toEqual(['NEW 0', 'PROCESS 0', 'ERROR 0', 'NEW 0', 'PROCESS 0', 'PROCESS 50', 'PROCESS 99', 'DONE 100']);
  });

  it('fails a type this build has no builder for, and writes an empty period’s report that says so', async () => {
    fakes.missing.add('alerts-report');
    const missing = await create({ name: 'No builder' }, 'alerts-report');
    fakes.rows = 0;
    const empty = await create({ name: 'Nothing happened' });
    await generate();
    fakes.rows = 20;
    expect(await fileOf(anna, missing.id)).toMatchObject({ status: 'ERROR', error: 'reports.file.error.unsupported' });
    const file = await fileOf(anna, empty.id);
    expect(file.status).toBe('DONE');
    expect((await call(anna, 'GET', `/api/reports/files/${file.id}/download`)).body).toBe(
      '# csv Nothing happened 2026-10-01 2026-10-31 Europe/Warsaw en\nend empty=true\n',
    );
  });

  it('lists files with filters and refuses a bad filter', async () => {
    const done = await call(anna, 'GET', `/api/reports/files?filter=${encodeURIComponent('{"status":"ERROR"}')}`);
    expect(done.json<{ entries: ReportFile[] }>().entries.map((f) => f.name)).toEqual(['No builder-2026-10-01-2026-10-31.csv']);
    expect((await call(anna, 'GET', `/api/reports/files?filter=${encodeURIComponent('{"status":"LOST"}')}`)).statusCode).toBe(400);
    expect((await call(anna, 'GET', '/api/reports/files?sort=-size')).statusCode).toBe(200);
  });

  it('answers 404 for a file the moment it expires and leaves it out of the list, before any clean-up runs', async () => {
    const configuration = await create({ name: 'Just expired' });
    await generate();
    const file = await fileOf(anna, configuration.id);
    expect((await call(anna, 'GET', `/api/reports/files/${file.id}/download`)).statusCode).toBe(200);
    await db()
      .updateTable('report_files')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', file.id)
      .execute();
    for (const user of [anna, bob, root]) {
      const download = await call(user, 'GET', `/api/reports/files/${file.id}/download`);
      expect(download.statusCode).toBe(404);
      expect(download.json()).toMatchObject({ message: 'error.not-found' });
    }
    const listed = await call(anna, 'GET', `/api/reports/files?filter=${encodeURIComponent(JSON.stringify({ configuration: configuration.id }))}`);
    expect(listed.statusCode).toBe(204);
    // Still in the table: it is the reads that refuse it, not the clean-up that has removed it.
    expect(await db().selectFrom('report_files').select('id').where('id', '=', file.id).execute()).toHaveLength(1);
  });

  it('removes files whose retention time is up, with their bytes; a file still being made stays', async () => {
    const kept = await create({ name: 'Kept' });
    const expiring = await create({ name: 'Expiring' });
    await generate();
    const waiting = await create({ name: 'Waiting' });
    const [keptFile, expiringFile, waitingFile] = await Promise.all([fileOf(anna, kept.id), fileOf(anna, expiring.id), fileOf(anna, waiting.id)]);
    expect(waitingFile.status).toBe('NEW');
    const past = new Date(Date.now() - 60_000);
    await db().updateTable('report_files').set({ expires_at: past }).where('id', 'in', [expiringFile.id, waitingFile.id]).execute();
    await ctx.services.jobs.enqueueTick(REPORT_RETENTION_JOB, new Date());
    await ctx.services.jobs.runOnce();
    await ctx.services.reportGenerator.settled();
    expect((await call(anna, 'GET', `/api/reports/files/${expiringFile.id}/download`)).statusCode).toBe(404);
    expect(await db().selectFrom('report_files').select('id').where('id', '=', expiringFile.id).execute()).toEqual([]);
    expect(await db().selectFrom('report_file_chunks').select('seq').where('file_id', '=', expiringFile.id).execute()).toEqual([]);
    expect((await call(anna, 'GET', `/api/reports/files/${keptFile.id}/download`)).statusCode).toBe(200);
    expect(await db().selectFrom('report_files').select('id').where('id', '=', waitingFile.id).execute()).toHaveLength(1);
  });

  it('takes over a file whose generator died once its lease ran out; the dead one can no longer finish it', async () => {
    const configuration = await create({ name: 'Orphan' });
    const generation = new GenerationRepository(db());
    const dead = await generation.claim('dead-instance', 60);
    expect(dead).toMatchObject({ name: 'Orphan-2026-10-01-2026-10-31.csv', attempt: 1, timezone: 'Europe/Warsaw', language: 'en' });
    await db()
      .insertInto('report_file_chunks')
      .values({ file_id: dead!.id, attempt: 1, seq: 0, data: Buffer.from('half a file') })
      .execute();
    // While its lease runs, nobody else takes it.
    expect(await generate()).toBe(0);
    await db()
      .updateTable('report_files')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', dead!.id)
      .execute();
    expect(await generate()).toBe(1);
    const file = await fileOf(anna, configuration.id);
    expect(file.status).toBe('DONE');
    expect(await generation.done(dead!.id, 'dead-instance', 1, 1, 90)).toBe(false);
    expect(await generation.failed(dead!.id, 'dead-instance', 1, 'late')).toBe(false);
    expect((await fileOf(anna, configuration.id)).status).toBe('DONE');
    expect((await db().selectFrom('report_files').select('attempt').where('id', '=', file.id).executeTakeFirstOrThrow()).attempt).toBe(2);
    // The dead attempt's half file is gone; the download is the second attempt's.
    expect((await db().selectFrom('report_file_chunks').select('attempt').where('file_id', '=', file.id).execute()).map((c) => c.attempt)).toEqual([2]);
    expect((await call(anna, 'GET', `/api/reports/files/${file.id}/download`)).body).toContain('# csv Orphan');
  });

  it('hands the file being made back as NEW when the server shuts down, for another instance to make at once', async () => {
    const configuration = await create({ name: 'Interrupted' });
    let reached!: () => void;
    const atRow = new Promise<void>((resolve) => (reached = resolve));
    let proceed!: () => void;
    const held = new Promise<void>((resolve) => (proceed = resolve));
    fakes.beforeRow = async (i) => {
      if (i !== 5) return;
      reached();
      await held;
    };
    const running = generate();
    await atRow;
    const stopped = ctx.services.reportGenerator.stop();
    proceed();
    await Promise.all([running, stopped]);
    fakes.beforeRow = undefined;
    const file = await fileOf(anna, configuration.id);
    expect(file).toMatchObject({ status: 'NEW', progress: 0 });
    expect(await db().selectFrom('report_file_chunks').select('seq').where('file_id', '=', file.id).execute()).toEqual([]);
    expect((await eventsOf(anna.id, file.id)).at(-1)).toBe('NEW 0');
    // A stopped generator takes nothing more.
    expect(await generate()).toBe(0);
  });
});
