// The demo companies as plain data. Rows refer to each other by name (unit, device type, device, group) so the
// seeder can resolve ids after each batched insert; nothing here touches the database.
import { createHash } from 'node:crypto';
import { PARAMETER_NUMBERS, TELTONIKA_PARAMETER_PRESETS } from '@gearwatch/contracts';
import type { Language, ParameterAggregation, ParameterDataType, SubscriptionType, TeltonikaIoKey, TeltonikaMapping } from '@gearwatch/contracts';

export interface DemoUnit {
  name: string;
  short: string;
  long: string;
  min: number | null;
  max: number | null;
}

export interface DemoParameter {
  number: number;
  name: string;
  description: string;
  tags: string[];
  /** A DEMO_UNITS name, or null for unitless values. */
  unit: string | null;
  aggregation: ParameterAggregation;
  dataType: ParameterDataType;
  chart: 'bar' | 'line' | 'step';
  isPublic: boolean;
  /** The Teltonika IO element the parameter reads (docs/teltonika.md, "IO mapping and presets"); none for most. */
  teltonika?: TeltonikaMapping;
}

export interface DemoDeviceType {
  name: DemoDeviceTypeName;
  description: string;
  parameters: DemoParameter[];
}

export type DemoDeviceTypeName = 'Electric forklift' | 'Diesel forklift' | 'Diesel forklift (Teltonika)' | 'Production machine';

export interface DemoDevice {
  name: string;
  type: DemoDeviceTypeName;
  description: string;
  status: 'operational' | 'damaged';
  technicalData: Record<string, string | number>;
  applicationVersion: string;
  softwareVersion: string;
  sensor: DemoSensor;
}

export interface DemoSensor {
  /** The IMEI for a Teltonika tracker. */
  serialNumber: string;
  protocol: 'gearwatch' | 'teltonika' | 'opcua';
  simCardNumber: string;
  peripherals: string[];
}

export interface DemoOperator {
  firstname: string;
  lastname: string;
  email: string;
  position: string;
  rfid: string;
  phone: string;
  supervisor: string;
  /** The operator's employer when not the company itself (agency workers). */
  companyName: string | null;
  /** Names of the devices the operator may drive. */
  devices: string[];
}

export interface DemoCompany {
  subscriber: { name: string; taxNumber: string; address: string; city: string; email: string };
  name: string;
  timezone: string;
  subscriptionType: SubscriptionType;
  /** Sensor metadata shared by the company's modules. */
  dealer: string;
  shifts: { name: string; hourStart: number; hourEnd: number }[];
  devices: DemoDevice[];
  deviceGroups: { name: string; description: string; devices: string[] }[];
  operatorGroups: { name: string; operators: DemoOperator[] }[];
}

export interface DemoUser {
  username: string;
  password: string;
  email: string;
  firstname: string;
  lastname: string;
  language: Language;
  company: string;
  isSuperAdmin: boolean;
  canImpersonate: boolean;
}

/** Every module's security code derives from its serial, so tests and the simulator can authenticate as it. */
export function demoSecurityCode(serial: string): string {
  return createHash('sha256').update(serial).digest('hex').slice(0, 8).toUpperCase();
}

export const SENSOR_TYPE = 'GW-4G';
export const SENSOR_VERSION = 'HW 2.1';
export const SENSOR_SOFTWARE_VERSION = '4.3.2';
export const SENSOR_WARRANTY_TO = '2027-06-30';

export const DEMO_UNITS: readonly DemoUnit[] = [
  { name: 'volt', short: 'V', long: 'volt', min: null, max: null },
  { name: 'millivolt', short: 'mV', long: 'millivolt', min: null, max: null },
  { name: 'ampere', short: 'A', long: 'ampere', min: null, max: null },
  { name: 'hours', short: 'h', long: 'hours', min: null, max: null },
  { name: 'minutes', short: 'min', long: 'minutes', min: null, max: null },
  { name: 'seconds', short: 's', long: 'seconds', min: null, max: null },
  { name: 'percent', short: '%', long: 'percent', min: 0, max: 100 },
  { name: 'bar', short: 'bar', long: 'bar', min: null, max: null },
  { name: 'litre', short: 'l', long: 'litre', min: null, max: null },
  { name: 'kWh', short: 'kWh', long: 'kilowatt-hour', min: null, max: null },
  { name: 'kilometre', short: 'km', long: 'kilometre', min: null, max: null },
  { name: 'kilometres per hour', short: 'km/h', long: 'kilometres per hour', min: null, max: null },
  { name: 'GPS position', short: 'GPS', long: 'GPS position', min: null, max: null },
  { name: 'pieces', short: 'pcs', long: 'pieces', min: null, max: null },
  { name: 'on/off', short: 'on/off', long: 'on/off', min: 0, max: 1 },
];

