import { describe, expect, it } from 'vitest';
import { parseReportSettings, settingsRange } from './useReportSettings.ts';

describe('parseReportSettings', () => {
  it('starts with nothing chosen, by day, this month', () => {
    expect(parseReportSettings(undefined)).toEqual({
      selection: { byGroups: false, devices: [], groups: [], deviceOperators: [], deviceOperatorsGroups: [] },
      interval: 'day',
      preset: 'this-month',
      range: null,
    });
  });

  it('reads what it wrote and drops what it cannot read', () => {
    const stored = { selection: { byGroups: true, groups: [4, 'x', 2.5, 5], devices: 'all' }, interval: 'fortnight', preset: 'last-week', range: null };
    expect(parseReportSettings(stored)).toMatchObject({ selection: { byGroups: true, groups: [4, 5], devices: [] }, interval: 'day', preset: 'last-week' });
  });

  it('keeps picked dates only when they are a range', () => {
    expect(parseReportSettings({ preset: null, range: { from: '2026-01-05', to: '2026-01-18' } })).toMatchObject({
      preset: null,
      range: { from: '2026-01-05', to: '2026-01-18' },
    });
    expect(parseReportSettings({ preset: null, range: { from: '2026-01-18', to: '2026-01-05' } })).toMatchObject({ preset: 'this-month', range: null });
    expect(parseReportSettings({ preset: null, range: { from: 'yesterday', to: '2026-01-05' } })).toMatchObject({ preset: 'this-month', range: null });
  });
});

describe('settingsRange', () => {
  it('moves a preset with the day and keeps picked dates', () => {
    const settings = parseReportSettings({ preset: 'last-month' });
    expect(settingsRange(settings, '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(settingsRange({ ...settings, preset: 'this-week' }, '2026-03-10')).toEqual({ from: '2026-03-09', to: '2026-03-10' });
    expect(settingsRange({ ...settings, preset: null, range: { from: '2025-12-01', to: '2025-12-31' } }, '2026-03-10')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });
});
