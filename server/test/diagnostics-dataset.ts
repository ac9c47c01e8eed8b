import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
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
 * The small hand-made dataset of the diagnostics API tests, in Europe/Warsaw in January (UTC+1), written through the
 * ingest service. Local times are given in comments; every expected value in the tests is derived from this list.
 */
export interface DiagnosticsDataset {
  company: TestCompany;
  user: TestUser;
  token: string;
  /** A company without shifts, with one device of the same type. */
  otherCompany: TestCompany;
  otherToken: string;
  otherDevice: TelemetryDevice;
  forklift1: TelemetryDevice;
  forklift2: TelemetryDevice;
  /** Type with work and counter only: no active, so no efficiency. */
  press: TelemetryDevice;
  line: number;
  operators: { anna: number; bartek: number; celina: number; crew: number; emptyCrew: number };
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
}

/** Local Warsaw wall time in January (UTC+1) as an instant. */
export const jan = (day: number, hour: number, minute = 0, second = 0) => new Date(Date.UTC(2026, 0, day, hour - 1, minute, second));

export async function buildDiagnosticsDataset(ctx: TestContext): Promise<DiagnosticsDataset> {
  const db = ctx.database.db;
  const company = await createCompany(db);
  await setCompanyTimezone(db, company.id, 'Europe/Warsaw');
  await createShifts(db, company.id, [
    { name: 'I', hourStart: 6, hourEnd: 14 },
    { name: 'II', hourStart: 14, hourEnd: 22 },
    { name: 'III', hourStart: 22, hourEnd: 6 },
  ]);
  const user = await createUser(db, company.id);
  const typeId = await createDeviceType(db);
  const pressType = await createDeviceType(
    db,
    TEST_PARAMETERS.filter((p) => p.number === 1 || p.number === 3),
  );
  const forklift1 = await createTelemetryDevice(db, company.id, typeId, 'Forklift 1');
  const forklift2 = await createTelemetryDevice(db, company.id, typeId, 'Forklift 2');
  const press = await createTelemetryDevice(db, company.id, pressType, 'Press 1');
  const line = await createDeviceGroup(db, company.id, 'Line A', [press.id, forklift1.id]);

  const crew = await createOperatorGroup(db, company.id, 'Crew');
  const emptyCrew = await createOperatorGroup(db, company.id, 'Empty crew');
  const anna = await createOperator(db, company.id, { firstname: 'Anna', lastname: 'Nowak', rfid: 'CARD-A', groupId: crew });
  const bartek = await createOperator(db, company.id, { firstname: 'Bartek', lastname: 'Kowal', rfid: 'CARD-B', groupId: crew });
  const celina = await createOperator(db, company.id, { firstname: 'Celina', lastname: 'Wiśniewska', rfid: 'CARD-C' });

  await ingest(ctx.services, forklift1, {
    readings: [
      { parameter: 1, ts: jan(15, 8, 0), value: 120 },
      { parameter: 1, ts: jan(15, 8, 2), value: 60 },
      { parameter: 1, ts: jan(15, 9, 10), value: 30 },
      { parameter: 1, ts: jan(15, 23, 30), value: 300 },
      { parameter: 1, ts: jan(16, 5, 0), value: 100 },
      { parameter: 2, ts: jan(15, 8, 0), value: 240 },
      { parameter: 2, ts: jan(15, 9, 10), value: 60 },
      { parameter: 2, ts: jan(15, 23, 30), value: 600 },
      { parameter: 2, ts: jan(16, 5, 0), value: 100 },
      { parameter: 20, ts: jan(15, 8, 1), value: 48 },
      { parameter: 20, ts: jan(15, 8, 3), value: 50 },
      { parameter: 21, ts: jan(15, 8, 1), value: 47.5 },
      { parameter: 21, ts: jan(15, 8, 3), value: 46.25 },
      { parameter: 22, ts: jan(15, 8, 1), value: 80 },
      { parameter: 22, ts: jan(15, 8, 3), value: 95 },
      { parameter: 23, ts: jan(15, 8, 1), value: 100.5 },
      { parameter: 23, ts: jan(15, 8, 4), value: 100.7 },
      { parameter: 10000, ts: jan(15, 8, 0), value: 1 },
    ],
    positions: [
      { ts: jan(15, 8, 0), lat: 52.1, lon: 21.0, accuracy: 5 },
      { ts: jan(15, 8, 5), lat: 52.2, lon: 21.1, accuracy: null },
      { ts: jan(16, 1, 0), lat: 52.3, lon: 21.2, accuracy: 12 },
    ],
    // Anna 07:55–08:30, Bartek from 09:00 on (never removed).
    events: [
      { ts: jan(15, 7, 55), type: 'rfid_on', rfid: 'CARD-A' },
      { ts: jan(15, 8, 30), type: 'rfid_off', rfid: 'CARD-A' },
      { ts: jan(15, 9, 0), type: 'rfid_on', rfid: 'CARD-B' },
    ],
  });
  await ingest(ctx.services, forklift2, {
    readings: [
      { parameter: 1, ts: jan(16, 10, 0), value: 50 },
      { parameter: 2, ts: jan(16, 10, 0), value: 100 },
    ],
  });
  await ingest(ctx.services, press, {
    readings: [
      { parameter: 1, ts: jan(15, 10, 0), value: 600 },
      { parameter: 3, ts: jan(15, 10, 0), value: 7 },
      { parameter: 3, ts: jan(15, 10, 30), value: 5 },
    ],
  });

  const otherCompany = await createCompany(db);
  const otherUser = await createUser(db, otherCompany.id);
  const otherDevice = await createTelemetryDevice(db, otherCompany.id, typeId, 'Stranger forklift');
  const token = (await signIn(ctx.app, user.username, user.password)).access_token;
  const otherToken = (await signIn(ctx.app, otherUser.username, otherUser.password)).access_token;
  return {
    company,
    user,
    token,
    otherCompany,
    otherToken,
    otherDevice,
    forklift1,
    forklift2,
    press,
    line,
    operators: { anna, bartek, celina, crew, emptyCrew },
    get: (url, as = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) }),
  };
}

/** `n` nulls with the given values at the given indexes. */
export function sparse(n: number, values: Record<number, number>): (number | null)[] {
  return Array.from({ length: n }, (_, i) => values[i] ?? null);
}
