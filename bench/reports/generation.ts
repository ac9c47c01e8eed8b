/**
 * A report file from NEW to DONE through the real path (issue 18 "Speed"): a once configuration made with the
 * configurations service, the runner's generator claiming the file, the builder reading the rollups, the xlsx writer
 * streaming into the database's chunks. Data from `bench/reports/seed.ts` (made here, or `--reuse NAME` of a database
 * a `seed.ts --keep` run left). It prints, for each report asked (`--type`, default the efficiency report of a month
 * for every seeded device): NEW → DONE seconds, the file's size, and as the baseline in the same run the raw SQL the
 * report stands for — the month's work, active and counter sums per device straight from the raw readings.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/reports/generation.ts [--devices 100] [--days 62]
 *     [--reuse NAME] [--keep] [--type efficiency-report] [--format xlsx]
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ReportFormat, ReportType } from '@gearwatch/contracts';
import { REPORT_FORMATS, REPORT_TYPES } from '@gearwatch/contracts';
import { testConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import type { DB } from '../../server/src/db/schema.ts';
import { createServices } from '../../server/src/services.ts';
import { createScratchDatabase, existingDatabase, flag } from '../support/scratch-database.ts';
import { seedReportData } from './seed.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const TYPE = (option('type') ?? 'efficiency-report') as ReportType;
const FORMAT = (option('format') ?? 'xlsx') as ReportFormat;
if (!REPORT_TYPES.includes(TYPE) || !REPORT_FORMATS.includes(FORMAT)) throw new Error(`unknown --type ${TYPE} or --format ${FORMAT}`);

/** The seeded company: the one with the most devices (a reused database has only the seed's). */
async function seededCompany(db: Kysely<DB>) {
  const company = await db
    .selectFrom('devices')
    .innerJoin('companies', 'companies.id', 'devices.company_id')
    .select(['companies.id', 'companies.timezone', sql<number>`count(*)::int`.as('devices')])
    .groupBy(['companies.id', 'companies.timezone'])
    .orderBy('devices', 'desc')
    .executeTakeFirstOrThrow();
  const deviceGroup = await db.selectFrom('device_groups').select('id').where('company_id', '=', company.id).executeTakeFirstOrThrow();
  const operatorGroup = await db.selectFrom('operator_groups').select('id').where('company_id', '=', company.id).executeTakeFirst();
  const range = await sql<{ from: string; to: string }>`select min(day)::text as "from", max(day)::text as "to" from readings_day
    where company_id = ${company.id}`.execute(db);
  return { ...company, deviceGroupId: deviceGroup.id, operatorGroupId: operatorGroup?.id ?? null, ...range.rows[0]! };
}

/** The last whole calendar month inside the seeded range. */
function lastWholeMonth(from: string, to: string): { from: string; to: string } {
  const end = new Date(`${to}T00:00:00Z`);
  const next = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 1));
  const monthEnd =
    new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10) === to ? end : new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 0));
  const monthStart = new Date(Date.UTC(monthEnd.getUTCFullYear(), monthEnd.getUTCMonth(), 1));
  const period = { from: monthStart.toISOString().slice(0, 10), to: monthEnd.toISOString().slice(0, 10) };
  if (period.from < from) throw new Error(`the seeded range ${from}..${to} holds no whole month: seed more --days`);
  return period;
}

const reuse = option('reuse');
const scratch = reuse ? existingDatabase(reuse) : await createScratchDatabase('gw_bench_reports');
const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 4 });
try {
  const db = database.db;
  if (!reuse) {
    await migrate(database);
    const days = flag('days', 62);
    const from = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const started = performance.now();
    const seed = await seedReportData(db, { devices: flag('devices', 100), from, days });
    console.log(
      `seeded ${seed.deviceIds.length} devices, ${seed.readings.toLocaleString('en-US')} readings in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const company = await seededCompany(db);
  const raw = await sql<{ n: string }>`select count(*)::text as n from readings r where r.company_id = ${company.id}`.execute(db);
  console.log(
    `company ${company.id} (${company.timezone}): ${company.devices} devices, ${Number(raw.rows[0]!.n).toLocaleString('en-US')} raw readings, ${company.from}..${company.to}`,
  );

  const user = await db
    .insertInto('users')
    .values({
      company_id: company.id,
      username: `report-bench-${Date.now()}`,
      email: `report-bench-${Date.now()}@bench.test`,
      firstname: 'Report',
      lastname: 'Bench',
      password_hash: 'x',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const services = await createServices(db, testConfig({ DATABASE_URL: scratch.url }));
  const auth = { userId: user.id, companyId: company.id, isSuperAdmin: false, canImpersonate: false };
  const period = lastWholeMonth(company.from, company.to);
  const operatorType = TYPE === 'device-operators-report' || TYPE === 'workers-work-report';

  // The baseline: the same month's sums per device straight from the raw readings (the aggregation the report's
  // rollup reads stand for), timed in the same run.
  const baselineStarted = performance.now();
  await sql`select r.device_id, sum(r.value) filter (where r.parameter_number = 1), sum(r.value) filter (where r.parameter_number = 2),
      sum(r.value) filter (where r.parameter_number = 3)
    from readings r
    where r.company_id = ${company.id} and r.parameter_number in (1, 2, 3)
      and r.ts >= (${period.from}::date::timestamp at time zone ${company.timezone})
      and r.ts < ((${period.to}::date + 1)::timestamp at time zone ${company.timezone})
    group by r.device_id`.execute(db);
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;

  const started = performance.now();
  const configuration = await services.reportConfigurations.create(
    auth,
    {
      reportType: TYPE,
      name: `Bench ${TYPE}`,
      reportInterval: 'day',
      groups: [operatorType ? company.operatorGroupId : company.deviceGroupId],
      users: [user.id],
      format: FORMAT,
      from: period.from,
      to: period.to,
    },
    TYPE,
  );
  await services.reportGenerator.drainUntilIdle();
  const seconds = (performance.now() - started) / 1000;
  const file = await db
    .selectFrom('report_files')
    .select(['id', 'status', 'size', 'error'])
    .where('configuration_id', '=', configuration.id)
    .executeTakeFirstOrThrow();
  console.log('');
  console.log('| report | period | status | NEW → DONE | file | raw SQL baseline | ratio |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| ${TYPE} (${FORMAT}), ${company.devices} devices | ${period.from}..${period.to} | ${file.status}${file.error ? ` ${file.error}` : ''} | ${seconds.toFixed(2)} s | ${((file.size ?? 0) / 1024).toFixed(0)} KB | ${baselineSeconds.toFixed(2)} s | ${(seconds / baselineSeconds).toFixed(2)} |`,
  );
  await services.jobs.stop();
} finally {
  await database.close();
  if (process.argv.includes('--keep') || reuse) console.log(`kept database: ${scratch.url.replace(/^.*\//, '')}`);
  else await scratch.drop();
}
