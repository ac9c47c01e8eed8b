import type { Kysely } from 'kysely';
import type { ReportType } from '@gearwatch/contracts';
import type { DB } from '../src/db/schema.ts';
import type { ReportBuilder, ReportFileWriter } from '../src/reports/model.ts';
import type { BuilderLookup, WriterFactory } from '../src/reports/generation/generator.ts';

/**
 * Fakes of the seams the generation uses (docs/reports.md): builders and writers are others' code, so the
 * generation's tests run a builder whose rows they know and a writer whose bytes they can read back.
 */

/** What the fake builder was asked, per call. */
export interface BuilderCall {
  type: ReportType;
  from: string;
  to: string;
  deviceGroupIds: readonly number[];
  operatorGroupIds: readonly number[];
  timezone: string;
}

export interface FakeBuilders {
  lookup: BuilderLookup;
  calls: BuilderCall[];
  /** The next `n` calls throw. */
  failNext(n: number): void;
  /** Types that have no builder. */
  missing: Set<ReportType>;
  /** Rows each call writes (a row per 10 makes progress). */
  rows: number;
  /** Awaited before each row when set (a test holds a generation in the middle). */
  beforeRow?: (index: number) => Promise<void>;
}

/** A builder for every type: one section, `rows` rows `[i, from]`, progress after each tenth, empty when 0 rows. */
export function fakeBuilders(): FakeBuilders {
  let failures = 0;
  const fake: FakeBuilders = {
    calls: [],
    missing: new Set(),
    rows: 20,
    failNext: (n) => void (failures = n),
    lookup: (type) => {
      if (fake.missing.has(type)) return undefined;
      const builder: ReportBuilder = {
        type,
        async write(_db, scope, subject, sink) {
          fake.calls.push({
            type,
            from: subject.from,
            to: subject.to,
            deviceGroupIds: subject.deviceGroupIds,
            operatorGroupIds: subject.operatorGroupIds,
            timezone: scope.timezone,
          });
          if (failures > 0) {
            failures--;
            throw new Error('the builder broke');
          }
          await sink.section({
            title: null,
            columns: [
              { key: 'n', title: 'reports.column.n', kind: 'count' },
              { key: 'day', title: 'reports.column.day', kind: 'date' },
            ],
            totals: false,
          });
          for (let i = 0; i < fake.rows; i++) {
            await fake.beforeRow?.(i);
            await sink.rows([[i, subject.from]]);
            if ((i + 1) % 10 === 0) await sink.progress((i + 1) / fake.rows);
          }
          return { empty: fake.rows === 0 };
        },
      };
      return builder;
    },
  };
  return fake;
}

/** A writer of plain lines: `# title from to`, then each row's cells joined by `;`, then `end empty=`. */
export const fakeWriters: WriterFactory = (format, output, options): ReportFileWriter => {
  const write = (text: string) => new Promise<void>((resolve, reject) => output.write(text, (error) => (error ? reject(error) : resolve())));
  let started = false;
  const start = async () => {
    if (!started) await write(`# ${format} ${options.title} ${options.period.from} ${options.period.to} ${options.scope.timezone} ${options.language}\n`);
    started = true;
  };
  return {
    section: async () => start(),
    rows: async (rows) => write(rows.map((row) => row.join(';')).join('\n') + '\n'),
    progress: async () => undefined,
    async end(outcome) {
      await start();
      await write(`end empty=${outcome.empty}\n`);
      await new Promise<void>((resolve) => output.end(resolve));
    },
  };
};

export async function createDeviceGroup(db: Kysely<DB>, companyId: number, name = 'Hall A'): Promise<number> {
  return (await db.insertInto('device_groups').values({ company_id: companyId, name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function createOperatorGroup(db: Kysely<DB>, companyId: number, name = 'Crew 1'): Promise<number> {
  return (await db.insertInto('operator_groups').values({ company_id: companyId, name }).returning('id').executeTakeFirstOrThrow()).id;
}
