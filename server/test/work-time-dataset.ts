import type { ReadingInput, EventInput } from '../src/telemetry/types.ts';
import type { TestContext } from './context.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import {
  createDeviceGroup,
  createDeviceType,
  createOperator,
  createOperatorGroup,
  createTelemetryDevice,
  ingest,
  setCompanyTimezone,
} from './telemetry-fixtures.ts';
import { createCompany, createUser, signIn } from './fixtures.ts';

/**
 * The data of the work-time windows and group figures tests: a Warsaw company through February and March 2026,
 * "now" fixed on Sunday 29 March 2026 18:00 local, the day clocks go forward (02:00 → 03:00, a 23-hour day) and the
 * end of a week with that change. Readings are written through the ingest service; the tests add them up again from
 * this list of raw readings and card sessions (`referenceSums`), apart from the server's rollups and time module.
 */
export const TIMEZONE = 'Europe/Warsaw';
/** 2026-03-29 18:00 in Warsaw (CEST, UTC+2). */
export const NOW = Date.UTC(2026, 2, 29, 16, 0);
const FIVE_MINUTES = 300_000;

/** The local date (YYYY-MM-DD) of an instant, by the platform's timezone data. */
const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
export const localDateOf = (ms: number) => localDate.format(new Date(ms));

/** A Warsaw wall time as an instant: UTC+1 before 29 March 02:00, UTC+2 from then on. */
export function warsaw(month: number, day: number, hour: number, minute = 0): number {
  const asUtc = Date.UTC(2026, month - 1, day, hour, minute);
  const summer = month > 3 || (month === 3 && (day > 29 || (day === 29 && hour >= 3)));
  return asUtc - (summer ? 2 : 1) * 3_600_000;
}

export interface RawSession {
  deviceId: number;
  operatorId: number;
  start: number;
  end: number;
}

export interface WorkTimeDataset {
  token: string;
  otherToken: string;
  operators: { anna: number; bartek: number; celina: number; idle: number; foreign: number };
  groups: { crew: number; solo: number; empty: number; resting: number };
  deviceGroups: { both: number; second: number };
  devices: TelemetryDevice[];
  readings: { deviceId: number; reading: ReadingInput }[];
  sessions: RawSession[];
}

/** Work seconds in a bucket, varying with the instant so that every day and window differs. */
const workAt = (ms: number) => ((ms / FIVE_MINUTES) * 37) % 241;

