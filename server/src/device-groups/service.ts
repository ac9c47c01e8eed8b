import type { DeviceGroupSortField, Choice, DeviceGroup, DeviceGroupDetail, FormValue } from '@gearwatch/contracts';
import { GROUP_DESCRIPTION_MAX_LENGTH, GROUP_NAME_MAX_LENGTH, groupFigures } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { CompanyGroupService } from '../forms/company-group-service.ts';
import { companyChoicesFor, companyField, linkCompany, linkLabel } from '../forms/company-scope.ts';
import { textValue } from '../forms/values.ts';
import { copyName } from '../forms/duplicate.ts';
import type { FormResource } from '../forms/routes.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { GroupDayRow, LatestReadingsRepository } from '../rollups/latest-repository.ts';
import type { DeviceGroupRow, DeviceGroupsRepository } from './repository.ts';

/**
 * Device groups (spec 01 §2 /manage device groups): the list the monitors and the management screen read, one
 * group, its server-driven form (name, description, devices; a super-admin also picks the company of a new group),
 * delete while it holds no devices, and unassigning all its devices.
 */
export class DeviceGroupsService extends CompanyGroupService<{ name: string; description: string | null }, DeviceGroupRow> implements FormResource {
  constructor(
    protected override readonly repository: DeviceGroupsRepository,
    private readonly latest: LatestReadingsRepository,
    private readonly now: () => number = Date.now,
  ) {
    super(repository, 'devices');
  }

  async list(auth: AuthContext, request: ListRequest<DeviceGroupSortField>): Promise<Page<DeviceGroup>> {
    const page = await this.repository.list(scopeOf(auth), request);
    const ids = page.entries.map((g) => g.id);
    const [members, today] = await Promise.all([this.repository.devicesOf(ids), this.latest.groupsToday(ids, new Date(this.now()))]);
    return {
      total: page.total,
      entries: page.entries.map((g) =>
        present(
          g,
          members.filter((m) => m.groupId === g.id).map(({ id }) => ({ id })),
          today.find((t) => t.groupId === g.id),
        ),
      ),
    };
  }

  /** One group with its devices named. */
  async get(auth: AuthContext, id: number): Promise<DeviceGroupDetail> {
    const row = await this.find(auth, id);
    const [members, today] = await Promise.all([this.repository.devicesOf([id]), this.latest.groupsToday([id], new Date(this.now()))]);
    return present(
      row,
      members.map(({ id, name }) => ({ id, name })),
      today[0],
    );
  }

  /** Takes every device out of the group (the delete dialog's "unassign"). */
  async unassignDevices(auth: AuthContext, id: number): Promise<void> {
    await this.find(auth, id);
    await this.repository.unassignDevices(id);
  }

  /**
   * Copies a group with its devices (a device may be in several groups), named `name` or the original's name +
   * ' (copy)', in the original's company under the company's group write lock. Answers the copy's id.
   */
  async duplicate(auth: AuthContext, id: number, name: string | undefined): Promise<number> {
    const source = await this.find(auth, id);
    return this.repository.transaction(async (repository) => {
      await repository.lockCompany(source.companyId);
      const copy = await copyName(source.name, name, { minLength: 1, maxLength: GROUP_NAME_MAX_LENGTH }, (prefix) =>
        repository.namesStartingWith(source.companyId, prefix),
      );
      return repository.duplicate(id, copy);
    });
  }

  // The form (FormResource).

  fields(auth: AuthContext, id: number | null): FormFields {
    return {
      ...companyField(auth, id),
      name: field('text', 'form.name', { required: true, maxLength: GROUP_NAME_MAX_LENGTH, icon: 'name' }),
      description: field('textarea', 'form.description', { maxLength: GROUP_DESCRIPTION_MAX_LENGTH }),
      devices: field('entity', 'form.devices', { multiple: true, icon: 'device' }),
    };
  }

  async choices(auth: AuthContext, id: number | null): Promise<Record<string, Choice[]>> {
    const companyId = await linkCompany(auth, id, async (groupId) => (await this.repository.find(scopeOf(auth), groupId))?.companyId ?? null);
    const [devices, companies] = await Promise.all([this.repository.deviceChoices(companyId), companyChoicesFor(auth, () => this.repository.companies())]);
    return { ...companies, devices: devices.map((d) => ({ value: d.id, label: linkLabel(companyId, d) })) };
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    if (id === null) return { ...(auth.isSuperAdmin ? { company: null } : {}), name: null, description: null, devices: [] };
    const row = await this.find(auth, id);
    const devices = await this.repository.devicesOf([id]);
    return {
      ...(auth.isSuperAdmin ? { company: row.companyId } : {}),
      name: row.name,
      description: row.description,
      devices: devices.map((d) => d.id),
    };
  }

  protected groupOf(values: DecodedValues) {
    return { name: textValue(values.name) ?? '', description: textValue(values.description) };
  }
}

function present<D extends { id: number }>(row: DeviceGroupRow, devices: D[], today: GroupDayRow | undefined) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    devices,
    deviceCount: row.deviceCount,
    ...groupFigures(today?.work ?? null, today?.active ?? null, row.deviceCount),
  };
}
