import type { ReportSection } from '@gearwatch/contracts';
import type { ReportScope, ReportSink, ReportSubject } from '../src/reports/model.ts';
import type { ReadingInput } from '../src/telemetry/types.ts';
import type { TestContext } from './context.ts';
import { createCompany } from './fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import {
  TEST_PARAMETERS,
  createDeviceGroup,
  createDeviceType,
  createOperator,
  createOperatorGroup,
  createShifts,
  createTelemetryDevice,
  ingest,
  setCompanyTimezone,
} from './telemetry-fixtures.ts';

/**
 * The dataset of the operator, alert and shift report builders' tests: a company in Europe/Warsaw around the clock
 * change of 2026-10-25 (that date has 25 hours: 03:00 CEST becomes 02:00 CET), with a night shift across midnight,
 * RFID sessions across local midnight, and another company whose operator carries the same card number. Written
 * through the ingest service, so sessions and rollups are the real ones. The tests recompute every number from the
 * raw lists kept here (RAW), with Intl for local dates rather than the server's zone helpers.
 */

export const TIMEZONE = 'Europe/Warsaw';
export const SHIFTS = [
  { name: 'I', hourStart: 6, hourEnd: 14 },
  { name: 'II', hourStart: 14, hourEnd: 22 },
  { name: 'III', hourStart: 22, hourEnd: 6 },
];

/** A card session as the events make it: operator's card on a device from `start` to `end` (null: never removed). */
export interface RawSession {
  operator: number;
  device: number;
  start: Date;
  end: Date | null;
}

export interface RawReading {
  device: number;
  parameter: number;
  ts: Date;
  value: number;
}

export interface ReportDataset {
  scope: ReportScope;
  otherScope: ReportScope;
  lathe: TelemetryDevice;
  mill: TelemetryDevice;
  /** Another company's device, with readings and a session of its operator. */
  stranger: TelemetryDevice;
  groups: { hall: number; line: number; strangers: number };
  operators: { anna: number; bartek: number; celina: number; zed: number };
  operatorGroups: { crew: number; strangers: number };
  readings: RawReading[];
  sessions: RawSession[];
}

/** An instant written with its offset: `at('2026-10-25T02:30+01:00')`. */
export const at = (text: string) => new Date(text);

/** Readings every 10 minutes, 2 minutes past the 5-minute mark, from `from` to `to` (instants). */
function readingsBetween(from: Date, to: Date, seed: number): ReadingInput[] {
  const readings: ReadingInput[] = [];
  for (let t = from.getTime() + 120_000, i = 0; t < to.getTime(); t += 600_000, i++) {
    const work = ((i * 7 + seed) % 11) * 30;
    readings.push({ parameter: 1, ts: new Date(t), value: work });
    readings.push({ parameter: 2, ts: new Date(t), value: work + 60 });
    readings.push({ parameter: 3, ts: new Date(t), value: (i + seed) % 3 });
  }
  return readings;
}

