// The simulated fleet: the demo companies of demo-data.ts turned into what the simulator needs to know about each
// machine (drive, battery, tank, machine schedule, yard area) and each operator (card, trucks they may drive).
import { DEMO_COMPANIES, DEMO_DEVICE_TYPES, demoSecurityCode } from '../demo-data.ts';
import type { DemoCompany, DemoDevice, DemoDeviceTypeName } from '../demo-data.ts';
import { hashInts, hashString, hashUnit } from './random.ts';
import { areaOf, yardOf } from './yard.ts';
import type { Yard } from './yard.ts';

export const DEFAULT_SEED = 'gearwatch-demo';

/**
 * The device whose module goes silent every day: DF-06 of Demo Factory parks behind warehouse B, where its module
 * has no GSM coverage from 09:00 to 12:00 local time. The module keeps no buffer, so nothing at all arrives from
 * that window (readings, positions, events): the demo's "no contact" status and lastsync alerts have a real case.
 */
export const SILENT_DEVICE = { company: 'Demo Factory', device: 'DF-06', fromMinute: 9 * 60, toMinute: 12 * 60 } as const;

/**
 * The trucks each demo company's first screen shows (the dashboard's geo monitor and voltage chart): one of them
 * works in every shift, nights and weekends included, so the demo looks alive at any hour. When the rota leaves
 * them all idle in a shift, an operator on call takes the one whose turn it is (day-plan.ts `planOnCall`); taking
 * them in turn lets each battery charge between its uses.
 */
export const ROUND_THE_CLOCK_TRUCKS: Readonly<Record<string, readonly string[]>> = {
  'Demo Factory': ['EF-01', 'EF-02', 'EF-03'],
  'Northwind Logistics': ['NW-EF-01', 'NW-EF-02', 'NW-EF-03'],
};

export type Drive = 'electric' | 'diesel' | 'machine';

export interface SimShift {
  index: number;
  name: string;
  /** Minutes after local midnight of the shift's day. */
  startMinute: number;
  /** May exceed 1440 for a shift that ends the next day (22:00 → 06:00 is 1320 → 1800). */
  endMinute: number;
  /** Crosses midnight: worked by fewer people. */
  night: boolean;
}

export interface MachineProfile {
  /** Shift indices the machine runs on Monday to Friday, on Saturday, on Sunday. */
  weekdays: readonly number[];
  saturday: readonly number[];
  sunday: readonly number[];
  /** Runs its cycles on its own: no break, operators only tend it. */
  automatic: boolean;
  /** Seconds of effective work per piece. */
  cycleSeconds: number;
  /** Scales the motor current: a 30 kW machine draws the reference current. */
  load: number;
}

export interface SimDevice {
  /** Position in the whole fleet. */
  index: number;
  /** The hashing key of everything random about this device. */
  key: number;
  name: string;
  /** The IMEI for a Teltonika tracker. */
  serial: string;
  /** None ('') for a Teltonika tracker (the listener knows it by its IMEI) and an OPC UA machine (read by the connector). */
  securityCode: string;
  /**
   * `teltonika`: the demo's tracker, driven over TCP in Codec 8 Extended (teltonika-demo.ts); `opcua`: the demo's
   * machine, whose controller the simulator plays as an OPC UA server (opcua-demo.ts); not the JSON protocol.
   */
  protocol: 'gearwatch' | 'teltonika' | 'opcua';
  drive: Drive;
  company: SimCompany;
  damaged: boolean;
  /** Local minutes of the day during which nothing arrives from the module. */
  silent: { fromMinute: number; toMinute: number } | null;
  /** The parameter numbers the device type defines, so nothing else is ever sent. */
  parameters: ReadonlySet<number>;
  battery: { nominalVolts: number; cells: number; kwh: number } | null;
  tankLitres: number | null;
  machine: MachineProfile | null;
  /** Yard area for trucks. */
  area: string | null;
  /** The hour meter when the simulation epoch began. */
  baseMotorHours: number;
}

export interface SimOperator {
  index: number;
  name: string;
  rfid: string;
  /** Device indices (fleet-wide) the operator may use. */
  devices: readonly number[];
}

export interface SimCompany {
  index: number;
  name: string;
  timezone: string;
  shifts: readonly SimShift[];
  yard: Yard;
  devices: SimDevice[];
  /** Operator groups; each has its own rota. */
  crews: SimOperator[][];
  /** Cards no operator of the company carries: agency temps and visitors who borrow a truck. */
  unknownCards: readonly string[];
  /** Device indices of the trucks one of which works every shift (ROUND_THE_CLOCK_TRUCKS), in turn order. */
  roundTheClock: readonly number[];
}

export interface SimFleet {
  seed: number;
  companies: SimCompany[];
  devices: SimDevice[];
}

type ProfileOf = Omit<MachineProfile, 'load' | 'sunday'> & { sunday?: readonly number[] };

