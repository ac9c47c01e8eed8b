import { boardSettingSchema, MONITOR_PAGES, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { BoardSetting, MonitorPage } from '@gearwatch/contracts';
import { DEMO_FACTORY, NORTHWIND } from './demo-data.ts';

/**
 * The monitors a demo user finds on the dashboard and the diagnostics board at the first sign-in, so the demo opens
 * on live charts instead of an empty page. Boards name devices and groups; the seed turns names into the company's
 * ids and checks every board against the client's own schema, so a board the client would not read fails the seed.
 */

/** Resolves a demo name of the board's company to its id. */
export interface BoardNames {
  device: (name: string) => number;
  deviceGroup: (name: string) => number;
  operatorGroup: (name: string) => number;
}

type BoardBuilder = (names: BoardNames) => Record<MonitorPage, BoardSetting>;

const shown = { edited: false, expanded: false };
const noDevices = { devices: [], deviceGroups: [] };
const byGroups = (ids: number[]) => ({ ...noDevices, deviceGroups: ids, byGroups: true });
const byDevices = (ids: number[]) => ({ ...noDevices, devices: ids, byGroups: false });
const BATTERY_VOLTAGE = 20;
const FUEL_LEVEL = 23;
const HYDRAULIC_PRESSURE = 24;
const MOTOR_CURRENT = 25;

const demoFactoryBoards: BoardBuilder = ({ device, deviceGroup, operatorGroup }) => {
  const forklifts = [deviceGroup('Warehouse A forklifts'), deviceGroup('Warehouse B forklifts')];
  const production = [deviceGroup('Machining hall'), deviceGroup('Assembly line')];
  return {
    // The first second after sign-in shows the forklifts' work today and their activity by shift, the production
    // machines' efficiency, the trucks of one warehouse on the map, battery voltage, and who worked.
    dashboard: {
      monitors: [
        { id: 'monitor-1', kind: 'work-activity', settings: { ...shown, ...byGroups(forklifts), parameter: 'work', magicType: 'line' } },
        { id: 'monitor-2', kind: 'work-activity-shift', settings: { ...shown, ...byGroups(forklifts), parameter: 'activeSum' } },
        {
          id: 'monitor-3',
          kind: 'efficiency',
          settings: { ...shown, ...byGroups(production), parameters: [PARAMETER_NUMBERS.efficiency], interval: 'hour', magicType: 'bar' },
        },
        // The trucks of warehouse A rather than one: at any hour of the day some of them are moving.
        { id: 'monitor-4', kind: 'geo', settings: { ...shown, ...byGroups([deviceGroup('Warehouse A forklifts')]), agps: true } },
        {
          id: 'monitor-5',
          kind: 'device-parameter',
          settings: {
            ...shown,
            ...byDevices([device('EF-01'), device('EF-02'), device('EF-03')]),
            parameters: [BATTERY_VOLTAGE],
            interval: 'hour',
            magicType: 'line',
          },
        },
        {
          id: 'monitor-6',
          kind: 'device-operator',
          settings: {
            ...shown,
            deviceOperators: [],
            deviceOperatorsGroups: [operatorGroup('Warehouse crew')],
            byGroups: true,
            parameter: PARAMETER_NUMBERS.work,
            interval: 'hour',
            magicType: 'bar',
          },
        },
      ],
    },
    diagnostics: {
      monitors: [
        {
          id: 'monitor-1',
          kind: 'async',
          settings: { ...shown, device: device('EF-01'), parameters: [BATTERY_VOLTAGE, MOTOR_CURRENT, PARAMETER_NUMBERS.work] },
        },
        {
          id: 'monitor-2',
          kind: 'device-parameter',
          settings: {
            ...shown,
            ...byDevices([device('EF-01'), device('EF-02'), device('EF-03')]),
            parameters: [BATTERY_VOLTAGE],
            interval: '5min',
            magicType: 'line',
          },
        },
        {
          id: 'monitor-3',
          kind: 'device-parameter',
          settings: { ...shown, ...byDevices([device('DF-01'), device('DF-02')]), parameters: [FUEL_LEVEL], interval: 'hour', magicType: 'line' },
        },
        {
          id: 'monitor-4',
          kind: 'device-parameter',
          settings: {
            ...shown,
            ...byDevices([device('Hydraulic Press 6')]),
            parameters: [HYDRAULIC_PRESSURE, MOTOR_CURRENT],
            interval: 'hour',
            magicType: 'line',
          },
        },
        {
          id: 'monitor-5',
          kind: 'efficiency',
          settings: {
            ...shown,
            ...byGroups(production),
            parameters: [PARAMETER_NUMBERS.efficiency, PARAMETER_NUMBERS.work],
            interval: 'day',
            magicType: 'bar',
          },
        },
        {
          id: 'monitor-6',
          kind: 'device-operator',
          settings: {
            ...shown,
            deviceOperators: [],
            deviceOperatorsGroups: [operatorGroup('Production crew')],
            byGroups: true,
            parameter: PARAMETER_NUMBERS.active,
            interval: 'day',
            magicType: 'bar',
          },
        },
      ],
    },
  };
};

const northwindBoards: BoardBuilder = ({ device, deviceGroup, operatorGroup }) => {
  const terminal = [deviceGroup('Riga terminal')];
  const electric = [device('NW-EF-01'), device('NW-EF-02'), device('NW-EF-03')];
  return {
    dashboard: {
      monitors: [
        { id: 'monitor-1', kind: 'geo', settings: { ...shown, ...byGroups(terminal), agps: true } },
        {
          id: 'monitor-2',
          kind: 'efficiency',
          settings: { ...shown, ...byGroups(terminal), parameters: [PARAMETER_NUMBERS.efficiency], interval: 'hour', magicType: 'bar' },
        },
        { id: 'monitor-3', kind: 'work-activity', settings: { ...shown, ...byGroups(terminal), parameter: 'work', magicType: 'line' } },
        { id: 'monitor-4', kind: 'work-activity-shift', settings: { ...shown, ...byGroups(terminal), parameter: 'workSum' } },
        {
          id: 'monitor-5',
          kind: 'device-operator',
          settings: {
            ...shown,
            deviceOperators: [],
            deviceOperatorsGroups: [operatorGroup('Riga crew')],
            byGroups: true,
            parameter: PARAMETER_NUMBERS.work,
            interval: 'hour',
            magicType: 'bar',
          },
        },
        {
          id: 'monitor-6',
          kind: 'device-parameter',
          settings: { ...shown, ...byDevices(electric), parameters: [BATTERY_VOLTAGE], interval: 'hour', magicType: 'line' },
        },
      ],
    },
    diagnostics: {
      monitors: [
        {
          id: 'monitor-1',
          kind: 'async',
          settings: { ...shown, device: device('NW-EF-01'), parameters: [BATTERY_VOLTAGE, MOTOR_CURRENT, PARAMETER_NUMBERS.work] },
        },
        {
          id: 'monitor-2',
          kind: 'device-parameter',
          settings: { ...shown, ...byDevices(electric), parameters: [BATTERY_VOLTAGE], interval: '5min', magicType: 'line' },
        },
        {
          id: 'monitor-3',
          kind: 'device-parameter',
          settings: { ...shown, ...byDevices([device('NW-DF-01')]), parameters: [FUEL_LEVEL], interval: 'hour', magicType: 'line' },
        },
        {
          id: 'monitor-4',
          kind: 'device-parameter',
          settings: { ...shown, ...byDevices(electric), parameters: [PARAMETER_NUMBERS.chargingQuantity], interval: 'day', magicType: 'bar' },
        },
        {
          id: 'monitor-5',
          kind: 'efficiency',
          settings: { ...shown, ...byGroups(terminal), parameters: [PARAMETER_NUMBERS.efficiency, PARAMETER_NUMBERS.work], interval: 'day', magicType: 'bar' },
        },
        {
          id: 'monitor-6',
          kind: 'device-operator',
          settings: {
            ...shown,
            deviceOperators: [],
            deviceOperatorsGroups: [operatorGroup('Riga crew')],
            byGroups: true,
            parameter: PARAMETER_NUMBERS.active,
            interval: 'day',
            magicType: 'bar',
          },
        },
      ],
    },
  };
};

/** Each demo company's boards, by company name; a company missing here starts with empty boards. */
export const DEMO_BOARDS: Readonly<Record<string, BoardBuilder>> = {
  [DEMO_FACTORY]: demoFactoryBoards,
  [NORTHWIND]: northwindBoards,
};

/** The board settings of a demo company's users (key and value), each checked against the client's schema. */
export function demoBoardSettings(companyName: string, names: BoardNames): { key: MonitorPage; value: BoardSetting }[] {
  const build = DEMO_BOARDS[companyName];
  if (!build) return [];
  const boards = build(names);
  return MONITOR_PAGES.map((page) => ({ key: page, value: boardSettingSchema.parse(boards[page]) }));
}
