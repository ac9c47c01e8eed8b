import type { DeviceGroupListEntry } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { scopeOf } from '../auth/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { DeviceGroupSortField, DeviceGroupsRepository } from './repository.ts';

/** Device groups as the monitors pick them: name and member devices. */
export class DeviceGroupsService {
  constructor(private readonly repository: DeviceGroupsRepository) {}

  async list(auth: AuthContext, request: ListRequest<DeviceGroupSortField>): Promise<Page<DeviceGroupListEntry>> {
    const page = await this.repository.list(scopeOf(auth), request);
    const members = await this.repository.devicesOf(page.entries.map((g) => g.id));
    return {
      total: page.total,
      entries: page.entries.map((g) => ({ id: g.id, name: g.name, devices: members.filter((m) => m.groupId === g.id).map(({ id }) => ({ id })) })),
    };
  }
}