export async function buildReportDataset(ctx: TestContext): Promise<ReportDataset> {
  const db = ctx.database.db;
  const company = await createCompany(db);
  await setCompanyTimezone(db, company.id, TIMEZONE);
  await createShifts(db, company.id, SHIFTS);
  const typeId = await createDeviceType(
    db,
    TEST_PARAMETERS.filter((p) => p.number <= 3),
  );
  const lathe = await createTelemetryDevice(db, company.id, typeId, 'Lathe');
  const mill = await createTelemetryDevice(db, company.id, typeId, 'Mill');
  const hall = await createDeviceGroup(db, company.id, 'Hall 1', [lathe.id]);
  const line = await createDeviceGroup(db, company.id, 'Assembly line', [lathe.id, mill.id]);
  const crew = await createOperatorGroup(db, company.id, 'Crew');
  const anna = await createOperator(db, company.id, { firstname: 'Anna', lastname: 'Nowak', rfid: 'CARD-A', groupId: crew });
  const bartek = await createOperator(db, company.id, { firstname: 'Bartek', lastname: 'Kowal', rfid: 'CARD-B', groupId: crew });
  const celina = await createOperator(db, company.id, { firstname: 'Celina', lastname: 'Wiśniewska', rfid: 'CARD-C' });

  const other = await createCompany(db);
  await setCompanyTimezone(db, other.id, TIMEZONE);
  await createShifts(db, other.id, SHIFTS);
  const stranger = await createTelemetryDevice(db, other.id, typeId, 'Stranger lathe');
  const strangers = await createDeviceGroup(db, other.id, 'Stranger hall', [stranger.id]);
  const strangerCrew = await createOperatorGroup(db, other.id, 'Stranger crew');
  // The same card number as Anna's, in the other company.
  const zed = await createOperator(db, other.id, { firstname: 'Zed', lastname: 'Obcy', rfid: 'CARD-A', groupId: strangerCrew });

  const from = at('2026-10-24T00:00+02:00');
  const to = at('2026-10-27T00:00+01:00');
  const sessions: RawSession[] = [
    // Across local midnight into the 25-hour day; Bartek's card replaces Anna's at 07:00.
    { operator: anna, device: lathe.id, start: at('2026-10-24T21:00+02:00'), end: at('2026-10-25T07:00+01:00') },
    { operator: bartek, device: lathe.id, start: at('2026-10-25T07:00+01:00'), end: at('2026-10-25T15:30+01:00') },
    // Through the repeated hour 02:00–03:00 is not on this device; a night shift across the next midnight is.
    { operator: anna, device: mill.id, start: at('2026-10-25T22:00+01:00'), end: at('2026-10-26T06:30+01:00') },
    // Starts on the repeated hour's first pass (02:10 CEST) and ends on its second pass (02:40 CET).
    { operator: celina, device: mill.id, start: at('2026-10-25T02:10+02:00'), end: at('2026-10-25T02:40+01:00') },
    // Never removed: runs on past the period.
    { operator: celina, device: lathe.id, start: at('2026-10-26T13:00+01:00'), end: null },
  ];
  const strangerSessions: RawSession[] = [{ operator: zed, device: stranger.id, start: at('2026-10-24T20:00+02:00'), end: at('2026-10-26T10:00+01:00') }];
  const cards: Record<number, string> = { [anna]: 'CARD-A', [bartek]: 'CARD-B', [celina]: 'CARD-C', [zed]: 'CARD-A' };
  const eventsOf = (device: number, of: RawSession[]) =>
    of
      .filter((s) => s.device === device)
      .flatMap((s) => [
        { ts: s.start, type: 'rfid_on' as const, rfid: cards[s.operator]! },
        // A card replaced by the next one needs no removal event.
        ...(s.end && !of.some((n) => n.device === device && n.start.getTime() === s.end!.getTime())
          ? [{ ts: s.end, type: 'rfid_off' as const, rfid: cards[s.operator]! }]
          : []),
      ]);

  const readings: RawReading[] = [];
  for (const [device, seed] of [
    [lathe, 1],
    [mill, 4],
    [stranger, 2],
  ] as const) {
    const own = readingsBetween(from, to, seed);
    readings.push(...own.map((r) => ({ device: device.id, parameter: r.parameter, ts: r.ts, value: r.value })));
    await ingest(ctx.services, device, { readings: own, events: eventsOf(device.id, device === stranger ? strangerSessions : sessions) });
  }

  return {
    scope: { companyId: company.id, timezone: TIMEZONE },
    otherScope: { companyId: other.id, timezone: TIMEZONE },
    lathe,
    mill,
    stranger,
    groups: { hall, line, strangers },
    operators: { anna, bartek, celina, zed },
    operatorGroups: { crew, strangers: strangerCrew },
    readings,
    sessions,
  };
}

/** A subject with nothing selected; tests fill in what they ask for. */
export function subjectOf(type: ReportSubject['type'], fields: Partial<ReportSubject>): ReportSubject {
  return { type, from: '2026-10-24', to: '2026-10-26', interval: 'day', deviceIds: [], deviceGroupIds: [], operatorIds: [], operatorGroupIds: [], ...fields };
}

