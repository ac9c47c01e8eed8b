import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import type { Services } from '../src/services.ts';
import { REPORT_PERIODS_JOB } from '../src/reports/schedule/cyclic.ts';
import { createCompany, createUser } from './fixtures.ts';
import type { TwoInstances } from './two-instances.ts';
import { instanceVariants } from './two-instances.ts';
import type { TestSmtpServer } from './smtp.ts';
import { startSmtpServer } from './smtp.ts';
import { createDeviceGroup, fakeBuilders, fakeWriters } from './report-fixtures.ts';

/** Two instances (each its own runner, generator and mail sender) on one database: one file per period, one mail per recipient. */
describe.each(instanceVariants)('cyclic reports on two instances (%s)', (_name, setup, skip) => {
  let databases: TwoInstances;
  let smtp: TestSmtpServer;
  let a: Services;
  let b: Services;
  const fakes = fakeBuilders();

  beforeAll(async () => {
    if (skip) return;
    databases = await setup();
    smtp = await startSmtpServer();
    const config = testConfig({ WEB_DIST_DIR: '/nonexistent', SMTP_URL: smtp.url });
    a = await createServices(databases.a.db, config, { reportBuilders: fakes.lookup, reportWriters: fakeWriters });
    b = await createServices(databases.b.db, config, { reportBuilders: fakes.lookup, reportWriters: fakeWriters });
  });
  afterAll(async () => {
    if (skip) return;
    await databases?.close();
    await smtp?.close();
  });

  it.skipIf(skip)('make each missed period once and mail it once to each recipient, whichever instance takes what', async () => {
    const db = databases.a.db;
    const company = await createCompany(db);
    await db.updateTable('companies').set({ timezone: 'Europe/Warsaw' }).where('id', '=', company.id).execute();
    const anna = await createUser(db, company.id, { email: 'anna@example.com' });
    const bob = await createUser(db, company.id, { email: 'bob@example.com' });
    const hall = await createDeviceGroup(db, company.id);
    const auth = { userId: anna.id, companyId: company.id, isSuperAdmin: false, canImpersonate: false };
    const configuration = await a.reportConfigurations.create(
      auth,
      { name: 'Daily', reportInterval: 'day', groups: [hall], users: [anna.id, bob.id], emails: ['ext@example.org'], frequency: 'day', format: 'csv' },
      'efficiency-report',
    );
    await db
      .updateTable('report_configurations')
      .set({ active_since: new Date('2026-10-20T10:00:00Z') })
      .where('id', '=', configuration.id)
      .execute();

    // Both instances tick (the same minute and the next), run their jobs, generate and send side by side.
    await Promise.all([
      a.jobs.enqueueTick(REPORT_PERIODS_JOB, new Date('2026-10-24T06:00:00Z')),
      b.jobs.enqueueTick(REPORT_PERIODS_JOB, new Date('2026-10-24T06:00:00Z')),
    ]);
    await b.jobs.enqueueTick(REPORT_PERIODS_JOB, new Date('2026-10-24T06:01:00Z'));
    await Promise.all([a.jobs.runUntilIdle(), b.jobs.runUntilIdle()]);
    await Promise.all([a.reportGenerator.drainUntilIdle(), b.reportGenerator.drainUntilIdle()]);
    await Promise.all([a.mail.drainUntilIdle(), b.mail.drainUntilIdle()]);

    const files = await sql<{ from: string; status: string }>`
      select period_from::text as from, status from report_files where configuration_id = ${configuration.id} order by period_from`.execute(db);
    expect(files.rows).toEqual(['2026-10-19', '2026-10-20', '2026-10-21', '2026-10-22', '2026-10-23'].map((from) => ({ from, status: 'DONE' })));
    expect(fakes.calls.map((c) => c.from).sort()).toEqual(files.rows.map((f) => f.from));
    // Each mail names its period's first day as Polish writes it (the recipients' language): 19.10.2026.
    const mails = smtp.received.map((m) => `${m.to[0]} ${/\((\d{1,2}\.\d{2}\.\d{4})/.exec(m.headers.subject ?? '')?.[1]}`).sort();
    const polish = (date: string) => `${Number(date.slice(8, 10))}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
    expect(mails).toEqual(files.rows.flatMap((f) => ['anna@example.com', 'bob@example.com', 'ext@example.org'].map((to) => `${to} ${polish(f.from)}`)).sort());
  });
});
