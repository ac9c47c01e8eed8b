import type { Choice, DeviceGroup, DeviceGroupDetail, FormValue } from '@gearwatch/contracts';
import { GROUP_DESCRIPTION_MAX_LENGTH, GROUP_NAME_MAX_LENGTH, MESSAGE_KEYS } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { scopeOf } from '../auth/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { companyGroupRuleErrors } from '../forms/company-groups.ts';
import { companyChoicesFor, companyField, companyToCheck, linkCompany, linkLabel, newRowCompany } from '../forms/company-scope.ts';
import { idValues, textValue } from '../forms/values.ts';
import type { FormResource } from '../forms/routes.ts';
import { NO_FAILED_FIELDS } from '../forms/routes.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { DeviceGroupRow, DeviceGroupSortField, DeviceGroupsRepository, GroupDayRow } from './repository.ts';

/**
 * Device groups (spec 01 §2 /manage device groups): the list the monitors and the management screen read, one
 * group, its server-driven form (name, description, devices; a super-admin also picks the company of a new group),
 * delete while it holds no devices, and unassigning all its devices.
 */
export class DeviceGroupsService implements FormResource {
  constructor(private readonly repository: DeviceGroupsRepository) {}

  async list(auth: AuthContext, request: ListRequest<DeviceGroupSortField>): Promise<Page<DeviceGroup>> {
    const page = await this.repository.list(scopeOf(auth), request);
    const ids = page.entries.map((g) => g.id);
    const [members, today] = await Promise.all([this.repository.devicesOf(ids), this.repository.todayOf(ids)]);
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
    const [members, today] = await Promise.all([this.repository.devicesOf([id]), this.repository.todayOf([id])]);
    return present(
      row,
      members.map(({ id, name }) => ({ id, name })),
      today[0],
    );
  }

  /** Deletes a group that holds no devices; 409 naming them otherwise. */
  async delete(auth: AuthContext, id: number): Promise<void> {
    await this.find(auth, id);
    await this.repository.transaction(async (repository) => {
      // Locked first, so no device joins the group between the check and the delete.
      if (!(await repository.lockGroup(id))) throw new NotFoundError();
      const devices = await repository.devicesOf([id]);
      if (devices.length > 0) throw new ConflictError(MESSAGE_KEYS.conflict, { devices: devices.map(({ id, name }) => ({ id, name })) });
      await repository.delete(id);
    });
  }

  /** Takes every device out of the group (the delete dialog's "unassign"). */
  async unassignDevices(auth: AuthContext, id: number): Promise<void> {
    await this.find(auth, id);
    await this.repository.unassignDevices(id);
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

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    return this.write(newRowCompany(auth, values), null, values);
  }

  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    const row = await this.find(auth, id);
    await this.write(row.companyId, id, values);
  }

  async check(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    const companyId = await companyToCheck(auth, id, values, failed, async (groupId) => (await this.find(auth, groupId)).companyId);
    return companyId === null ? {} : companyGroupRuleErrors(this.repository, 'devices', companyId, id, values, failed);
  }

  /** Checks the group's own rules (`companyGroupRuleErrors`) and stores it in one transaction. */
  private write(companyId: number, id: number | null, values: DecodedValues): Promise<number> {
    const group = { name: textValue(values.name) ?? '', description: textValue(values.description) };
    const deviceIds = idValues(values.devices);
    return this.repository.transaction(async (repository) => {
      await repository.lockCompany(companyId);
      if (id !== null && !(await repository.lockGroup(id))) throw new NotFoundError();
      const errors = await companyGroupRuleErrors(repository, 'devices', companyId, id, values, NO_FAILED_FIELDS);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const written = id ?? (await repository.insert(companyId, group));
      if (id !== null) await repository.update(id, group);
      await repository.replaceDevices(companyId, written, deviceIds);
      return written;
    });
  }

  private async find(auth: AuthContext, id: number): Promise<DeviceGroupRow> {
    const row = await this.repository.find(scopeOf(auth), id);
    if (!row) throw new NotFoundError();
    return row;
  }
}

function present<D extends { id: number }>(row: DeviceGroupRow, devices: D[], today: GroupDayRow | undefined) {
  const work = today?.work ?? null;
  const active = today?.active ?? null;
  const perDevice = (seconds: number | null) => (seconds === null || row.deviceCount === 0 ? null : Math.round(seconds / row.deviceCount));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    devices,
    deviceCount: row.deviceCount,
    workAverage: perDevice(work),
    activityAverage: perDevice(active),
    productivity: active === null || active <= 0 ? null : Math.round(((work ?? 0) / active) * 100),
  };
}
