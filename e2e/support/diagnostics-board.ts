import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiGet, idOf, idsByName } from './monitors.ts';
import type { SavedMonitor } from './monitors.ts';

// The demo data the diagnostics journey picks, and the board it builds, as the server must keep it.

/** Numbers of the demo parameters the journey chooses; 0 is the efficiency pseudo-parameter. */
export const PARAMETER = { work: 1, active: 2, batteryVoltage: 20, efficiency: 0 } as const;

export interface DemoIds {
  devices: Map<string, number>;
  deviceGroups: Map<string, number>;
  operatorGroups: Map<string, number>;
}

export async function demoIds(page: Page): Promise<DemoIds> {
  return {
    devices: await idsByName(page, '/api/devices'),
    deviceGroups: await idsByName(page, '/api/devicegroups'),
    operatorGroups: await idsByName(page, '/api/deviceoperatorgroups'),
  };
}

/**
 * The forklift with the most positions in the range. The demo's rota leaves a truck idle for a whole week now and
 * then; the geo monitor needs one that moved.
 */
export async function busiestForklift(page: Page, devices: Map<string, number>, range: { from: string; to: string }): Promise<string> {
  let busiest = { name: '', positions: 0 };
  for (const name of [...devices.keys()].filter((candidate) => /^EF-\d+$/.test(candidate))) {
    const positions = await apiGet<unknown[]>(page, `/api/device/${idOf(devices, name)}/locations?from=${range.from}&to=${range.to}`);
    if (positions.length > busiest.positions) busiest = { name, positions: positions.length };
  }
  expect(busiest.positions, 'a forklift moved last week').toBeGreaterThan(0);
  return busiest.name;
}

/** The board the journey builds through the interface, as it must be saved; `mover` is the geo monitor's truck. */
export function journeyBoard({ devices, deviceGroups, operatorGroups }: DemoIds, mover: string): Omit<SavedMonitor, 'id'>[] {
  const device = (name: string) => idOf(devices, name);
  const selection = { devices: [], deviceGroups: [], byGroups: false };
  return [
    {
      kind: 'device-parameter',
      settings: {
        edited: true,
        expanded: false,
        ...selection,
        devices: [device('EF-01'), device('EF-02')],
        parameters: [PARAMETER.work, PARAMETER.batteryVoltage],
        interval: 'hour',
        magicType: 'line',
      },
    },
    { kind: 'async', settings: { edited: false, expanded: false, device: device('EF-01'), parameters: [PARAMETER.work, PARAMETER.batteryVoltage] } },
    {
      kind: 'device-operator',
      settings: {
        edited: true,
        expanded: false,
        deviceOperators: [],
        deviceOperatorsGroups: [idOf(operatorGroups, 'Warehouse crew')],
        byGroups: true,
        parameter: PARAMETER.active,
        interval: '5min',
        magicType: 'bar',
      },
    },
    { kind: 'geo', settings: { edited: true, expanded: true, ...selection, devices: [device(mover)], agps: true } },
    {
      kind: 'efficiency',
      settings: {
        edited: true,
        expanded: false,
        ...selection,
        devices: [device('CNC Lathe 1'), device('CNC Lathe 2')],
        parameters: [PARAMETER.efficiency],
        interval: 'day',
        magicType: 'bar',
      },
    },
    {
      kind: 'work-activity',
      settings: {
        edited: true,
        expanded: false,
        ...selection,
        deviceGroups: [idOf(deviceGroups, 'Machining hall')],
        byGroups: true,
        parameter: 'active',
        magicType: 'line',
      },
    },
    {
      kind: 'work-activity-shift',
      settings: {
        edited: true,
        expanded: false,
        ...selection,
        deviceGroups: [idOf(deviceGroups, 'Warehouse A forklifts')],
        byGroups: true,
        parameter: 'workSum',
      },
    },
  ];
}

export const withoutIds = (monitors: readonly SavedMonitor[]) => monitors.map(({ kind, settings }) => ({ kind, settings }));
