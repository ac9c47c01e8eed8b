import type { Device, DeviceGroupListEntry, DeviceOperatorGroupListEntry, DeviceOperatorListEntry, ReportDocument } from '@gearwatch/contracts';

// A small company for the report screens: two forklifts in a hall, two operators in a team, and the documents the
// data call answers for the efficiency report (a section per group, totals), the operator report and a long one.

const company = { id: 1, name: 'Demo Factory' };
const forkliftType = { id: 100, name: 'Forklift', parameters: [] };
export const forkliftA: Device = {
  id: 1,
  name: 'Forklift A',
  description: null,
  status: 'operational',
  powerState: 'on',
  company,
  deviceType: forkliftType,
  groups: [{ id: 10, name: 'Hall 1' }],
  sensors: [],
};
export const forkliftB: Device = { ...forkliftA, id: 2, name: 'Forklift B' };
export const devices = [forkliftA, forkliftB];
export const deviceGroups: DeviceGroupListEntry[] = [{ id: 10, name: 'Hall 1', devices: [{ id: 1 }, { id: 2 }] }];
export const operators: DeviceOperatorListEntry[] = [
  { id: 31, name: 'Jan Nowak', firstname: 'Jan', lastname: 'Nowak', rfid: '0001', group: { id: 40, name: 'Team A' } },
  { id: 32, name: 'Ewa Lis', firstname: 'Ewa', lastname: 'Lis', rfid: '0002', group: { id: 40, name: 'Team A' } },
];
export const operatorGroups: DeviceOperatorGroupListEntry[] = [{ id: 40, name: 'Team A', operators: [{ id: 31 }, { id: 32 }] }];

/**
 * The column titles of the fixtures, in English. The builders add the real `reports.column.*` keys to the locale
 * files; the tests give these their own words, so they do not depend on them.
 */
export const COLUMN_TITLES: Record<string, string> = {
  'reports.column.period': 'Period',
  'reports.column.devices': 'Devices',
  'reports.column.active': 'Activity',
  'reports.column.work': 'Work',
  'reports.column.efficiency': 'Efficiency',
  'reports.column.counter': 'Counter',
  'reports.column.last-name': 'Last name',
  'reports.column.first-name': 'First name',
  'reports.column.date': 'Date',
  'reports.column.card-time': 'RFID card use time',
  'reports.column.unit': 'Unit',
  'reports.column.name': 'Name',
  'reports.column.work-time': 'Work time',
  'reports.column.activity-time': 'Activity time',
  'reports.section.all-devices': 'All devices',
  'reports.total': 'Total',
};

const efficiencyColumns: ReportDocument['sections'][number]['columns'] = [
  { key: 'period', title: 'reports.column.period', kind: 'date' },
  { key: 'devices', title: 'reports.column.devices', kind: 'count' },
  { key: 'active', title: 'reports.column.active', kind: 'duration' },
  { key: 'work', title: 'reports.column.work', kind: 'duration' },
  { key: 'efficiency', title: 'reports.column.efficiency', kind: 'percent' },
  { key: 'counter', title: 'reports.column.counter', kind: 'count' },
];

/** Efficiency by day of Hall 1 and of all devices, each with its totals row. */
export function efficiencyDocument(from: string, to: string): ReportDocument {
  return {
    type: 'efficiency-report',
    from,
    to,
    interval: 'day',
    timezone: 'Europe/Warsaw',
    empty: false,
    sections: [
      {
        title: 'Hall 1',
        columns: efficiencyColumns,
        rows: [
          ['2026-11-02', 2, 28_800, 21_600, 75, 1234],
          ['2026-11-03', 2, 7_200, 1_830, 25.4, 12],
          ['reports.total', 2, 36_000, 23_430, 65.1, 1246],
        ],
        totals: true,
      },
      {
        title: 'reports.section.all-devices',
        columns: efficiencyColumns,
        rows: [
          ['2026-11-02', 2, 28_800, 21_600, 75, 1234],
          ['2026-11-03', 2, 7_200, 1_830, 25.4, null],
          ['reports.total', 2, 36_000, 23_430, 65.1, 1234],
        ],
        totals: true,
      },
    ],
  };
}

/** The operator report of spec 02: one table, no totals. */
export function operatorsDocument(from: string, to: string): ReportDocument {
  return {
    type: 'device-operators-report',
    from,
    to,
    interval: 'day',
    timezone: 'Europe/Warsaw',
    empty: false,
    sections: [
      {
        title: null,
        columns: [
          { key: 'lastName', title: 'reports.column.last-name', kind: 'text' },
          { key: 'firstName', title: 'reports.column.first-name', kind: 'text' },
          { key: 'date', title: 'reports.column.date', kind: 'date' },
          { key: 'cardTime', title: 'reports.column.card-time', kind: 'duration' },
          { key: 'unit', title: 'reports.column.unit', kind: 'text' },
          { key: 'name', title: 'reports.column.name', kind: 'text' },
          { key: 'workTime', title: 'reports.column.work-time', kind: 'duration' },
          { key: 'activityTime', title: 'reports.column.activity-time', kind: 'duration' },
        ],
        rows: [['Nowak', 'Jan', '2026-11-02', 30_600, 'Hall 1', 'Forklift A', 18_000, 25_200]],
        totals: false,
      },
    ],
  };
}

/** A period without any reading: the report says so. */
export function emptyDocument(from: string, to: string): ReportDocument {
  return { ...efficiencyDocument(from, to), empty: true, sections: [] };
}

/** 250 five-minute rows and a totals row without a label: more than a table shows at first. */
export function longDocument(from: string, to: string): ReportDocument {
  const rows = Array.from({ length: 250 }, (_, index) => [
    `2026-11-02T${String(Math.floor(index / 12) % 24).padStart(2, '0')}:${String((index % 12) * 5).padStart(2, '0')}`,
    300,
    240,
  ]);
  return {
    type: 'device-work-details-report',
    from,
    to,
    interval: 'day',
    timezone: 'Europe/Warsaw',
    empty: false,
    sections: [
      {
        title: 'Forklift A',
        columns: [
          { key: 'time', title: 'reports.column.period', kind: 'datetime' },
          { key: 'active', title: 'reports.column.active', kind: 'duration' },
          { key: 'work', title: 'reports.column.work', kind: 'duration' },
        ],
        rows: [...rows, [null, 75_000, 60_000]],
        totals: true,
      },
    ],
  };
}