type ParameterSpec = Omit<DemoParameter, 'isPublic' | 'chart' | 'dataType'> & Partial<Pick<DemoParameter, 'isPublic' | 'chart' | 'dataType'>>;
const parameter = (spec: ParameterSpec): DemoParameter => ({ isPublic: true, chart: 'line', dataType: 'float', ...spec });

const P = {
  work: parameter({
    number: PARAMETER_NUMBERS.work,
    name: 'work',
    description: 'Seconds of effective work',
    tags: ['effective work time'],
    unit: 'seconds',
    aggregation: 'sum',
    dataType: 'integer',
    chart: 'bar',
  }),
  active: parameter({
    number: PARAMETER_NUMBERS.active,
    name: 'active',
    description: 'Seconds switched on',
    tags: ['device active'],
    unit: 'seconds',
    aggregation: 'sum',
    dataType: 'integer',
    chart: 'bar',
  }),
  counter: parameter({
    number: PARAMETER_NUMBERS.counter,
    name: 'counter',
    description: 'Pieces produced',
    tags: ['counter'],
    unit: 'pieces',
    aggregation: 'sum',
    dataType: 'integer',
    chart: 'bar',
  }),
  batteryVoltage: parameter({
    number: 20,
    name: 'battery voltage',
    description: 'Traction battery voltage',
    tags: ['battery'],
    unit: 'volt',
    aggregation: 'avg',
  }),
  supplyVoltage: parameter({
    number: 21,
    name: 'supply voltage',
    description: 'Module supply voltage',
    tags: ['power supply'],
    unit: 'volt',
    aggregation: 'avg',
  }),
  motorHours: parameter({
    number: 22,
    name: 'motor hours',
    description: 'Motor hour meter',
    tags: ['motor hours'],
    unit: 'hours',
    aggregation: 'last',
    chart: 'step',
  }),
  fuelLevel: parameter({ number: 23, name: 'fuel level', description: 'Fuel tank level', tags: ['fuel'], unit: 'percent', aggregation: 'avg' }),
  hydraulicPressure: parameter({
    number: 24,
    name: 'hydraulic pressure',
    description: 'Main hydraulic circuit pressure',
    tags: ['hydraulics'],
    unit: 'bar',
    aggregation: 'avg',
  }),
  motorCurrent: parameter({ number: 25, name: 'motor current', description: 'Main motor current', tags: ['motor'], unit: 'ampere', aggregation: 'avg' }),
  fuelConsumption: parameter({
    number: 26,
    name: 'fuel consumption',
    description: 'Fuel used',
    tags: ['fuel'],
    unit: 'litre',
    aggregation: 'sum',
    chart: 'bar',
  }),
  chargingQuantity: parameter({
    number: PARAMETER_NUMBERS.chargingQuantity,
    name: 'charging quantity',
    description: 'Energy charged into the battery',
    tags: ['charging'],
    unit: 'kWh',
    aggregation: 'sum',
    chart: 'bar',
  }),
  // Module housekeeping; never offered to users.
  internal: parameter({
    number: PARAMETER_NUMBERS.internal,
    name: 'internal',
    description: 'Module diagnostics',
    tags: ['internal'],
    unit: null,
    aggregation: 'last',
    dataType: 'integer',
    isPublic: false,
  }),
};

/** A parameter that reads a Teltonika IO element, its scaling, unit and aggregation taken from the preset. */
function fromTeltonikaPreset(key: TeltonikaIoKey, spec: Omit<ParameterSpec, 'aggregation'>): DemoParameter {
  const preset = TELTONIKA_PARAMETER_PRESETS.find((p) => p.key === key);
  if (!preset) throw new Error(`no Teltonika parameter preset ${key}`);
  return parameter({
    ...spec,
    aggregation: preset.aggregation,
    chart: preset.aggregation === 'last' ? 'step' : 'line',
    teltonika: { ioId: preset.id, multiplier: preset.multiplier, offset: preset.offset },
  });
}