export async function buildWorkTimeDataset(ctx: TestContext): Promise<WorkTimeDataset> {
  const db = ctx.database.db;
  const company = await createCompany(db);
  await setCompanyTimezone(db, company.id, TIMEZONE);
  const user = await createUser(db, company.id);
  const typeId = await createDeviceType(db);
  const forklift1 = await createTelemetryDevice(db, company.id, typeId, 'Forklift 1');
  const forklift2 = await createTelemetryDevice(db, company.id, typeId, 'Forklift 2');
  const crew = await createOperatorGroup(db, company.id, 'Crew');
  const solo = await createOperatorGroup(db, company.id, 'Solo');
  const empty = await createOperatorGroup(db, company.id, 'Empty');
  const resting = await createOperatorGroup(db, company.id, 'Resting');
  const anna = await createOperator(db, company.id, { firstname: 'Anna', lastname: 'Nowak', rfid: 'CARD-A', groupId: crew });
  const bartek = await createOperator(db, company.id, { firstname: 'Bartek', lastname: 'Kowal', rfid: 'CARD-B', groupId: crew });
  const celina = await createOperator(db, company.id, { firstname: 'Celina', lastname: 'Lis', rfid: 'CARD-C', groupId: solo });
  const idle = await createOperator(db, company.id, { firstname: 'Irena', lastname: 'Idle', rfid: 'CARD-I', groupId: resting });
  const both = await createDeviceGroup(db, company.id, 'Both', [forklift1.id, forklift2.id]);
  const second = await createDeviceGroup(db, company.id, 'Second', [forklift2.id]);

  const readings: { deviceId: number; reading: ReadingInput }[] = [];
  const sessions: RawSession[] = [];
  const events = new Map<number, EventInput[]>([
    [forklift1.id, []],
    [forklift2.id, []],
  ]);
  const session = (device: TelemetryDevice, operatorId: number, card: string, start: number, end: number) => {
    sessions.push({ deviceId: device.id, operatorId, start, end });
    events.get(device.id)!.push({ ts: new Date(start), type: 'rfid_on', rfid: card }, { ts: new Date(end), type: 'rfid_off', rfid: card });
  };
  const produce = (device: TelemetryDevice, from: number, to: number, active = 300) => {
    for (let ms = from; ms < to; ms += FIVE_MINUTES) {
      readings.push({ deviceId: device.id, reading: { parameter: 1, ts: new Date(ms), value: workAt(ms) } });
      readings.push({ deviceId: device.id, reading: { parameter: 2, ts: new Date(ms), value: active } });
    }
  };
  // Every day of February and March up to the 29th: forklift 1 runs 05:00–15:00, Anna 06:00–10:00, Bartek from
  // 10:00 to 14:00 (not on Sundays); forklift 2 runs on even days with Celina 07:00–09:00.
  for (let d = 0; d < 57; d++) {
    const month = d < 28 ? 2 : 3;
    const day = d < 28 ? d + 1 : d - 27;
    produce(forklift1, warsaw(month, day, 5), warsaw(month, day, 15));
    session(forklift1, anna, 'CARD-A', warsaw(month, day, 6), warsaw(month, day, 10));
    if (new Date(Date.UTC(2026, month - 1, day)).getUTCDay() !== 0) session(forklift1, bartek, 'CARD-B', warsaw(month, day, 10), warsaw(month, day, 14));
    if (day % 2 === 0) {
      produce(forklift2, warsaw(month, day, 7), warsaw(month, day, 9), 200);
      session(forklift2, celina, 'CARD-C', warsaw(month, day, 7), warsaw(month, day, 9));
    }
  }
  // The night the clocks go forward: Bartek on forklift 2 from Saturday 22:00 to Sunday 05:00 (six hours), across
  // midnight and the skipped hour, and a long weekend session of Celina's from Friday 20:00 to Saturday 04:00.
  produce(forklift2, warsaw(3, 28, 22), warsaw(3, 29, 5), 250);
  session(forklift2, bartek, 'CARD-B', warsaw(3, 28, 22), warsaw(3, 29, 5));
  produce(forklift2, warsaw(3, 27, 20), warsaw(3, 28, 4), 250);
  session(forklift2, celina, 'CARD-C', warsaw(3, 27, 20), warsaw(3, 28, 4));

  for (const device of [forklift1, forklift2]) {
    await ingest(ctx.services, device, {
      readings: readings.filter((r) => r.deviceId === device.id).map((r) => r.reading),
      events: events.get(device.id)!,
    });
  }

  // Another company's operator, with a session and readings of its own.
  const other = await createCompany(db);
  await setCompanyTimezone(db, other.id, TIMEZONE);
  const otherUser = await createUser(db, other.id);
  const otherDevice = await createTelemetryDevice(db, other.id, typeId, 'Stranger forklift');
  const foreign = await createOperator(db, other.id, { firstname: 'Olga', lastname: 'Obca', rfid: 'CARD-A' });
  await ingest(ctx.services, otherDevice, {
    readings: [
      { parameter: 1, ts: new Date(warsaw(3, 29, 8)), value: 999 },
      { parameter: 2, ts: new Date(warsaw(3, 29, 8)), value: 999 },
    ],
    events: [{ ts: new Date(warsaw(3, 29, 7)), type: 'rfid_on', rfid: 'CARD-A' }],
  });

  return {
    token: (await signIn(ctx.app, user.username, user.password)).access_token,
    otherToken: (await signIn(ctx.app, otherUser.username, otherUser.password)).access_token,
    operators: { anna, bartek, celina, idle, foreign },
    groups: { crew, solo, empty, resting },
    deviceGroups: { both: both, second },
    devices: [forklift1, forklift2],
    readings,
    sessions,
  };
}

/**
 * Work and active of the raw readings whose local date lies in from..to (YYYY-MM-DD, both included) and that pass
 * `keep`; null where none did. Readings lie on 5-minute marks, so a reading is its own bucket.
 */
export function referenceSums(
  dataset: WorkTimeDataset,
  from: string,
  to: string,
  keep: (deviceId: number, ms: number) => boolean,
): { work: number | null; active: number | null } {
  let work: number | null = null;
  let active: number | null = null;
  for (const { deviceId, reading } of dataset.readings) {
    const ms = reading.ts.getTime();
    const date = localDateOf(ms);
    if (date < from || date > to || !keep(deviceId, ms)) continue;
    if (reading.parameter === 1) work = (work ?? 0) + reading.value;
    if (reading.parameter === 2) active = (active ?? 0) + reading.value;
  }
  return { work, active };
}

/** Whether the reading of the device at `ms` lies in a card session of one of the operators. */
export function inSessionOf(dataset: WorkTimeDataset, operatorIds: number[]) {
  return (deviceId: number, ms: number) =>
    dataset.sessions.some((s) => s.deviceId === deviceId && operatorIds.includes(s.operatorId) && ms >= s.start && ms < s.end);
}
