import type {
  CurrentUser,
  DeviceDiagnosticsResponse,
  DeviceGroupListEntry,
  DeviceTypeMonitorEntry,
  Device,
  MonitorParameter,
  ProductionShift,
} from '@gearwatch/contracts';
import { EFFICIENCY_UNIT, PARAMETER_TAGS } from '@gearwatch/contracts';
import { testManager } from '../../../components/forms/test/render.tsx';

// A small fleet for the monitors' tests: two forklifts of one type, a press of another that shares only work and
// active with them, and a device whose type has no parameters.

export const testUser: CurrentUser = { ...testManager, username: 'demo' };

const seconds = { short: 's', long: 'seconds', min: null, max: null };
const parameter = (number: number, name: string, unit: MonitorParameter['unit'], tags: string[] = []): MonitorParameter => ({
  number,
  name,
  tags,
  unit,
  aggregation: 'sum',
});

export const WORK = parameter(1, 'Work time', seconds, [PARAMETER_TAGS.work]);
export const ACTIVE = parameter(2, 'Active time', seconds, [PARAMETER_TAGS.active]);
export const COUNTER = parameter(3, 'Counter', { short: 'pcs', long: 'pieces', min: null, max: null });
export const VOLTAGE = { ...parameter(5, 'Battery voltage', { short: 'V', long: 'volt', min: 0, max: 80 }), aggregation: 'avg' as const };
export const PRESSURE = { ...parameter(7, 'Pressure', { short: 'bar', long: 'bar', min: 0, max: 400 }), aggregation: 'avg' as const };

export const deviceTypes: DeviceTypeMonitorEntry[] = [
  { id: 100, name: 'Forklift', parameters: [WORK, ACTIVE, COUNTER, VOLTAGE] },
  { id: 200, name: 'Press', parameters: [WORK, ACTIVE, PRESSURE] },
  { id: 300, name: 'Beacon', parameters: [] },
];

const device = (id: number, name: string, typeId: number): Device => ({
  id,
  name,
  description: null,
  status: 'operational',
  powerState: 'on',
  company: { id: 1, name: 'Demo Factory' },
  deviceType: { id: typeId, name: deviceTypes.find((type) => type.id === typeId)?.name ?? '', parameters: [] },
  groups: [],
  sensors: [],
});

export const devices: Device[] = [device(1, 'Forklift A', 100), device(2, 'Forklift B', 100), device(3, 'Press 1', 200), device(4, 'Beacon', 300)];

export const deviceGroups: DeviceGroupListEntry[] = [
  { id: 10, name: 'Hall 1', devices: [{ id: 1 }, { id: 2 }] },
  { id: 11, name: 'Hall 2', devices: [{ id: 3 }] },
];

export const shifts: ProductionShift[] = [
  { id: 1, index: 0, name: 'Morning', timeStart: '06:00', timeEnd: '14:00' },
  { id: 2, index: 1, name: 'Afternoon', timeStart: '14:00', timeEnd: '22:00' },
];

/** An answer of the device diagnostics call for work time of the two forklifts. */
export function workAnswer(interval: DeviceDiagnosticsResponse['interval'] = 'hour'): DeviceDiagnosticsResponse {
  const unit = seconds;
  const series = (values: (number | null)[]) => [{ number: 1, name: 'Work time', unit, axis: 0, values }];
  return {
    interval,
    categories: ['2026-03-02 10:00', '2026-03-02 11:00'],
    parameters: [{ unit, parameters: [{ number: 1, name: 'Work time' }] }],
    units: [unit],
    data: [
      { device: { id: 1, name: 'Forklift A' }, parameters: series([1800, 2400.555]) },
      { device: { id: 2, name: 'Forklift B' }, parameters: series([null, 600]) },
    ],
  };
}

/** An answer of the device diagnostics call for efficiency and work time of the two forklifts: two units, two axes. */
export function efficiencyAnswer(interval: DeviceDiagnosticsResponse['interval'] = 'hour'): DeviceDiagnosticsResponse {
  const series = (efficiency: (number | null)[], work: (number | null)[]) => [
    { number: 0, name: 'efficiency', unit: EFFICIENCY_UNIT, axis: 0, values: efficiency },
    { number: 1, name: 'Work time', unit: seconds, axis: 1, values: work },
  ];
  return {
    interval,
    categories: ['2026-03-02 10:00', '2026-03-02 11:00'],
    parameters: [
      { unit: EFFICIENCY_UNIT, parameters: [{ number: 0, name: 'efficiency' }] },
      { unit: seconds, parameters: [{ number: 1, name: 'Work time' }] },
    ],
    units: [EFFICIENCY_UNIT, seconds],
    data: [
      { device: { id: 1, name: 'Forklift A' }, parameters: series([87.6, 0], [1800, 2400.555]) },
      { device: { id: 2, name: 'Forklift B' }, parameters: series([50, null], [null, 600]) },
    ],
  };
}