/**
 * The Teltonika FMB tracker's parameters: work and active come from ignition and movement, the rest from IO elements.
 * Supply voltage, motor hours and fuel level keep the diesel forklift's numbers, so monitors across trucks include it.
 */
const TELTONIKA_PARAMETERS: DemoParameter[] = [
  P.work,
  P.active,
  fromTeltonikaPreset('externalVoltage', {
    number: 21,
    name: 'supply voltage',
    description: 'Truck supply voltage (IO 66)',
    tags: ['power supply'],
    unit: 'volt',
  }),
  fromTeltonikaPreset('canEngineWorktime', {
    number: 22,
    name: 'motor hours',
    description: 'Engine hours from CAN (IO 102)',
    tags: ['motor hours'],
    unit: 'hours',
  }),
  fromTeltonikaPreset('canFuelLevelPercent', { number: 23, name: 'fuel level', description: 'Fuel level from CAN (IO 89)', tags: ['fuel'], unit: 'percent' }),
  fromTeltonikaPreset('batteryVoltage', {
    number: 30,
    name: 'tracker battery',
    description: 'Tracker backup battery (IO 67)',
    tags: ['tracker'],
    unit: 'volt',
  }),
  fromTeltonikaPreset('totalOdometer', { number: 31, name: 'odometer', description: 'Total odometer (IO 16)', tags: ['distance'], unit: 'kilometre' }),
  fromTeltonikaPreset('speed', { number: 32, name: 'speed', description: 'Speed (IO 24)', tags: ['speed'], unit: 'kilometres per hour' }),
  fromTeltonikaPreset('gsmSignal', { number: 33, name: 'GSM signal', description: 'GSM signal level 0–5 (IO 21)', tags: ['tracker'], unit: null }),
];

