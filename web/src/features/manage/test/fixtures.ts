import type {
  BatteryCycle,
  CurrentReading,
  Device,
  DeviceGroup,
  DeviceGroupDetail,
  DeviceOperator,
  DeviceOperatorDetail,
  DeviceStatusEntry,
  DeviceTypeMonitorEntry,
  FormDefinition,
  OperatorGroup,
  OperatorWorkTime,
  OperatorGroupDetail,
  OperatorSessionEntry,
} from '@gearwatch/contracts';

// A small company for the /manage tests: two forklifts in Hall 1 (A with a module and two operators), a damaged
// press in no group, two operators in one group, and a week of history.

const company = { id: 1, name: 'Demo Factory' };
const forkliftType = { id: 100, name: 'Forklift', parameters: [] };
const pressType = { id: 200, name: 'Press', parameters: [] };

export const forkliftA: Device = {
  id: 1,
  name: 'Forklift A',
  description: 'Electric, 2.5 t',
  status: 'operational',
  powerState: 'on',
  company,
  deviceType: forkliftType,
  groups: [{ id: 10, name: 'Hall 1' }],
  sensors: [{ id: 9, name: 'GW-100', serialNumber: 'SN-0009' }],
};
export const forkliftB: Device = { ...forkliftA, id: 2, name: 'Forklift B', description: null, powerState: 'off', sensors: [] };
export const press: Device = {
  ...forkliftA,
  id: 3,
  name: 'Press 1',
  description: null,
  status: 'damaged',
  powerState: 'pending',
  deviceType: pressType,
  groups: [],
  sensors: [],
};
export const devices = [forkliftA, forkliftB, press];

export const deviceTypes: DeviceTypeMonitorEntry[] = [
  { id: 100, name: 'Forklift', parameters: [] },
  { id: 200, name: 'Press', parameters: [] },
];

export const hall1: DeviceGroup = {
  id: 10,
  name: 'Hall 1',
  description: 'The north hall',
  devices: [{ id: 1 }, { id: 2 }],
  deviceCount: 2,
  workAverage: 2 * 3600 + 15 * 60,
  activityAverage: 3 * 3600 + 5 * 60,
  productivity: 73,
};
export const hall2: DeviceGroup = {
  id: 11,
  name: 'Hall 2',
  description: null,
  devices: [],
  deviceCount: 0,
  workAverage: null,
  activityAverage: null,
  productivity: null,
};
export const deviceGroups = [hall1, hall2];
export const hall1Detail: DeviceGroupDetail = {
  ...hall1,
  devices: [
    { id: 1, name: 'Forklift A' },
    { id: 2, name: 'Forklift B' },
  ],
};

export const janNowak: DeviceOperator = {
  id: 3,
  name: 'Jan Nowak',
  firstname: 'Jan',
  lastname: 'Nowak',
  rfid: 'A1B2C3',
  group: { id: 20, name: 'Morning shift' },
  email: 'jan@example.com',
  position: 'Driver',
  phone: '+48 600 100 200',
  supervisor: 'Ewa Lis',
  companyName: null,
  deviceCount: 1,
};
export const olaKos: DeviceOperator = {
  ...janNowak,
  id: 4,
  name: 'Ola Kos',
  firstname: 'Ola',
  lastname: 'Kos',
  rfid: null,
  email: null,
  position: null,
  phone: null,
  supervisor: null,
  deviceCount: 0,
};
export const operators = [janNowak, olaKos];
export const janDetail: DeviceOperatorDetail = {
  ...janNowak,
  devices: [{ id: 1, name: 'Forklift A' }],
  history: [
    { device: { id: 1, name: 'Forklift A' }, start: '2026-03-02T05:00:00.000Z', end: null, workSeconds: 3600, activeSeconds: 5400 },
    { device: { id: 2, name: 'Forklift B' }, start: '2026-03-01T05:00:00.000Z', end: '2026-03-01T13:00:00.000Z', workSeconds: 6 * 3600, activeSeconds: null },
  ],
};

/** Jan's work-time windows on Wednesday 4 March 2026: more work than the days before, less activity this month. */
export const janWorkTime: OperatorWorkTime = {
  today: '2026-03-04',
  windows: [
    {
      period: 'day',
      current: { from: '2026-03-04', to: '2026-03-04', workSeconds: 2 * 3600, activeSeconds: 3 * 3600 },
      previous: { from: '2026-03-03', to: '2026-03-03', workSeconds: 3600, activeSeconds: 3 * 3600 },
      workTrend: 100,
      activeTrend: 0,
    },
    {
      period: 'week',
      current: { from: '2026-03-02', to: '2026-03-04', workSeconds: 5 * 3600, activeSeconds: 8 * 3600 },
      previous: { from: '2026-02-23', to: '2026-02-25', workSeconds: 4 * 3600, activeSeconds: 10 * 3600 },
      workTrend: 25,
      activeTrend: -20,
    },
    {
      period: 'month',
      current: { from: '2026-03-01', to: '2026-03-04', workSeconds: 5 * 3600, activeSeconds: 8 * 3600 },
      previous: { from: '2026-02-01', to: '2026-02-04', workSeconds: null, activeSeconds: null },
      workTrend: null,
      activeTrend: null,
    },
  ],
};

