import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceSubject } from '../../rollups/repository.ts';
import { RollupRepository } from '../../rollups/repository.ts';
import type { ReportScope, ReportSubject } from '../model.ts';

/**
 * The devices a device report covers: the ones asked for by id (in that order), then the devices of the groups (by
 * name), each once; only the company's own, so another company's ids are dropped without a word. Read through the
 * diagnostics repository, the same lookup the work and activity charts use.
 */
export async function selectedDevices(
  db: Kysely<DB>,
  scope: ReportScope,
  subject: Pick<ReportSubject, 'deviceIds' | 'deviceGroupIds'>,
): Promise<DeviceSubject[]> {
  const repository = new RollupRepository(db);
  const tenant = { kind: 'company', companyId: scope.companyId } as const;
  const named = await repository.findDevices(tenant, [...subject.deviceIds]);
  const byId = new Map(named.map((d) => [d.id, d]));
  const grouped = await repository.devicesOfGroups(tenant, [...subject.deviceGroupIds]);
  const seen = new Set<number>();
  return [...subject.deviceIds.flatMap((id) => byId.get(id) ?? []), ...grouped.devices].filter((d) => !seen.has(d.id) && seen.add(d.id));
}
