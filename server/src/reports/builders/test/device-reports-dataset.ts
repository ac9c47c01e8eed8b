import type { TestContext } from '../../../../test/context.ts';
import type { TestCompany } from '../../../../test/fixtures.ts';
import { createCompany } from '../../../../test/fixtures.ts';
import type { TelemetryDevice } from '../../../../test/telemetry-fixtures.ts';
import {
  TEST_PARAMETERS,
  createDeviceGroup,
  createDeviceType,
  createOperator,
  createShifts,
  createTelemetryDevice,
  ingest,
  setCompanyTimezone,
} from '../../../../test/telemetry-fixtures.ts';
import type { ReportScope } from '../../model.ts';

/**
 * The device reports' test data, written through the ingest service so that every rollup exists as in production:
 * a Warsaw company with a night shift (22–6, across midnight), readings every few minutes over both 2026 clock
 * changes (29 March: 23 hours; 25 October: 25 hours) and card sessions across local midnight and the repeated hour.
 * A second company has a device with the same data, which no report of the first may show.
 */
export interface DeviceReportsDataset {
  scope: ReportScope;
  company: TestCompany;
  lift: TelemetryDevice;
  press: TelemetryDevice;
  crane: TelemetryDevice;
  /** Lift and press. */
  line: number;
  /** Crane alone. */
  yard: number;
  /** A group without devices. */
  emptyGroup: number;
  other: { company: TestCompany; device: TelemetryDevice; group: number; scope: ReportScope };
}

export const TIMEZONE = 'Europe/Warsaw';
/** Ranges with data: the days around each clock change (UTC instants). */
const DATA_RANGES: [number, number][] = [
  [Date.UTC(2026, 2, 27, 0, 0), Date.UTC(2026, 2, 31, 0, 0)],
  [Date.UTC(2026, 9, 23, 0, 0), Date.UTC(2026, 9, 27, 0, 0)],
];

/** Deterministic readings of work (1), active (2) and counter (3); `seed` varies them per device. */
export function readingsOf(seed: number): { parameter: number; ts: Date; value: number }[] {
  const readings: { parameter: number; ts: Date; value: number }[] = [];
  for (const [start, end] of DATA_RANGES) {
    let i = 0;
    // Every 7 minutes plus a device offset, so buckets of 5 and 15 minutes hold one, two or no readings.
    for (let t = start + seed * 60_000; t < end; t += 7 * 60_000, i++) {
      // Idle stretches: no reading at all in some hours, so some buckets and shifts are empty.
      if ((i + seed) % 11 === 0) continue;
      const work = (i * 37 + seed * 13) % 61;
      readings.push({ parameter: 1, ts: new Date(t), value: work });
      readings.push({ parameter: 2, ts: new Date(t), value: work + ((i + seed) % 5) * 10 });
      if (i % 3 === seed % 3) readings.push({ parameter: 3, ts: new Date(t), value: (i % 4) + 1 });
    }
  }
  return readings;
}

/** Warsaw wall time as an instant (CET in winter, CEST from 29 March to 25 October 03:00). */
const warsaw = (iso: string, offsetHours: number) => new Date(Date.parse(`${iso}Z`) - offsetHours * 3_600_000);

export async function buildDeviceReportsDataset(ctx: TestContext): Promise<DeviceReportsDataset> {
  const db = ctx.database.db;
  const company = await createCompany(db);
  await setCompanyTimezone(db, company.id, TIMEZONE);
  await createShifts(db, company.id, [
    { name: 'I', hourStart: 6, hourEnd: 14 },
    { name: 'II', hourStart: 14, hourEnd: 22 },
    { name: 'III', hourStart: 22, hourEnd: 6 },
  ]);
  const typeId = await createDeviceType(
    db,
    TEST_PARAMETERS.filter((p) => p.number <= 3),
  );
  const lift = await createTelemetryDevice(db, company.id, typeId, 'Lift');
  const press = await createTelemetryDevice(db, company.id, typeId, 'Press');
  const crane = await createTelemetryDevice(db, company.id, typeId, 'Crane');
  const line = await createDeviceGroup(db, company.id, 'Line', [lift.id, press.id]);
  const yard = await createDeviceGroup(db, company.id, 'Yard', [crane.id]);
  const emptyGroup = await createDeviceGroup(db, company.id, 'Nobody', []);
  await createOperator(db, company.id, { firstname: 'Anna', lastname: 'Nowak', rfid: 'CARD-A' });
  await createOperator(db, company.id, { firstname: 'Bartek', lastname: 'Kowal', rfid: 'CARD-B' });

  for (const [seed, device] of [lift, press, crane].entries()) await ingest(ctx.services, device, { readings: readingsOf(seed + 1) });
  // Anna across midnight into the repeated hour of 25 October (out at the second 02:30, CET), then Bartek; an
  // unknown card on the press; Bartek on the press across the skipped hour of 29 March.
  await ingest(ctx.services, lift, {
    events: [
      { ts: warsaw('2026-10-24T20:00:00', 2), type: 'rfid_on', rfid: 'CARD-A' },
      { ts: warsaw('2026-10-25T02:30:00', 1), type: 'rfid_off', rfid: null },
      { ts: warsaw('2026-10-25T05:00:00', 1), type: 'rfid_on', rfid: 'CARD-B' },
      { ts: warsaw('2026-10-25T09:00:00', 1), type: 'rfid_off', rfid: null },
    ],
  });
  await ingest(ctx.services, press, {
    events: [
      { ts: warsaw('2026-03-29T01:00:00', 1), type: 'rfid_on', rfid: 'CARD-B' },
      { ts: warsaw('2026-03-29T04:00:00', 2), type: 'rfid_off', rfid: null },
      { ts: warsaw('2026-10-24T10:00:00', 2), type: 'rfid_on', rfid: 'CARD-X' },
      { ts: warsaw('2026-10-24T12:00:00', 2), type: 'rfid_off', rfid: null },
    ],
  });

  const otherCompany = await createCompany(db);
  await setCompanyTimezone(db, otherCompany.id, TIMEZONE);
  const otherDevice = await createTelemetryDevice(db, otherCompany.id, typeId, 'Foreign lift');
  const otherGroup = await createDeviceGroup(db, otherCompany.id, 'Foreign line', [otherDevice.id]);
  await ingest(ctx.services, otherDevice, { readings: readingsOf(1) });

  return {
    scope: { companyId: company.id, timezone: TIMEZONE },
    company,
    lift,
    press,
    crane,
    line,
    yard,
    emptyGroup,
    other: { company: otherCompany, device: otherDevice, group: otherGroup, scope: { companyId: otherCompany.id, timezone: TIMEZONE } },
  };
}