/** The tests' sink: keeps what a builder writes, as the screen's document would hold it. */
export class CollectingSink implements ReportSink {
  readonly sections: ReportSection[] = [];
  readonly progressValues: number[] = [];

  section(section: Parameters<ReportSink['section']>[0]): Promise<void> {
    this.sections.push({ title: section.title, columns: [...section.columns], totals: section.totals, rows: [] });
    return Promise.resolve();
  }

  rows(rows: Parameters<ReportSink['rows']>[0]): Promise<void> {
    const current = this.sections.at(-1);
    if (!current) throw new Error('rows before any section');
    current.rows.push(...rows.map((r) => [...r]));
    return Promise.resolve();
  }

  progress(fraction: number): Promise<void> {
    this.progressValues.push(fraction);
    return Promise.resolve();
  }

  /** A section's rows as objects by column key (the totals row included, last). */
  records(index: number): Record<string, unknown>[] {
    const section = this.sections[index]!;
    return section.rows.map((row) => Object.fromEntries(section.columns.map((c, i) => [c.key, row[i]])));
  }
}

const localDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const localHourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIMEZONE, hour: '2-digit', hourCycle: 'h23' });

/** The local date of an instant, by Intl (independent of the server's zone helpers). */
export const localDate = (instant: number) => localDateFormat.format(instant);
export const localHour = (instant: number) => Number(localHourFormat.format(instant));

/** The 5-minute bucket start a reading counts in. */
export const bucketOf = (ts: Date) => Math.floor(ts.getTime() / 300_000) * 300_000;

/** The session of a device a 5-minute bucket start lies in, as the session rollups attribute it. */
export function sessionAt(sessions: RawSession[], device: number, instant: number): RawSession | undefined {
  return sessions.find((s) => s.device === device && s.start.getTime() <= instant && (s.end === null || instant < s.end.getTime()));
}

/**
 * The shift a minute belongs to, by its local wall hour, and the date the shift started on (a night shift's hours
 * after midnight belong to the date before). Null outside every shift.
 */
export function shiftOf(instant: number): { date: string; shift: string } | null {
  const hour = localHour(instant);
  for (const shift of SHIFTS) {
    const night = shift.hourEnd <= shift.hourStart;
    if (!night && hour >= shift.hourStart && hour < shift.hourEnd) return { date: localDate(instant), shift: shift.name };
    if (night && hour >= shift.hourStart) return { date: localDate(instant), shift: shift.name };
    if (night && hour < shift.hourEnd) return { date: localDate(instant - 12 * 3_600_000), shift: shift.name };
  }
  return null;
}

/** Seconds of a span per key of its minutes (every span here starts and ends on a whole minute). */
export function minutesBy(start: number, end: number, keyOf: (instant: number) => string | null): Map<string, number> {
  const out = new Map<string, number>();
  for (let t = start; t < end; t += 60_000) {
    const key = keyOf(t);
    if (key !== null) out.set(key, (out.get(key) ?? 0) + 60);
  }
  return out;
}

/** Work, active and counter per device, shift date and shift, from the raw readings (by their 5-minute bucket). */
export function shiftSums(readings: RawReading[], from: string, to: string): Map<string, { work: number; active: number; counter: number }> {
  const sums = new Map<string, { work: number; active: number; counter: number }>();
  for (const r of readings) {
    const shift = shiftOf(bucketOf(r.ts));
    if (!shift || shift.date < from || shift.date > to) continue;
    for (const key of [`${r.device}|${shift.date}|${shift.shift}`, `${r.device}|all`]) {
      const sum = sums.get(key) ?? sums.set(key, { work: 0, active: 0, counter: 0 }).get(key)!;
      sum[r.parameter === 1 ? 'work' : r.parameter === 2 ? 'active' : 'counter'] += r.value;
    }
  }
  return sums;
}
