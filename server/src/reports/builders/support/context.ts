import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { ReportRepository } from '../data/report-repository.ts';
import type { ReportDevice, ReportGroup } from '../data/report-repository.ts';
import { WorkRollupRepository } from '../../../rollups/work-repository.ts';
import type { ReportScope, ReportSubject } from '../../model.ts';
import { timeZone } from '../../../time/time-zone.ts';
import type { TimeZone } from '../../../time/time-zone.ts';
import type { ReportPeriod } from './periods.ts';
import { reportPeriod } from './periods.ts';

/** What every device report starts from: the company's zone, the period's instants and the devices it covers. */
export interface DeviceReportContext {
  repository: ReportRepository;
  /** Work, active and counter sums from the rollups. */
  rollups: WorkRollupRepository;
  companyId: number;
  zone: TimeZone;
  period: ReportPeriod;
  /** Every selected device (asked by id or a member of a selected group), each once, by name. */
  devices: ReportDevice[];
  /** The selected groups, by name, their members limited to the company's devices. */
  groups: ReportGroup[];
}

/**
 * Resolves the subject inside the scope's company: ids of other companies' devices or groups match nothing and are
 * left out without a word, so a report never tells whether such an id exists.
 */
export async function openDeviceReport(db: Kysely<DB>, scope: ReportScope, subject: ReportSubject): Promise<DeviceReportContext> {
  const repository = new ReportRepository(db);
  const zone = timeZone(scope.timezone);
  const groups = await repository.groups(scope.companyId, subject.deviceGroupIds);
  const wanted = new Set([...subject.deviceIds, ...groups.flatMap((g) => g.deviceIds)]);
  const devices = await repository.devices(scope.companyId, [...wanted]);
  const known = new Set(devices.map((d) => d.id));
  return {
    repository,
    rollups: new WorkRollupRepository(db),
    companyId: scope.companyId,
    zone,
    period: reportPeriod(subject.from, subject.to, zone),
    devices,
    groups: groups.map((g) => ({ ...g, deviceIds: g.deviceIds.filter((id) => known.has(id)) })),
  };
}
