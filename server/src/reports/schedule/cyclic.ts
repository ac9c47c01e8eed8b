import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { timeZone } from '../../time/time-zone.ts';
import { newFileFor } from '../generation/file-naming.ts';
import { tell } from '../delivery/file-events.ts';
import type { Period } from './periods.ts';
import type { ReportRepositoryFactory, ReportWorkRepositories } from '../work-repositories.ts';
import { duePeriods } from './periods.ts';

export const REPORT_PERIODS_JOB = 'report-periods';
export const REPORT_RETENTION_JOB = 'report-files-retention';
/** Periods one configuration catches up at most after a long downtime (a month of days). */
export const MAX_CATCH_UP = 31;

/**
 * Makes the files of every period the enabled cyclic configurations owe at `now` (docs/reports.md "Exactly once"): the
 * last complete day, week or month in each company's time zone, and every one missed since the last period made (a
 * restart after downtime), at most MAX_CATCH_UP. Each period is a row of report_periods inserted ON CONFLICT DO NOTHING
 * in this transaction with its file, so however many instances run it, a period has one file (and so one mail).
 * Answers how many files it made.
 */
export async function makeDuePeriods(db: Kysely<DB>, repositories: ReportWorkRepositories, now: Date, retentionDays: number): Promise<number> {
  const { reportPeriods: periods, reportConfigurations: configurations, reportFiles: files } = repositories;
  let made = 0;
  for (const row of await periods.cyclicConfigurations()) {
    let zone;
    try {
      zone = timeZone(row.timezone);
    } catch {
      continue; // A zone this runtime does not know: that company's periods wait rather than block every other's.
    }
    const last: Period | null = row.lastFrom && row.lastTo ? { from: row.lastFrom, to: row.lastTo } : null;
    const due = duePeriods(row.frequency, {
      today: zone.dayOf(now.getTime()),
      activeSince: zone.dayOf(new Date(row.activeSince).getTime()),
      last,
      max: MAX_CATCH_UP,
    });
    if (due.length === 0) continue;
    const [groups, users] = await Promise.all([configurations.groups(row.id), configurations.users(row.id)]);
    const source = {
      companyId: row.companyId,
      configurationId: row.id,
      reportType: row.reportType,
      reportInterval: row.reportInterval,
      name: row.name,
      format: row.format,
      deviceGroupIds: groups.device.map((g) => g.id),
      operatorGroupIds: groups.operator.map((g) => g.id),
      userIds: users.map((u) => u.id),
    };
    for (const period of due) {
      if (!(await periods.take(row.id, period))) continue;
      const fileId = await files.insert(newFileFor(source, period, row.createdBy, retentionDays));
      await periods.linkFile(row.id, period, fileId);
      await tell(db, fileId, 'NEW', 0);
      made++;
    }
  }
  return made;
}

/**
 * The period maker every minute (the first tick after a start catches up what was missed) and the retention every
 * hour, as runner schedules: one job per tick whatever the number of instances. A tick's job reads "now" from its key
 * (the tick's time), so a test enqueues the tick of any moment.
 */
export function scheduleReports(runner: JobRunner, options: { retentionDays: number; repositories: ReportRepositoryFactory }): void {
  runner.register(REPORT_PERIODS_JOB, async ({ trx, job }) => {
    const at = new Date(job.key);
    await makeDuePeriods(trx, options.repositories(trx), Number.isNaN(at.getTime()) ? new Date() : at, options.retentionDays);
  });
  runner.schedule(REPORT_PERIODS_JOB, '* * * * *');
  runner.register(REPORT_RETENTION_JOB, async ({ trx }) => {
    const files = options.repositories(trx).reportFiles;
    while ((await files.deleteExpired(500)) === 500);
  });
  runner.schedule(REPORT_RETENTION_JOB, '37 * * * *');
}
