import { describe, expect, it } from 'vitest';
import {
  ADD_MONITOR_TILES,
  boardSettingSchema,
  createMonitor,
  defaultDateRange,
  defaultMonitorSettings,
  MONITOR_KINDS,
  MONITOR_SETTINGS_SCHEMAS,
  MONITOR_TITLE_KEYS,
  newMonitorId,
  parseBoardSetting,
  parseMonitorSettings,
} from './settings.ts';
import { monitorValidity } from './validity.ts';

describe('defaults', () => {
  it('gives every kind settings its own schema accepts, with the options panel open', () => {
    for (const kind of MONITOR_KINDS) {
      const settings = defaultMonitorSettings(kind);
      expect(MONITOR_SETTINGS_SCHEMAS[kind].parse(settings)).toEqual(settings);
      expect(settings.edited).toBe(true);
      expect(settings.expanded).toBe(false);
    }
  });
  it('uses the intervals, chart types and parameters of spec 02 §9', () => {
    expect(defaultMonitorSettings('device-parameter')).toMatchObject({ interval: 'hour', magicType: 'bar', byGroups: false, devices: [] });
    expect(defaultMonitorSettings('device-operator')).toMatchObject({ interval: '5min', parameter: 1, magicType: 'bar' });
    expect(defaultMonitorSettings('work-activity')).toMatchObject({ parameter: 'work', magicType: 'line' });
    expect(defaultMonitorSettings('work-activity-shift')).toMatchObject({ parameter: 'workSum' });
    expect(defaultMonitorSettings('efficiency')).toMatchObject({ interval: 'hour', magicType: 'bar', parameters: [] });
    expect(defaultMonitorSettings('geo')).toMatchObject({ agps: true });
    expect(defaultMonitorSettings('async')).toMatchObject({ device: null, parameters: [] });
  });
  it('hands out a fresh object each time', () => {
    const first = defaultMonitorSettings('device-parameter');
    first.devices.push(4);
    expect(defaultMonitorSettings('device-parameter').devices).toEqual([]);
  });
  it('opens on yesterday and today, which hold the latest 24 hours at any hour, and the shift chart on the last week', () => {
    expect(defaultDateRange('device-parameter', '2026-03-10')).toEqual({ from: '2026-03-09', to: '2026-03-10' });
    expect(defaultDateRange('geo', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-03-01' });
    expect(defaultDateRange('work-activity', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2026-01-01' });
    expect(defaultDateRange('work-activity-shift', '2026-03-03')).toEqual({ from: '2026-02-24', to: '2026-03-03' });
  });
});

describe('tiles and titles', () => {
  it('offers every kind once on the dashboard, the charts once on diagnostics in the order of spec 02 §2', () => {
    expect([...ADD_MONITOR_TILES.dashboard].sort()).toEqual([...MONITOR_KINDS].sort());
    expect(new Set(ADD_MONITOR_TILES.diagnostics).size).toBe(ADD_MONITOR_TILES.diagnostics.length);
    // The summary widgets are the dashboard's only (spec 02 "Other dashboard widgets").
    const summaries = [
      'devices-with-alerts',
      'devices-summary',
      'newest-alerts',
      'hourly-work-distribution',
      'activity-summary',
      'efficiency-summary',
      'operator-summary',
      'shift-work-summary',
    ] as const;
    for (const kind of summaries) expect(ADD_MONITOR_TILES.diagnostics).not.toContain(kind);
    expect(ADD_MONITOR_TILES.diagnostics.slice(0, 5)).toEqual(['device-parameter', 'async', 'device-operator', 'geo', 'efficiency']);
    expect(ADD_MONITOR_TILES.dashboard.slice(0, 4)).toEqual(['device-parameter', 'device-operator', 'geo', 'efficiency']);
  });
  it('has a distinct title key per kind', () => {
    expect(new Set(Object.values(MONITOR_TITLE_KEYS)).size).toBe(MONITOR_KINDS.length);
    expect(MONITOR_TITLE_KEYS['device-operator']).toBe('diagnostics.title-device-operator-monitor');
  });
});

describe('parseMonitorSettings', () => {
  it('keeps valid saved settings as they are', () => {
    const saved = {
      edited: false,
      expanded: true,
      devices: [3, 1],
      deviceGroups: [],
      byGroups: false,
      parameters: [22, 1],
      interval: 'day',
      magicType: 'line',
    };
    expect(parseMonitorSettings('device-parameter', saved)).toEqual(saved);
  });
  it('falls back to the default for each missing or invalid field, keeping the rest', () => {
    const parsed = parseMonitorSettings('device-parameter', { devices: [5], interval: 'fortnight', magicType: 'pie', byGroups: 'yes', edited: false });
    expect(parsed).toEqual({ ...defaultMonitorSettings('device-parameter'), devices: [5], edited: false });
  });
  it('keeps only positive whole ids in lists, each once', () => {
    const parsed = parseMonitorSettings('geo', { devices: [2, '3', -1, 0, 2.5, 7, 2, null, 2147483648], deviceGroups: 'all' });
    expect(parsed.devices).toEqual([2, 7]);
    expect(parsed.deviceGroups).toEqual([]);
  });
  it('drops the efficiency pseudo-parameter and 10000 except that efficiency keeps 0', () => {
    expect(parseMonitorSettings('device-parameter', { parameters: [0, 1, 10000, 22] }).parameters).toEqual([1, 22]);
    expect(parseMonitorSettings('efficiency', { parameters: [0, 1, 10000] }).parameters).toEqual([0, 1]);
    expect(parseMonitorSettings('async', { parameters: [0, 20], device: 0 })).toMatchObject({ parameters: [20], device: null });
  });
  it('checks the fields of each kind against that kind', () => {
    expect(parseMonitorSettings('device-operator', { parameter: 2, interval: 'shifts' })).toMatchObject({ parameter: 2, interval: '5min' });
    expect(parseMonitorSettings('device-operator', { parameter: 3 }).parameter).toBe(1);
    expect(parseMonitorSettings('efficiency', { interval: 'year' }).interval).toBe('hour');
    expect(parseMonitorSettings('work-activity', { parameter: 'counter' }).parameter).toBe('counter');
    expect(parseMonitorSettings('work-activity-shift', { parameter: 'counter' }).parameter).toBe('workSum');
    expect(parseMonitorSettings('async', { device: 9 }).device).toBe(9);
  });
  it('drops unknown fields and reads anything that is not an object as defaults', () => {
    expect(parseMonitorSettings('geo', { agps: false, colour: 'red' })).toEqual({ ...defaultMonitorSettings('geo'), agps: false });
    for (const junk of [null, undefined, 'text', 42, [1, 2]]) expect(parseMonitorSettings('geo', junk)).toEqual(defaultMonitorSettings('geo'));
  });
});

describe('parseBoardSetting', () => {
  it('reads a saved board and agrees with the strict schema', () => {
    const saved = {
      monitors: [
        { id: 'a', kind: 'geo', settings: { ...defaultMonitorSettings('geo'), devices: [1] } },
        { id: 'b', kind: 'async', settings: { ...defaultMonitorSettings('async'), device: 2, parameters: [20] } },
      ],
    };
    expect(parseBoardSetting(saved)).toEqual(saved);
    expect(boardSettingSchema.parse(saved)).toEqual(saved);
  });
  it('never throws, reading anything unreadable as an empty board', () => {
    for (const junk of [null, undefined, 'x', 3, {}, { monitors: 'all' }, { monitors: [null, 4, 'geo'] }]) {
      expect(parseBoardSetting(junk)).toEqual({ monitors: [] });
    }
  });
  it('drops monitors of unknown kinds and keeps the order of the rest', () => {
    const board = parseBoardSetting({
      monitors: [
        { id: 'x', kind: 'weather' },
        { id: 'g', kind: 'geo' },
        { id: 'e', kind: 'efficiency' },
      ],
    });
    expect(board.monitors.map((m) => [m.id, m.kind])).toEqual([
      ['g', 'geo'],
      ['e', 'efficiency'],
    ]);
    expect(board.monitors[1]?.settings).toEqual(defaultMonitorSettings('efficiency'));
  });
  it('gives a monitor without a usable id, or with a repeated one, a new unique id', () => {
    const board = parseBoardSetting([{ kind: 'geo' }, { id: 'a', kind: 'geo' }, { id: 'a', kind: 'async' }, { id: '', kind: 'geo' }]);
    const ids = board.monitors.map((m) => m.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids[1]).toBe('a');
    expect(boardSettingSchema.safeParse(board).success).toBe(true);
  });
});

describe('new monitors', () => {
  it('get an id not yet taken', () => {
    expect(newMonitorId([])).toBe('monitor-1');
    expect(newMonitorId(['monitor-2', 'x'])).toBe('monitor-3');
    expect(newMonitorId(['monitor-2', 'monitor-3'])).toBe('monitor-4');
  });
  it('start with default settings', () => {
    expect(createMonitor('efficiency', ['monitor-1'])).toEqual({ id: 'monitor-2', kind: 'efficiency', settings: defaultMonitorSettings('efficiency') });
  });
});

describe('the device summary widgets settings', () => {
  it('keeps valid columns, order, period and interval and drops the rest', () => {
    const alerts = parseMonitorSettings('devices-with-alerts', {
      period: 'month',
      sort: 'active-asc',
      options: ['motorHours', 'nonsense', 'trend', 'trend', 3],
      edited: false,
    });
    expect(alerts).toEqual({ edited: false, expanded: false, period: 'this-month', sort: 'active-asc', options: ['motorHours', 'trend'] });
    const hourly = parseMonitorSettings('hourly-work-distribution', { intervalHours: 5, period: 'week', devices: [4, -1, 4], byGroups: false });
    expect(hourly).toMatchObject({ intervalHours: 1, period: 'this-week', devices: [4] });
    expect(parseMonitorSettings('hourly-work-distribution', { period: 'yesterday' }).period).toBe('yesterday');
    expect(parseMonitorSettings('activity-summary', { period: 'month' }).period).toBe('this-month');
    expect(parseMonitorSettings('devices-with-alerts', { period: 'year' }).period).toBe('today');
    expect(parseMonitorSettings('hourly-work-distribution', { intervalHours: 6 }).intervalHours).toBe(6);
  });
  it('bounds the newest alerts count and reads the importance filter', () => {
    expect(parseMonitorSettings('newest-alerts', { count: 0, importance: 'error' })).toMatchObject({ count: 10, importance: 'error' });
    expect(parseMonitorSettings('newest-alerts', { count: 51, importance: 'critical' })).toMatchObject({ count: 10, importance: 'all' });
    expect(parseMonitorSettings('newest-alerts', { count: 25 }).count).toBe(25);
  });
  it('needs devices only for the hourly distribution', () => {
    const context = { range: null, selectableParameters: null, selectedDeviceCount: 0, shiftsDefined: 0 };
    expect(monitorValidity('devices-summary', defaultMonitorSettings('devices-summary'), context)).toEqual({ valid: true, warning: null });
    expect(monitorValidity('newest-alerts', defaultMonitorSettings('newest-alerts'), context).valid).toBe(true);
    expect(monitorValidity('hourly-work-distribution', defaultMonitorSettings('hourly-work-distribution'), context)).toEqual({
      valid: false,
      warning: 'monitor.message.no-devices',
    });
    expect(monitorValidity('hourly-work-distribution', { ...defaultMonitorSettings('hourly-work-distribution'), byGroups: true }, context).warning).toBe(
      'monitor.message.no-device-groups',
    );
    expect(monitorValidity('hourly-work-distribution', { ...defaultMonitorSettings('hourly-work-distribution'), devices: [2] }, context).valid).toBe(true);
  });
});
