import type { ReportConfiguration, ReportFile } from '@gearwatch/contracts';

export const users = [
  { id: 7, name: 'Anna Kowalska', firstname: 'Anna', lastname: 'Kowalska' },
  { id: 8, name: 'Jan Nowak', firstname: 'Jan', lastname: 'Nowak' },
];
export const deviceGroups = [
  { id: 10, name: 'Hall A', devices: [{ id: 1 }] },
  { id: 11, name: 'Hall B', devices: [{ id: 2 }] },
];
export const operatorGroups = [{ id: 20, name: 'Night crew', operators: [{ id: 1 }] }];

export function reportFile(overrides: Partial<ReportFile> & Pick<ReportFile, 'id' | 'status'>): ReportFile {
  return {
    configurationId: 5,
    reportType: 'efficiency-report',
    name: `Efficiency-${overrides.id}.xlsx`,
    format: 'xlsx',
    progress: 0,
    size: null,
    period: { from: '2026-10-01', to: '2026-10-31' },
    requestedBy: { id: 7, name: 'Anna Kowalska' },
    error: null,
    createdAt: '2026-11-01T06:00:00Z',
    finishedAt: null,
    ...overrides,
  };
}

export const files: ReportFile[] = [
  reportFile({ id: 1, status: 'NEW' }),
  reportFile({ id: 2, status: 'PROCESS', progress: 45 }),
  reportFile({ id: 3, status: 'DONE', progress: 100, size: 1536, name: 'Efficiency-2026-10.xlsx', finishedAt: '2026-11-01T06:01:00Z' }),
  reportFile({ id: 4, status: 'ERROR', error: 'The database did not answer', requestedBy: null }),
  reportFile({ id: 5, status: 'ARCHIVED' }),
];

export function configuration(overrides: Partial<ReportConfiguration> & Pick<ReportConfiguration, 'id'>): ReportConfiguration {
  return {
    reportType: 'efficiency-report',
    name: 'Weekly efficiency',
    reportInterval: 'day',
    frequency: 'week',
    format: 'xlsx',
    groups: [{ id: 10, name: 'Hall A' }],
    users: [{ id: 7, name: 'Anna Kowalska' }],
    emails: ['boss@example.com'],
    enabled: true,
    from: null,
    to: null,
    createdBy: { id: 7, name: 'Anna Kowalska' },
    createdAt: '2026-10-01T08:00:00Z',
    lastPeriod: null,
    ...overrides,
  };
}

export const configurations: ReportConfiguration[] = [
  configuration({ id: 5, lastPeriod: { from: '2026-11-16', to: '2026-11-22' } }),
  configuration({
    id: 6,
    name: 'Operators monthly',
    reportType: 'device-operators-report',
    frequency: 'month',
    enabled: false,
    groups: [{ id: 20, name: 'Night crew' }],
    emails: [],
  }),
  configuration({ id: 7, name: 'October once', frequency: 'once', from: '2026-10-01', to: '2026-10-31' }),
];