export const DEMO_DEVICE_TYPES: readonly DemoDeviceType[] = [
  {
    name: 'Electric forklift',
    description: 'Battery-powered counterbalance or reach truck',
    parameters: [P.work, P.active, P.batteryVoltage, P.supplyVoltage, P.motorHours, P.chargingQuantity, P.internal],
  },
  {
    name: 'Diesel forklift',
    description: 'Internal-combustion counterbalance truck',
    parameters: [P.work, P.active, P.supplyVoltage, P.motorHours, P.fuelLevel, P.fuelConsumption, P.internal],
  },
  {
    name: 'Diesel forklift (Teltonika)',
    description: 'Diesel counterbalance truck with a Teltonika FMB tracker, CAN adapter and iButton reader',
    parameters: TELTONIKA_PARAMETERS,
  },
  {
    name: 'Production machine',
    description: 'Stationary machine on the production floor',
    parameters: [P.work, P.active, P.counter, P.supplyVoltage, P.hydraulicPressure, P.motorCurrent, P.internal],
  },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** Serials are GW2024 + company number (4 digits) + device number (2 digits): GW2024000101 is company 1, device 1. */
function sensor(companyNo: number, deviceNo: number, simPrefix: string, peripherals: string[]): DemoSensor {
  const serialNumber = `GW2024${String(companyNo).padStart(4, '0')}${pad(deviceNo)}`;
  return { serialNumber, protocol: 'gearwatch', simCardNumber: `${simPrefix}${serialNumber.slice(2)}`, peripherals };
}

/**
 * The demo's Teltonika tracker: an FMB140 on DF-04 that the simulator drives over TCP (docs/teltonika.md, "The
 * demo's tracker"). A valid-looking IMEI: Teltonika's type allocation code and a Luhn check digit.
 */
export const DEMO_TELTONIKA = { device: 'DF-04', imei: '352093081573429', model: 'FMB140', sendPeriodSeconds: 60 } as const;

/**
 * The machine of Demo Factory read over OPC UA (docs/opcua.md, "The demo's machine"): the simulator plays its
 * controller as a node-opcua server with EUROMAP-77-like nodes (simulator/opcua-machine.ts). The machine mode follows
 * OPC 40077's MachineModeEnumeration: 1 automatic and 2 semi-automatic produce (work), 3 manual and 4 setup are
 * switched on but idle, 0 other and 5 sleep count as off.
 */
export const DEMO_OPCUA = {
  device: 'Injection Moulder 4',
  /** Where the simulator's machine listens unless OPCUA_DEMO_PORT says otherwise (4840 is the standard port). */
  defaultPort: 4841,
  nodes: {
    machineMode: 'ns=1;s=IMM.MachineStatus.MachineMode',
    cycleCounter: 'ns=1;s=IMM.Jobs.ActiveJobValues.JobCyclesCounter',
    supplyVoltage: 'ns=1;s=IMM.Cabinet.SupplyVoltage',
    hydraulicPressure: 'ns=1;s=IMM.Hydraulics.SystemPressure',
    motorCurrent: 'ns=1;s=IMM.Drive.PumpMotorCurrent',
  },
  modes: { other: 0, automatic: 1, semiAutomatic: 2, manual: 3, setup: 4, sleep: 5 },
  samplingIntervalMs: 1000,
} as const;

/** The demo machine's node mapping, as an administrator would type it into the module form. */
export const DEMO_OPCUA_MAPPING = [
  `state | ${DEMO_OPCUA.nodes.machineMode} | work=${DEMO_OPCUA.modes.automatic},${DEMO_OPCUA.modes.semiAutomatic} | active=${DEMO_OPCUA.modes.manual},${DEMO_OPCUA.modes.setup}`,
  `${PARAMETER_NUMBERS.counter} | counter | ${DEMO_OPCUA.nodes.cycleCounter}`,
  `21 | value | ${DEMO_OPCUA.nodes.supplyVoltage}`,
  `24 | value | ${DEMO_OPCUA.nodes.hydraulicPressure}`,
  `25 | value | ${DEMO_OPCUA.nodes.motorCurrent}`,
].join('\n');

type Model = { manufacturer: string; model: string } & Record<string, string | number>;

const ELECTRIC_MODELS: Model[] = [
  { manufacturer: 'Linde', model: 'E20 PL', capacityKg: 2000, liftHeightMm: 4700, batteryVoltage: 48, batteryCapacityAh: 620, width: 1.2 },
  { manufacturer: 'Jungheinrich', model: 'EFG 216', capacityKg: 1600, liftHeightMm: 4500, batteryVoltage: 48, batteryCapacityAh: 500, width: 1.1 },
  { manufacturer: 'Toyota', model: 'Traigo 48 8FBE18', capacityKg: 1800, liftHeightMm: 5000, batteryVoltage: 48, batteryCapacityAh: 565, width: 1.1 },
  { manufacturer: 'Still', model: 'RX 20-20P', capacityKg: 2000, liftHeightMm: 4300, batteryVoltage: 80, batteryCapacityAh: 460, width: 1.2 },
];
const DIESEL_MODELS: Model[] = [
  { manufacturer: 'Toyota', model: '8FD30', capacityKg: 3000, liftHeightMm: 4000, engine: '1DZ-III', tankCapacity: 60 },
  { manufacturer: 'Linde', model: 'H25D', capacityKg: 2500, liftHeightMm: 4500, engine: 'Deutz D2.9', tankCapacity: 53 },
  { manufacturer: 'Hyster', model: 'H3.0FT', capacityKg: 3000, liftHeightMm: 3700, engine: 'Kubota V2403', tankCapacity: 58 },
];

function electricForklift(name: string, no: number, area: string, sensorOf: (peripherals: string[]) => DemoSensor): DemoDevice {
  const model = ELECTRIC_MODELS[no % ELECTRIC_MODELS.length] as Model;
  return {
    name,
    type: 'Electric forklift',
    description: `${model.manufacturer} ${model.model}, ${area}`,
    status: 'operational',
    technicalData: { ...model, year: 2019 + (no % 5) },
    applicationVersion: '2.4.1',
    softwareVersion: '4.3.2',
    sensor: sensorOf(['rfid-reader', 'gps', 'impact-sensor']),
  };
}

function dieselForklift(name: string, no: number, area: string, sensorOf: (peripherals: string[]) => DemoSensor): DemoDevice {
  const model = DIESEL_MODELS[no % DIESEL_MODELS.length] as Model;
  return {
    name,
    type: 'Diesel forklift',
    description: `${model.manufacturer} ${model.model}, ${area}`,
    status: 'operational',
    technicalData: { ...model, year: 2016 + (no % 6) },
    applicationVersion: '2.4.1',
    softwareVersion: '4.3.2',
    sensor: sensorOf(['rfid-reader', 'gps', 'fuel-probe']),
  };
}

const MACHINES: { name: string; description: string; technicalData: Model }[] = [
  {
    name: 'CNC Lathe 1',
    description: 'Two-axis CNC lathe, shaft turning',
    technicalData: { manufacturer: 'DMG Mori', model: 'CLX 450', powerKw: 25, maxDiameterMm: 400 },
  },
  {
    name: 'CNC Lathe 2',
    description: 'Two-axis CNC lathe, flanges and bushings',
    technicalData: { manufacturer: 'DMG Mori', model: 'CLX 350', powerKw: 16.5, maxDiameterMm: 320 },
  },
  {
    name: 'CNC Milling Centre 3',
    description: 'Vertical machining centre, housings',
    technicalData: { manufacturer: 'Haas', model: 'VF-2', powerKw: 22.4, tableLengthMm: 914 },
  },
  {
    name: 'Injection Moulder 4',
    description: 'Injection moulding machine, handles and covers',
    technicalData: { manufacturer: 'Engel', model: 'victory 200', clampingForceKn: 2000, powerKw: 30 },
  },
  {
    name: 'Injection Moulder 5',
    description: 'Injection moulding machine, small parts',
    technicalData: { manufacturer: 'Arburg', model: 'Allrounder 470 H', clampingForceKn: 1500, powerKw: 22 },
  },
  {
    name: 'Hydraulic Press 6',
    description: 'Hydraulic press, deep drawing',
    technicalData: { manufacturer: 'Schuler', model: 'HPX 250', forceKn: 2500, powerKw: 37 },
  },
  {
    name: 'Press Brake 7',
    description: 'CNC press brake, sheet metal bending',
    technicalData: { manufacturer: 'Trumpf', model: 'TruBend 5130', forceKn: 1300, bendingLengthMm: 3230 },
  },
  {
    name: 'Welding Robot 8',
    description: 'Robotic MIG welding cell, frames',
    technicalData: { manufacturer: 'Fanuc', model: 'ARC Mate 100iD', reachMm: 1441, powerKw: 12 },
  },
];

export const DEMO_FACTORY = 'Demo Factory';
export const NORTHWIND = 'Northwind Logistics';

function demoFactoryDevices(): DemoDevice[] {
  let deviceNo = 0;
  const sensorOf = (peripherals: string[]) => sensor(1, ++deviceNo, '89480310', peripherals);
  const devices: DemoDevice[] = [];
  for (let i = 1; i <= 10; i++) devices.push(electricForklift(`EF-${pad(i)}`, i, i <= 6 ? 'warehouse A' : 'warehouse B', sensorOf));
  for (let i = 1; i <= 6; i++) devices.push(dieselForklift(`DF-${pad(i)}`, i, i <= 3 ? 'warehouse A yard' : 'warehouse B yard', sensorOf));
  for (const machine of MACHINES) {
    devices.push({
      ...machine,
      type: 'Production machine',
      status: 'operational',
      applicationVersion: '3.1.0',
      softwareVersion: '4.3.2',
      sensor: sensorOf(['rfid-reader', 'counter-input']),
    });
  }
  // One truck waiting for repair, so the demo shows both statuses.
  const damaged = devices.find((d) => d.name === 'DF-05');
  if (damaged) damaged.status = 'damaged';
  // One truck carries a Teltonika tracker instead of our module; it keeps its place, so the other serials stay.
  const tracked = devices.find((d) => d.name === DEMO_TELTONIKA.device);
  if (tracked) {
    tracked.type = 'Diesel forklift (Teltonika)';
    tracked.sensor = { ...tracked.sensor, serialNumber: DEMO_TELTONIKA.imei, protocol: 'teltonika', peripherals: ['ibutton-reader', 'gps', 'can-adapter'] };
  }
  // One machine is read over OPC UA from its controller instead of our module; its serial stays, as the module's name.
  const read = devices.find((d) => d.name === DEMO_OPCUA.device);
  if (read) read.sensor = { ...read.sensor, protocol: 'opcua', peripherals: ['opcua-server'] };
  return devices;
}

function northwindDevices(): DemoDevice[] {
  let deviceNo = 0;
  const sensorOf = (peripherals: string[]) => sensor(2, ++deviceNo, '89371020', peripherals);
  return [
    electricForklift('NW-EF-01', 1, 'Riga cross-dock', sensorOf),
    electricForklift('NW-EF-02', 2, 'Riga cross-dock', sensorOf),
    electricForklift('NW-EF-03', 3, 'Riga cross-dock', sensorOf),
    dieselForklift('NW-DF-01', 1, 'Riga container yard', sensorOf),
  ];
}

const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${pad(from + i)}`);
const warehouseA = [...range('EF-', 1, 6), ...range('DF-', 1, 3)];
const warehouseB = [...range('EF-', 7, 10), ...range('DF-', 4, 6)];
const machining = ['CNC Lathe 1', 'CNC Lathe 2', 'CNC Milling Centre 3', 'Press Brake 7'];
const assembly = ['Injection Moulder 4', 'Injection Moulder 5', 'Hydraulic Press 6', 'Welding Robot 8'];

type OperatorRow = [firstname: string, lastname: string, login: string, position: string, rfid: string, phone: string, devices: string[], agency?: string];

function operators(rows: OperatorRow[], domain: string, supervisor: string): DemoOperator[] {
  return rows.map(([firstname, lastname, login, position, rfid, phone, devices, agency]) => ({
    firstname,
    lastname,
    email: `${login}@${domain}`,
    position,
    rfid,
    phone,
    supervisor,
    companyName: agency ?? null,
    devices,
  }));
}

const TEMP_AGENCY = 'Temp-Pol Sp. z o.o.';

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    subscriber: { name: 'Demo Factory sp. z o.o.', taxNumber: '7251234567', address: 'ul. Piotrkowska 120', city: 'Łódź', email: 'biuro@demo-factory.example' },
    name: DEMO_FACTORY,
    timezone: 'Europe/Warsaw',
    subscriptionType: 'premium',
    dealer: 'Gearwatch Polska',
    shifts: [
      { name: 'Shift I', hourStart: 6, hourEnd: 14 },
      { name: 'Shift II', hourStart: 14, hourEnd: 22 },
      // Crosses midnight: ends at 06:00 the next day.
      { name: 'Shift III', hourStart: 22, hourEnd: 6 },
    ],
    devices: demoFactoryDevices(),
    deviceGroups: [
      { name: 'Warehouse A forklifts', description: 'Trucks of warehouse A and its yard', devices: warehouseA },
      { name: 'Warehouse B forklifts', description: 'Trucks of warehouse B and its yard', devices: warehouseB },
      { name: 'Machining hall', description: 'Lathes, milling and bending', devices: machining },
      { name: 'Assembly line', description: 'Moulding, pressing and welding', devices: assembly },
    ],
    operatorGroups: [
      {
        // iButton keys: 8 bytes, written as Teltonika's reader (IO 78) sends them, so DF-04's tracker finds them too.
        name: 'Warehouse crew',
        operators: operators(
          [
            ['Łukasz', 'Wójcik', 'l.wojcik', 'Forklift operator', '01000004A1B2C3D4', '+48 601 234 101', warehouseA],
            ['Małgorzata', 'Zielińska', 'm.zielinska', 'Warehouse team leader', '01000004A1B2C3E5', '+48 601 234 102', [...warehouseA, ...warehouseB]],
            ['Paweł', 'Kamiński', 'p.kaminski', 'Forklift operator', '01000004A1B2C3F6', '+48 601 234 103', warehouseA],
            ['Grzegorz', 'Lewandowski', 'g.lewandowski', 'Forklift operator', '01000004B7C8D9E0', '+48 601 234 104', warehouseB],
            ['Agnieszka', 'Dąbrowska', 'a.dabrowska', 'Forklift operator', '01000004B7C8D9F1', '+48 601 234 105', warehouseB],
            ['Michał', 'Szymański', 'm.szymanski', 'Forklift operator', '01000004C2D3E4F5', '+48 601 234 106', range('DF-', 1, 6), TEMP_AGENCY],
            ['Katarzyna', 'Woźniak', 'k.wozniak', 'Picker and forklift operator', '01000004C2D3E4A6', '+48 601 234 107', range('EF-', 1, 10), TEMP_AGENCY],
          ],
          'demo-factory.example',
          'Marek Nowak',
        ),
      },
      {
        name: 'Production crew',
        operators: operators(
          [
            ['Tomasz', 'Kozłowski', 't.kozlowski', 'CNC operator', '04D5E6F7A8', '+48 602 345 201', machining],
            ['Joanna', 'Jankowska', 'j.jankowska', 'CNC operator', '04D5E6F7B9', '+48 602 345 202', machining],
            ['Krzysztof', 'Mazur', 'k.mazur', 'Machine setter', '04E8F9A0B1', '+48 602 345 203', [...machining, ...assembly]],
            ['Bartłomiej', 'Wojciechowski', 'b.wojciechowski', 'Moulding operator', '04E8F9A0C2', '+48 602 345 204', assembly],
            ['Żaneta', 'Krawczyk', 'z.krawczyk', 'Welding cell operator', '04F1A2B3C4', '+48 602 345 205', assembly],
          ],
          'demo-factory.example',
          'Ewa Grabowska',
        ),
      },
    ],
  },
  {
    subscriber: { name: 'Northwind Holdings', taxNumber: 'LV40103123456', address: 'Krasta iela 52', city: 'Rīga', email: 'office@northwind.example' },
    name: NORTHWIND,
    timezone: 'Europe/Riga',
    subscriptionType: 'standard',
    dealer: 'Gearwatch Baltics',
    shifts: [
      { name: 'Day shift', hourStart: 6, hourEnd: 18 },
      { name: 'Night shift', hourStart: 18, hourEnd: 6 },
    ],
    devices: northwindDevices(),
    deviceGroups: [{ name: 'Riga terminal', description: 'All trucks of the Riga terminal', devices: ['NW-EF-01', 'NW-EF-02', 'NW-EF-03', 'NW-DF-01'] }],
    operatorGroups: [
      {
        name: 'Riga crew',
        operators: operators(
          [
            ['Andris', 'Ozoliņš', 'andris.ozolins', 'Forklift operator', '05A1C3E5F7', '+371 2612 3401', ['NW-EF-01', 'NW-EF-02', 'NW-EF-03']],
            ['Līga', 'Kalniņa', 'liga.kalnina', 'Forklift operator', '05A1C3E5A8', '+371 2612 3402', ['NW-EF-01', 'NW-EF-02', 'NW-EF-03', 'NW-DF-01']],
            ['Kārlis', 'Liepiņš', 'karlis.liepins', 'Yard operator', '05B2D4F6A9', '+371 2612 3403', ['NW-DF-01']],
          ],
          'northwind.example',
          'Jānis Bērziņš',
        ),
      },
    ],
  },
];

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'demo',
    password: 'demo',
    email: 'demo@demo-factory.example',
    firstname: 'Anna',
    lastname: 'Kowalska',
    language: 'pl',
    company: DEMO_FACTORY,
    isSuperAdmin: false,
    canImpersonate: false,
  },
  {
    username: 'admin',
    password: 'admin',
    email: 'admin@gearwatch.example',
    firstname: 'Gearwatch',
    lastname: 'Administrator',
    language: 'en',
    company: DEMO_FACTORY,
    isSuperAdmin: true,
    canImpersonate: true,
  },
  {
    username: 'north',
    password: 'north',
    email: 'north@northwind.example',
    firstname: 'Jānis',
    lastname: 'Bērziņš',
    language: 'lv',
    company: NORTHWIND,
    isSuperAdmin: false,
    canImpersonate: false,
  },
];

export interface DemoSignIn {
  username: string;
  password: string;
  company: string;
}

export const DEMO_SIGN_INS = {
  demo: { username: 'demo', password: 'demo', company: DEMO_FACTORY },
  admin: { username: 'admin', password: 'admin', company: DEMO_FACTORY },
  north: { username: 'north', password: 'north', company: NORTHWIND },
} as const satisfies Record<string, DemoSignIn>;