// The moulding and welding cells run round the clock, weekends too, like a plant with a night crew: the production
// charts of the first screen have work at any hour.
const ALL_SHIFTS = [0, 1, 2];
const MACHINE_PROFILES: Record<string, ProfileOf> = {
  'CNC Lathe 1': { weekdays: [0, 1], saturday: [0], automatic: false, cycleSeconds: 95 },
  'CNC Lathe 2': { weekdays: [0, 1], saturday: [], automatic: false, cycleSeconds: 70 },
  'CNC Milling Centre 3': { weekdays: [0, 1, 2], saturday: [], automatic: false, cycleSeconds: 240 },
  'Injection Moulder 4': { weekdays: ALL_SHIFTS, saturday: ALL_SHIFTS, sunday: ALL_SHIFTS, automatic: true, cycleSeconds: 32 },
  'Injection Moulder 5': { weekdays: [0, 1], saturday: [], automatic: true, cycleSeconds: 24 },
  'Hydraulic Press 6': { weekdays: [0], saturday: [], automatic: false, cycleSeconds: 14 },
  'Press Brake 7': { weekdays: [0, 1], saturday: [], automatic: false, cycleSeconds: 45 },
  'Welding Robot 8': { weekdays: ALL_SHIFTS, saturday: ALL_SHIFTS, sunday: ALL_SHIFTS, automatic: true, cycleSeconds: 150 },
};
const DEFAULT_MACHINE: ProfileOf = { weekdays: [0, 1], saturday: [], automatic: false, cycleSeconds: 60 };

const DRIVES: Record<DemoDeviceTypeName, Drive> = {
  'Electric forklift': 'electric',
  'Diesel forklift': 'diesel',
  'Diesel forklift (Teltonika)': 'diesel',
  'Production machine': 'machine',
};

const UNKNOWN_CARDS: Record<string, string[]> = {
  'Demo Factory': ['04FF00A1B2C3', '04FF00D4E5F6'],
  'Northwind Logistics': ['05FF00112233'],
};

/** The year the simulation's meters start from (device-state.ts EPOCH_DAY); a truck's age then sets its hours. */
const EPOCH_YEAR = 2025;

/** Builds the fleet for a seed; the same seed and companies always give the same fleet. */
export function buildFleet(seedText: string = DEFAULT_SEED, source: readonly DemoCompany[] = DEMO_COMPANIES): SimFleet {
  const seed = hashString(seedText);
  const fleet: SimFleet = { seed, companies: [], devices: [] };
  source.forEach((demo, companyIndex) => {
    const company: SimCompany = {
      index: companyIndex,
      name: demo.name,
      timezone: demo.timezone,
      shifts: demo.shifts.map((s, index) => ({
        index,
        name: s.name,
        startMinute: s.hourStart * 60,
        endMinute: (s.hourEnd <= s.hourStart ? s.hourEnd + 24 : s.hourEnd) * 60,
        night: s.hourEnd <= s.hourStart,
      })),
      yard: yardOf(demo.name),
      devices: [],
      crews: [],
      unknownCards: UNKNOWN_CARDS[demo.name] ?? ['04FF00000001'],
      roundTheClock: [],
    };
    for (const device of demo.devices) {
      const simulated = simDevice(fleet.devices.length, seed, company, demo, device);
      company.devices.push(simulated);
      fleet.devices.push(simulated);
    }
    const byName = new Map(company.devices.map((d) => [d.name, d.index]));
    company.roundTheClock = (ROUND_THE_CLOCK_TRUCKS[demo.name] ?? []).map((name) => byName.get(name)).filter((i): i is number => i !== undefined);
    let operatorIndex = 0;
    company.crews = demo.operatorGroups.map((group) =>
      group.operators.map((o) => ({
        index: operatorIndex++,
        name: `${o.firstname} ${o.lastname}`,
        rfid: o.rfid,
        devices: o.devices.map((name) => byName.get(name)).filter((i): i is number => i !== undefined),
      })),
    );
    fleet.companies.push(company);
  });
  return fleet;
}

function simDevice(index: number, seed: number, company: SimCompany, demo: DemoCompany, device: DemoDevice): SimDevice {
  const key = hashInts(seed, hashString(device.sensor.serialNumber));
  const drive = DRIVES[device.type];
  const type = DEMO_DEVICE_TYPES.find((t) => t.name === device.type);
  const technical = device.technicalData;
  const number = (name: string, fallback: number) => (typeof technical[name] === 'number' ? (technical[name] as number) : fallback);
  const age = Math.max(0, EPOCH_YEAR - number('year', EPOCH_YEAR - 3));
  const silent = demo.name === SILENT_DEVICE.company && device.name === SILENT_DEVICE.device;
  const nominalVolts = number('batteryVoltage', 48);
  const profile = MACHINE_PROFILES[device.name] ?? DEFAULT_MACHINE;
  return {
    index,
    key,
    name: device.name,
    serial: device.sensor.serialNumber,
    securityCode: device.sensor.protocol === 'gearwatch' ? demoSecurityCode(device.sensor.serialNumber) : '',
    protocol: device.sensor.protocol,
    drive,
    company,
    damaged: device.status === 'damaged',
    silent: silent ? { fromMinute: SILENT_DEVICE.fromMinute, toMinute: SILENT_DEVICE.toMinute } : null,
    parameters: new Set((type?.parameters ?? []).map((p) => p.number)),
    battery: drive === 'electric' ? { nominalVolts, cells: nominalVolts / 2, kwh: (nominalVolts * number('batteryCapacityAh', 500)) / 1000 } : null,
    tankLitres: drive === 'diesel' ? number('tankCapacity', 55) : null,
    machine: drive === 'machine' ? { ...profile, sunday: profile.sunday ?? [], load: number('powerKw', 20) / 30 } : null,
    area: drive === 'machine' ? null : areaOf(company.yard, device.description, drive),
    // Older trucks have more hours on the meter: about 1,400 a year of two-shift use, give or take.
    baseMotorHours: Math.round(age * 1400 * (0.7 + 0.6 * hashUnit(key, 11)) + 150 * hashUnit(key, 12)),
  };
}

export function findDevice(fleet: SimFleet, serial: string): SimDevice {
  const device = fleet.devices.find((d) => d.serial === serial);
  if (!device) throw new Error(`no simulated module ${serial}`);
  return device;
}
