import { describe, expect, it } from 'vitest';
import { boardSettingSchema } from './settings.ts';
import { startingDashboard } from './starting-board.ts';
import type { StartingModel } from './starting-selection.ts';

const seconds = { short: 's', long: 'seconds', min: null, max: null };
const model: StartingModel = {
  deviceGroups: [{ id: 5, devices: [{ id: 11 }, { id: 12 }] }],
  devices: [
    { id: 11, deviceType: { id: 1 } },
    { id: 12, deviceType: { id: 1 } },
  ],
  deviceTypes: [{ id: 1, parameters: [{ number: 1, name: 'work', tags: ['effective work time'], unit: seconds }] }],
  operatorGroups: [{ id: 41, operators: [{ id: 1 }] }],
};

describe('startingDashboard', () => {
  it("starts a new company's dashboard on its first group: work, shifts, efficiency, map, devices and operators", () => {
    const board = startingDashboard(model);
    expect(board?.monitors.map((monitor) => monitor.kind)).toEqual([
      'work-activity',
      'work-activity-shift',
      'efficiency',
      'geo',
      'devices-summary',
      'device-operator',
    ]);
    expect(new Set(board?.monitors.map((monitor) => monitor.id)).size).toBe(6);
    expect(board?.monitors[0]?.settings).toMatchObject({ byGroups: true, deviceGroups: [5], edited: false });
    expect(board?.monitors[2]?.settings).toMatchObject({ deviceGroups: [5], parameters: [1], edited: false });
    expect(board?.monitors[5]?.settings).toMatchObject({ deviceOperatorsGroups: [41], edited: false });
    // The client saves it as the user's board: it must read back unchanged.
    expect(boardSettingSchema.parse(board)).toEqual(board);
  });

  it('leaves out the operators without an operator group, and makes no board without a device', () => {
    expect(startingDashboard({ ...model, operatorGroups: [] })?.monitors.map((monitor) => monitor.kind)).not.toContain('device-operator');
    expect(startingDashboard({ ...model, devices: [], deviceGroups: [] })).toBeNull();
  });
});
