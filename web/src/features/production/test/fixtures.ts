import type { Device, DisplayLink, ProductionLineState, ProductionParameterOption, ProductionView, ProductionViewState } from '@gearwatch/contracts';

// A small plant for the production screens: two presses, a view of both with a counter and a work line, the
// parameters the presses offer, display links and a live state.

const company = { id: 1, name: 'Demo Factory' };
const pressType = { id: 100, name: 'Press', parameters: [] };
export const pressA: Device = {
  id: 1,
  name: 'Press A',
  description: null,
  status: 'operational',
  powerState: 'on',
  company,
  deviceType: pressType,
  groups: [],
  sensors: [],
};
export const pressB: Device = { ...pressA, id: 2, name: 'Press B' };
export const devices = [pressA, pressB];

/** The parameters of a press: the fixed three (named by the server in English) and a counter in pieces. */
export const pressParameters: ProductionParameterOption[] = [
  { id: 0, name: 'efficiency', valueKind: 'percent', unit: null },
  { id: 1, name: 'work', valueKind: 'minutes', unit: null },
  { id: 2, name: 'active', valueKind: 'minutes', unit: null },
  { id: 40, name: 'Parts made', valueKind: 'count', unit: 'pcs' },
];

/** A tiny valid PNG (1×1) as the server keeps a logo. */
export const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export function view(overrides: Partial<ProductionView> = {}): ProductionView {
  return {
    id: 5,
    name: 'Hall 1 presses',
    view_type: 'columns',
    lines: [
      { label: 'Line A', deviceId: 1, deviceName: 'Press A', param: 40, paramName: 'Parts made', valueKind: 'count', unit: 'pcs', target: 800 },
      { label: 'Line B', deviceId: 2, deviceName: 'Press B', param: 1, paramName: 'work', valueKind: 'minutes', unit: null, target: 420 },
    ],
    reset_time: ['06:00', '14:00', '22:00'],
    logo: LOGO,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function displayLink(overrides: Partial<DisplayLink> = {}): DisplayLink {
  return {
    id: 3,
    viewId: 5,
    label: 'Hall 1 TV',
    createdAt: '2026-11-20T09:00:00.000Z',
    createdBy: { id: 7, name: 'Anna Kowalska' },
    lastUsedAt: null,
    ...overrides,
  };
}

export function lineState(overrides: Partial<ProductionLineState> = {}): ProductionLineState {
  return {
    label: 'Line A',
    deviceId: 1,
    deviceName: 'Press A',
    param: 40,
    paramName: 'Parts made',
    valueKind: 'count',
    unit: 'pcs',
    goal: 800,
    value: 412,
    pace: 400,
    projection: 824,
    status: 'on-pace',
    lastDataAt: '2026-11-26T09:59:00.000Z',
    oee: { availability: 0.9, performance: 0.95, quality: 1, oee: 0.855, plannedSeconds: 14_400, runSeconds: 12_960 },
    ...overrides,
  };
}

/** The state of view 5 at 11:00 Warsaw time: the period 06:00–14:00. */
export function liveState(overrides: Partial<ProductionViewState> = {}): ProductionViewState {
  return {
    viewId: 5,
    name: 'Hall 1 presses',
    view_type: 'columns',
    logo: LOGO,
    timezone: 'Europe/Warsaw',
    periodStart: '2026-11-26T05:00:00.000Z',
    periodEnd: '2026-11-26T13:00:00.000Z',
    computedAt: '2026-11-26T10:00:00.000Z',
    lines: [
      lineState(),
      lineState({
        label: 'Line B',
        deviceId: 2,
        deviceName: 'Press B',
        param: 1,
        paramName: 'work',
        valueKind: 'minutes',
        unit: null,
        goal: 420,
        value: 120,
        pace: 210,
        projection: 192,
        status: 'far-behind',
        oee: null,
      }),
    ],
    ...overrides,
  };
}
