import { efficiencyPercent } from '@gearwatch/contracts';
import type { ReportCell, ReportColumn } from '@gearwatch/contracts';
import { timeZone } from '../../time/time-zone.ts';
import type { ReportBuilder } from '../model.ts';
import type { CardSlice, ReportOperator } from './data/operator-report-repository.ts';
import type { WorkSlice } from '../../rollups/session-work-repository.ts';
import { OperatorReportRepository } from './data/operator-report-repository.ts';
import { SessionWorkRepository } from '../../rollups/session-work-repository.ts';
import { blankWindowCells, intervalWindows, reportColumn, reportRange, seconds, windowCells, windowColumns } from './report-windows.ts';

/**
 * The workers work report: per operator, a row per interval bucket (day, week, month, year or shift window) with the
 * work and activity of the devices during the operator's card sessions, the card time, efficiency, and how many
 * devices and sessions; the operator's totals last. Then a summary section, a row per operator and the totals of all.
 * Sessions and devices are counted once per row and once in a totals row, also when a session spans several rows.
 */

const COLUMNS = {
  lastName: reportColumn('last-name', 'reports.column.last-name', 'text'),
  firstName: reportColumn('first-name', 'reports.column.first-name', 'text'),
  work: reportColumn('work', 'reports.column.work', 'duration'),
  activity: reportColumn('activity', 'reports.column.activity', 'duration'),
  cardTime: reportColumn('card-time', 'reports.column.card-time', 'duration'),
  efficiency: reportColumn('efficiency', 'reports.column.efficiency', 'percent'),
  devices: reportColumn('devices', 'reports.column.devices', 'count'),
  sessions: reportColumn('sessions', 'reports.column.sessions', 'count'),
};
const MEASURE_COLUMNS: ReportColumn[] = [COLUMNS.work, COLUMNS.activity, COLUMNS.cardTime, COLUMNS.efficiency, COLUMNS.devices, COLUMNS.sessions];

/** The summary section's title: a translation key (`reports.section.*`), unlike a section named after an operator. */
/** Windows read per query pair (a month of days, or ten days of three shifts). */
const WINDOWS_PER_READ = 31;

export const SUMMARY_SECTION_TITLE = 'reports.section.summary';

/** Work, activity and card time of some session slices, with the sessions and devices they came from. */
class Tally {
  work = 0;
  active = 0;
  card = 0;
  readonly sessions = new Set<number>();
  readonly devices = new Set<number>();

  addCard(slice: CardSlice): void {
    this.card += slice.seconds;
    this.sessions.add(slice.sessionId);
    this.devices.add(slice.deviceId);
  }

  addWork(slice: WorkSlice): void {
    this.work += slice.work ?? 0;
    this.active += slice.active ?? 0;
  }

  merge(other: Tally): void {
    this.work += other.work;
    this.active += other.active;
    this.card += other.card;
    for (const id of other.sessions) this.sessions.add(id);
    for (const id of other.devices) this.devices.add(id);
  }

  cells(): ReportCell[] {
    const [work, active] = [seconds(this.work), seconds(this.active)];
    return [work, active, seconds(this.card), efficiencyPercent(work, active), this.devices.size, this.sessions.size];
  }
}

export const workersWorkReport: ReportBuilder = {
  type: 'workers-work-report',
  async write(db, scope, subject, sink) {
    const queries = new OperatorReportRepository(db);
    const sessions = new SessionWorkRepository(db);
    const range = reportRange(subject);
    const windows = await intervalWindows(db, scope.companyId, subject.interval, range, timeZone(scope.timezone));
    const operators = await queries.operators(scope.companyId, subject.operatorIds, subject.operatorGroupIds);
    const ids = operators.map((o) => o.id);
    const tallies = new Map<string, Tally>();
    const tallyOf = (operatorId: number, window: number) =>
      tallies.get(`${operatorId}:${window}`) ?? tallies.set(`${operatorId}:${window}`, new Tally()).get(`${operatorId}:${window}`)!;
    const now = new Date();
    let empty = true;
    // Aggregated per session and window, never readings; a few weeks of windows per query, so that a year by days
    // does not pair every session of the year with every day of it.
    for (let first = 0; first < windows.length; first += WINDOWS_PER_READ) {
      const part = windows.slice(first, first + WINDOWS_PER_READ);
      const [cards, works] = await Promise.all([queries.cardSlices(scope.companyId, ids, part, now), sessions.workSlices(scope.companyId, ids, part)]);
      for (const slice of cards) tallyOf(slice.operatorId, slice.window).addCard(slice);
      for (const slice of works) tallyOf(slice.operatorId, slice.window).addWork(slice);
      empty &&= cards.length === 0 && works.length === 0;
      await sink.progress((0.9 * (first + part.length)) / windows.length);
    }

    const columns = [...windowColumns(subject.interval), ...MEASURE_COLUMNS];
    const everyone = new Tally();
    const perOperator: { operator: ReportOperator; total: Tally }[] = [];
    for (const operator of operators) {
      const total = new Tally();
      const rows = windows.map((window) => {
        const tally = tallies.get(`${operator.id}:${window.index}`) ?? new Tally();
        total.merge(tally);
        return [...windowCells(subject.interval, window), ...tally.cells()];
      });
      everyone.merge(total);
      perOperator.push({ operator, total });
      await sink.section({ title: `${operator.lastname} ${operator.firstname}`.trim(), columns, totals: true });
      await sink.rows([...rows, [...blankWindowCells(subject.interval), ...total.cells()]]);
    }
    await sink.section({ title: SUMMARY_SECTION_TITLE, columns: [COLUMNS.lastName, COLUMNS.firstName, ...MEASURE_COLUMNS], totals: true });
    await sink.rows([
      ...perOperator.map(({ operator, total }) => [operator.lastname, operator.firstname, ...total.cells()]),
      [null, null, ...everyone.cells()],
    ]);
    await sink.progress(1);
    return { empty };
  },
};
