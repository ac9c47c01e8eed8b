import { describe, expect, it } from 'vitest';
import { boardSettingSchema, defaultMonitorSettings, parseBoardSetting, parseMonitorSettings } from './settings.ts';
import { monitorValidity } from './validity.ts';

const context = { range: null, selectableParameters: null, selectedDeviceCount: 0, shiftsDefined: 2 };

describe('work summary settings', () => {
  it('read saved settings leniently: invalid period, sort or options take their defaults', () => {
    const parsed = parseMonitorSettings('efficiency-summary', { devices: [4, 4, -1], period: 'decade', sort: 'active-asc', averages: false, workTime: 'yes' });
    expect(parsed).toEqual({ ...defaultMonitorSettings('efficiency-summary'), devices: [4], sort: 'active-asc', averages: false });
    expect(parseMonitorSettings('shift-work-summary', { period: 'yesterday', sort: 'work-asc' })).toEqual({
      ...defaultMonitorSettings('shift-work-summary'),
      period: 'yesterday',
    });
    expect(parseMonitorSettings('operator-summary', null)).toEqual(defaultMonitorSettings('operator-summary'));
  });

  it('keep summaries on a saved board and validate them with the board schema', () => {
    const board = parseBoardSetting({ monitors: [{ id: 'm1', kind: 'activity-summary', settings: { devices: [1], period: 'this-month' } }] });
    expect(board.monitors[0]).toEqual({
      id: 'm1',
      kind: 'activity-summary',
      settings: { ...defaultMonitorSettings('activity-summary'), devices: [1], period: 'this-month' },
    });
    expect(boardSettingSchema.safeParse(board).success).toBe(true);
    expect(
      boardSettingSchema.safeParse({ monitors: [{ id: 'm1', kind: 'activity-summary', settings: { ...board.monitors[0]!.settings, period: 'decade' } }] })
        .success,
    ).toBe(false);
  });

  it('warn about an empty selection, and the shift-work summary about a company without shifts', () => {
    expect(monitorValidity('activity-summary', defaultMonitorSettings('activity-summary'), context).warning).toBe('monitor.message.no-devices');
    expect(monitorValidity('activity-summary', { ...defaultMonitorSettings('activity-summary'), devices: [1] }, context)).toEqual({
      valid: true,
      warning: null,
    });
    expect(monitorValidity('operator-summary', { ...defaultMonitorSettings('operator-summary'), byGroups: true }, context).warning).toBe(
      'device-operator-monitor.message.no-device-operators-groups',
    );
    const shiftWork = { ...defaultMonitorSettings('shift-work-summary'), devices: [1] };
    expect(monitorValidity('shift-work-summary', shiftWork, { ...context, shiftsDefined: 0 }).warning).toBe('monitor.message.no-shifts-defined');
    expect(monitorValidity('shift-work-summary', shiftWork, context).valid).toBe(true);
  });
});
