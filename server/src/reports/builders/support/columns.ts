import type { ReportColumn } from '@gearwatch/contracts';

/**
 * The columns of the device reports. Titles are translation keys written out in full (the locale tests find them in
 * the sources); both the screen (web locales) and the file writers (server locales) translate them. A column named
 * after company data (a shift, a device) carries that name as its title. The rule for readers of a document: a
 * column or section title that begins with `reports.` is a translation key, any other is shown as written (a
 * device named "Line: A.1" must not go through i18next, whose separators would cut it).
 */
export const COLUMNS = {
  period: { key: 'period', title: 'reports.column.period', kind: 'period' },
  device: { key: 'device', title: 'reports.column.device', kind: 'text' },
  devicesWorked: { key: 'devices', title: 'reports.column.devices', kind: 'count' },
  work: { key: 'work', title: 'reports.column.work', kind: 'duration' },
  active: { key: 'active', title: 'reports.column.active', kind: 'duration' },
  efficiency: { key: 'efficiency', title: 'reports.column.efficiency', kind: 'percent' },
  counter: { key: 'counter', title: 'reports.column.counter', kind: 'count' },
  daysWorked: { key: 'days-worked', title: 'reports.column.days-worked', kind: 'count' },
  operators: { key: 'operators', title: 'reports.column.operators', kind: 'count' },
  time: { key: 'time', title: 'reports.column.time', kind: 'datetime' },
  quarter: { key: 'time', title: 'reports.column.time', kind: 'text' },
  operator: { key: 'operator', title: 'reports.column.operator', kind: 'text' },
} as const satisfies Record<string, ReportColumn>;

/** The title of the section that adds up every selected device (a translation key, like the column titles). */
export const ALL_DEVICES_SECTION_TITLE = 'reports.section.all-devices';

/** A column of work seconds in one production shift, titled with the shift's name. */
export const shiftWorkColumn = (position: number, name: string): ReportColumn => ({ key: `work-shift-${position}`, title: name, kind: 'duration' });

/** A column of one device in the work matrix, titled with the device's name. */
export const deviceColumn = (deviceId: number, name: string): ReportColumn => ({ key: `device-${deviceId}`, title: name, kind: 'duration' });
