// The demo's alert rules (issue 16): rules of Demo Factory that fire on what the simulated fleet really does,
// over its 90-day history too (their creation date is the history's first day, so the engine's catch-up evaluates
// it), all assigned to the demo user, and one device's work requirements.
import { DEMO_FACTORY } from './demo-data.ts';
import { SILENT_DEVICE } from './simulator/fleet.ts';
import { toLatLon, yardOf } from './simulator/yard.ts';
import type { DemoAlertsSeedRepository } from './seed-repository.ts';

const DAY_MS = 86_400_000;

export interface DemoAlertNames {
  companyId: (name: string) => number;
  deviceId: (companyId: number, name: string) => number;
  groupId: (companyId: number, name: string) => number;
  userId: (username: string) => number;
}

/** The storage yard south of the halls (y below -130 m), as a polygon of [lon, lat] corners. */
function storageYard(): [number, number][] {
  const yard = yardOf(DEMO_FACTORY);
  const corners: [number, number][] = [
    [-yard.halfWidth, -yard.halfHeight],
    [yard.halfWidth, -yard.halfHeight],
    [yard.halfWidth, -130],
    [-yard.halfWidth, -130],
    [-yard.halfWidth, -yard.halfHeight],
  ];
  return corners.map(([x, y]) => {
    const { lat, lon } = toLatLon(yard, x, y);
    return [Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6];
  });
}

/** Writes the demo rules and requirements; `historyDays` back is when they were "created". */
export async function seedDemoAlerts(repo: DemoAlertsSeedRepository, names: DemoAlertNames, historyDays: number, now = Date.now()): Promise<void> {
  const companyId = names.companyId(DEMO_FACTORY);
  const createdAt = new Date(now - historyDays * DAY_MS);
  const firstDay = createdAt.toISOString().slice(0, 10);
  const device = (name: string) => names.deviceId(companyId, name);
  const group = (name: string) => names.groupId(companyId, name);
  const users = [names.userId('demo')];
  const forklifts = [group('Warehouse A forklifts'), group('Warehouse B forklifts')];
  const electric = Array.from({ length: 10 }, (_, i) => device(`EF-${String(i + 1).padStart(2, '0')}`));
  const diesel = Array.from({ length: 6 }, (_, i) => device(`DF-${String(i + 1).padStart(2, '0')}`));
  // Warehouse B's diesel trucks: they cross the storage yard a few times a shift.
  const dieselB = diesel.slice(3);
  const rule = (r: {
    name: string;
    type: string;
    importance: string;
    description: string;
    condition: object | null;
    deviceIds?: number[];
    groupIds?: number[];
  }) => repo.insertRule({ companyId, createdAt, deviceIds: [], groupIds: [], userIds: users, ...r });

  await rule({
    name: `${SILENT_DEVICE.device} out of contact`,
    type: 'lastsync',
    importance: 'error',
    description: `The module of ${SILENT_DEVICE.device} has not called in for over an hour (no GSM behind warehouse B)`,
    condition: { argument: 60 },
    deviceIds: [device(SILENT_DEVICE.device)],
  });
  await rule({
    name: 'Unknown RFID card',
    type: 'authentication',
    importance: 'warning',
    description: 'A card no operator of ours carries was applied to a forklift',
    condition: null,
    groupIds: forklifts,
  });
  await rule({
    name: 'Forklift moved without a card',
    type: 'work-without-operator',
    importance: 'warning',
    description: 'A forklift worked while no operator card was applied',
    condition: null,
    groupIds: forklifts,
  });
  await rule({
    name: 'Low traction battery voltage',
    type: 'value',
    importance: 'warning',
    description: 'Battery below 46.5 V: send the truck to the charger',
    condition: { variable: 20, operator: 'lt', argument: 46.5, date_interval: '60m' },
    deviceIds: electric,
  });
  await rule({
    name: 'Diesel forklift in the storage yard at night',
    type: 'geolocation',
    importance: 'info',
    description: 'A diesel forklift entered the storage yard south of the halls while it is closed (22:00-06:00)',
    // The yard is a diesel truck's daily workplace: only a visit while it is closed is worth an alert.
    condition: { polygon: storageYard(), geofence: 'enter', fromHour: 22, toHour: 6 },
    deviceIds: dieselB,
  });
  await rule({
    name: 'Forklift service every 150 motor hours',
    type: 'part-replace',
    importance: 'info',
    description: 'Service the forklift: oil, filters and chain check; confirm the alert when done',
    condition: { variable: 22, argument: 150, firstAlarmDate: firstDay },
    deviceIds: diesel,
  });
  // EF-01 must work at least four hours on weekdays.
  await repo.insertRequirements(
    companyId,
    device('EF-01'),
    [1, 2, 3, 4, 5].map((weekday) => ({ weekday, workMinutes: 240, activeMinutes: null })),
    users,
  );
}