export const morningShift: OperatorGroup = {
  id: 20,
  name: 'Morning shift',
  operators: [{ id: 3 }, { id: 4 }],
  operatorCount: 2,
  workAverage: 2 * 3600 + 15 * 60,
  activityAverage: 3 * 3600,
  productivity: 75,
};
export const nightShift: OperatorGroup = {
  id: 21,
  name: 'Night shift',
  operators: [],
  operatorCount: 0,
  workAverage: null,
  activityAverage: null,
  productivity: null,
};
export const operatorGroups = [morningShift, nightShift];
export const morningDetail: OperatorGroupDetail = {
  ...morningShift,
  operators: [
    { id: 3, name: 'Jan Nowak' },
    { id: 4, name: 'Ola Kos' },
  ],
};

export const forkliftAStatus: DeviceStatusEntry = {
  device: { id: 1, name: 'Forklift A', deviceType: { id: 100, name: 'Forklift' } },
  company,
  position: { lat: 52.2, lon: 21.0, acc: 12, time: '2026-03-02T11:50:00+01:00' },
  active: true,
  powerState: 'on',
  batteryVoltage: { value: 48.2, time: '2026-03-02T11:55:00+01:00', unit: 'V' },
  supplyVoltage: null,
  enabledTimeToday: 3600,
  workTimeToday: 1800,
  lastSync: '2026-03-02T11:55:00+01:00',
  lastWork: '2026-03-02T11:54:00+01:00',
  sensors: [{ id: 9, name: 'GW-100', serialNumber: 'SN-0009', online: true, lastContact: '2026-03-02T11:55:00+01:00' }],
  operator: { id: 3, name: 'Jan Nowak', rfid: 'A1B2C3' },
};

export const readings: CurrentReading[] = [
  { number: 1, name: 'Work', unit: 's', value: 300, time: '2026-03-02T11:55:00+01:00' },
  { number: 12, name: 'Battery', unit: 'V', value: 48.234, time: '2026-03-02T11:55:00+01:00' },
];

export const cycles: BatteryCycle[] = [
  {
    start: '2026-03-01T06:00:00+01:00',
    end: '2026-03-01T14:00:00+01:00',
    chargingEnd: '2026-03-01T16:30:00+01:00',
    chargingSeconds: 2.5 * 3600,
    cycleSeconds: 10.5 * 3600,
    maxVoltage: 52.1,
    minVoltage: 44.35,
    state: 'done',
  },
  {
    start: '2026-03-01T16:30:00+01:00',
    end: null,
    chargingEnd: null,
    chargingSeconds: null,
    cycleSeconds: null,
    maxVoltage: 52,
    minVoltage: null,
    state: 'discharging',
  },
];

export const sessions: OperatorSessionEntry[] = [
  { id: 501, operator: { id: 3, name: 'Jan Nowak' }, rfid: 'A1B2C3', start: '2026-03-02T06:00:00+01:00', end: null, activeSeconds: 5400, workSeconds: 3600 },
  { id: 500, operator: null, rfid: 'FFEE01', start: '2026-03-01T22:00:00+01:00', end: '2026-03-01T23:30:00+01:00', activeSeconds: 600, workSeconds: null },
];

/** The device form as `GET /api/devices/1/edit` gives it: only what the page reads (operators) matters here. */
export const forkliftAForm: FormDefinition = {
  data: { name: 'Forklift A', operators: [3, 4] },
  schema: {
    name: { type: 'text', label: 'device.field.name', required: true, multiple: false, disabled: false, icon: null, changeToUpperCase: false, expanded: false },
    operators: {
      type: 'entity',
      label: 'device.field.operators',
      required: false,
      multiple: true,
      disabled: false,
      icon: null,
      changeToUpperCase: false,
      expanded: false,
    },
  },
  choices: {
    operators: [
      { value: 3, label: 'Jan Nowak' },
      { value: 4, label: 'Ola Kos' },
      { value: 5, label: 'Piotr Zaręba' },
    ],
  },
  token: 'token-1',
};
