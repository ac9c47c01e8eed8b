import type { Choice, FormValue } from '@gearwatch/contracts';
import {
  DEVICE_POWER_STATES,
  DEVICE_STATUSES,
  DEVICE_TECHNICAL_FIELDS,
  ENTITY_MESSAGE_KEYS,
  FORM_MESSAGE_KEYS,
  MAX_OPERATORS_PER_DEVICE,
  MESSAGE_KEYS,
  WEEKDAYS,
} from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { companyChoicesFor, companyField, companyToCheck, linkCompany, linkLabel, newRowCompany } from '../forms/company-scope.ts';
import { idValues, textValue } from '../forms/values.ts';
import type { FormResource } from '../forms/routes.ts';
import { NO_FAILED_FIELDS } from '../forms/routes.ts';
import { copyName } from '../forms/duplicate.ts';
import type { DeviceFormRepository, DeviceWrite, LinkKind, NamedRow } from './device-form-repository.ts';

const LINKS: Record<'groups' | 'sensors' | 'operators' | 'requirementUsers', LinkKind> = {
  groups: 'groups',
  sensors: 'sensors',
  operators: 'operators',
  requirementUsers: 'users',
};
const DEVICE_NAME_MAX_LENGTH = 128;
const MINUTES = { min: 0, max: 1440, step: 1 };
/** The unconfirmed alerts a refused delete names at most (the newest); confirming clears them all. */
const MAX_LISTED_ALERTS = 100;
const workField = (day: string) => `requiredWork_${day}`;
const activeField = (day: string) => `requiredActive_${day}`;

/**
 * The device form (spec 01 §2 /manage devices, spec 02 dictionary: Devices): identity, type, groups, state,
 * technical data and versions, fitted modules, operators (at most 16), and the required work and activity per
 * weekday with the users to alert. A super-admin also picks the company of a new device.
 */
export class DeviceForm implements FormResource {
  readonly errorKeys = { operators: { [FORM_MESSAGE_KEYS.tooMany]: ENTITY_MESSAGE_KEYS.tooManyOperators } };

  constructor(private readonly repository: DeviceFormRepository) {}

  fields(auth: AuthContext, id: number | null): FormFields {
    const fields: FormFields = companyField(auth, id, 'device.field.company');
    Object.assign(fields, {
      name: field('text', 'device.field.name', { required: true, maxLength: DEVICE_NAME_MAX_LENGTH, icon: 'device' }),
      deviceType: field('entity', 'device.field.device-type', { required: true }),
      groups: field('entity', 'device.field.groups', { multiple: true, icon: 'group' }),
      description: field('textarea', 'device.field.description', { maxLength: 2000 }),
      status: field('choice', 'device.field.status', { required: true }),
      powerState: field('choice', 'device.field.power-state', { disabled: true }),
      applicationVersion: field('text', 'device.field.application-version', { maxLength: 64 }),
      softwareVersion: field('text', 'device.field.software-version', { maxLength: 64 }),
      tankCapacity: field('number', 'device.field.tank-capacity', { min: 0, max: 100_000, step: 0.1 }),
      width: field('number', 'device.field.width', { min: 0, max: 100_000, step: 1 }),
      sensors: field('entity', 'device.field.sensors', { multiple: true, icon: 'sensor' }),
      operators: field('entity', 'device.field.operators', { multiple: true, maxItems: MAX_OPERATORS_PER_DEVICE, icon: 'person' }),
    });
    for (const day of WEEKDAYS) fields[workField(day)] = field('number', `device.field.required-work.${day}`, MINUTES);
    for (const day of WEEKDAYS) fields[activeField(day)] = field('number', `device.field.required-active.${day}`, MINUTES);
    fields.requirementUsers = field('entity', 'device.field.requirement-users', { multiple: true, icon: 'person', help: 'device.help.requirement-users' });
    return fields;
  }

  async choices(auth: AuthContext, id: number | null): Promise<Record<string, Choice[]>> {
    const companyId = await linkCompany(auth, id, async (deviceId) => (await this.row(auth, deviceId)).companyId);
    const named = (rows: NamedRow[]) => rows.map((r) => ({ value: r.id, label: linkLabel(companyId, r) }));
    const [types, groups, sensors, operators, users, companies] = await Promise.all([
      this.repository.deviceTypes(),
      this.repository.linkable('groups', companyId, id),
      this.repository.linkable('sensors', companyId, id),
      this.repository.linkable('operators', companyId, id),
      this.repository.linkable('users', companyId, id),
      companyChoicesFor(auth, () => this.repository.companies()),
    ]);
    return {
      ...companies,
      deviceType: types.map((t) => ({ value: t.id, label: t.name })),
      groups: named(groups),
      sensors: named(sensors),
      operators: named(operators),
      requirementUsers: named(users),
      status: DEVICE_STATUSES.map((s) => ({ value: s, label: `device.status.${s}`, translate: true })),
      powerState: DEVICE_POWER_STATES.map((s) => ({ value: s, label: `device.power-state.${s}`, translate: true })),
    };
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    if (id === null) {
      const empty: Record<string, FormValue> = { name: null, deviceType: null, groups: [], description: null, status: 'operational', powerState: 'off' };
      Object.assign(empty, {
        applicationVersion: null,
        softwareVersion: null,
        tankCapacity: null,
        width: null,
        sensors: [],
        operators: [],
        requirementUsers: [],
      });
      for (const day of WEEKDAYS) Object.assign(empty, { [workField(day)]: null, [activeField(day)]: null });
      if (auth.isSuperAdmin) empty.company = null;
      return empty;
    }
    const row = await this.row(auth, id);
    const data: Record<string, FormValue> = {
      name: row.name,
      deviceType: row.deviceTypeId,
      groups: row.groups,
      description: row.description,
      status: row.status,
      powerState: row.powerState,
      applicationVersion: row.applicationVersion,
      softwareVersion: row.softwareVersion,
      sensors: row.sensors,
      operators: row.operators,
      requirementUsers: row.requirementUsers,
    };
    for (const key of DEVICE_TECHNICAL_FIELDS) data[key] = typeof row.technicalData[key] === 'number' ? row.technicalData[key] : null;
    WEEKDAYS.forEach((day, index) => {
      const requirement = row.requirements.find((r) => r.weekday === index + 1);
      data[workField(day)] = requirement?.workMinutes ?? null;
      data[activeField(day)] = requirement?.activeMinutes ?? null;
    });
    if (auth.isSuperAdmin) data.company = row.companyId;
    return data;
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    const device = await this.checked(newRowCompany(auth, values), null, values);
    return this.repository.transaction((repository) => repository.write(null, device));
  }

  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    const row = await this.row(auth, id);
    const device = await this.checked(row.companyId, id, values);
    await this.repository.transaction((repository) => repository.write(id, device));
  }

  /**
   * Copies a device into its company, named `name` or the original's name + ' (copy)': its type, description,
   * state, technical data, versions, groups, operators, required work and activity and their users. Not its
   * modules (a module is fitted to one device), readings, rollups, status, alerts or the alert rules that name it.
   * Answers the copy's id.
   */
  async duplicate(auth: AuthContext, id: number, name: string | undefined): Promise<number> {
    const companyId = auth.isSuperAdmin ? null : auth.companyId;
    return this.repository.transaction(async (repository) => {
      const source = await repository.find(id, companyId);
      if (!source) throw new NotFoundError();
      await repository.lockCompanyCopies(source.companyId);
      const copy = await copyName(source.name, name, { minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH }, (prefix) =>
        repository.namesStartingWith(source.companyId, prefix),
      );
      return repository.write(null, {
        companyId: source.companyId,
        name: copy,
        deviceTypeId: source.deviceTypeId,
        description: source.description,
        status: source.status,
        technicalData: source.technicalData as Record<string, number | null>,
        applicationVersion: source.applicationVersion,
        softwareVersion: source.softwareVersion,
        groups: source.groups,
        sensors: [],
        operators: source.operators,
        requirements: source.requirements,
        requirementUsers: source.requirementUsers,
      });
    });
  }

  /** 409 naming the fitted modules and the unconfirmed alerts while there are any (spec 01 §5). */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.row(auth, id);
    const [sensors, alerts] = await Promise.all([this.repository.fittedSensors(id), this.repository.unconfirmedAlerts(id, MAX_LISTED_ALERTS)]);
    if (sensors.length > 0 || alerts.length > 0)
      throw new ConflictError(undefined, { ...(sensors.length > 0 ? { sensors } : {}), ...(alerts.length > 0 ? { alerts } : {}) });
    await this.repository.delete(id);
  }

  /** Confirms every unconfirmed alert of the device (the delete dialog's "confirm"). */
  async confirmAlerts(auth: AuthContext, id: number): Promise<void> {
    await this.row(auth, id);
    await this.repository.confirmAlerts(id, auth.userId);
  }

  async unassignSensors(auth: AuthContext, id: number): Promise<void> {
    await this.row(auth, id);
    await this.repository.unassignSensors(id);
  }

  private async row(auth: AuthContext, id: number) {
    const row = await this.repository.find(id, auth.isSuperAdmin ? null : auth.companyId);
    if (!row) throw new NotFoundError();
    return row;
  }

  async check(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    const companyId = await companyToCheck(auth, id, values, failed, async (deviceId) => (await this.row(auth, deviceId)).companyId);
    return companyId === null ? {} : this.ruleErrors(companyId, id, values, failed);
  }

  /** The device's own rules, for the fields not in `failed`: a unique name in its company, and every linked row of that company. */
  private async ruleErrors(companyId: number, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    const errors: Record<string, string[]> = {};
    const name = textValue(values.name);
    if (name !== null && !failed.has('name') && (await this.repository.nameTaken(companyId, name, id))) errors.name = [ENTITY_MESSAGE_KEYS.nameInUse];
    for (const [fieldName, kind] of Object.entries(LINKS) as [keyof typeof LINKS, LinkKind][]) {
      if (failed.has(fieldName)) continue;
      const allowed = new Set((await this.repository.linkable(kind, companyId, id)).map((r) => r.id));
      if (idValues(values[fieldName]).some((value) => !allowed.has(value))) errors[fieldName] = [MESSAGE_KEYS.incorrect];
    }
    return errors;
  }

  private async checked(companyId: number, id: number | null, values: DecodedValues): Promise<DeviceWrite> {
    const errors = await this.ruleErrors(companyId, id, values, NO_FAILED_FIELDS);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const links = {} as Record<keyof typeof LINKS, number[]>;
    for (const fieldName of Object.keys(LINKS) as (keyof typeof LINKS)[]) links[fieldName] = idValues(values[fieldName]);
    const name = values.name as string;
    const technicalData: Record<string, number | null> = {};
    for (const key of DEVICE_TECHNICAL_FIELDS) technicalData[key] = (values[key] as number | null) ?? null;
    return {
      companyId,
      name,
      deviceTypeId: values.deviceType as number,
      description: values.description as string | null,
      status: values.status as string,
      technicalData,
      applicationVersion: values.applicationVersion as string | null,
      softwareVersion: values.softwareVersion as string | null,
      groups: links.groups,
      sensors: links.sensors,
      operators: links.operators,
      requirementUsers: links.requirementUsers,
      requirements: WEEKDAYS.map((day, index) => ({
        weekday: index + 1,
        workMinutes: (values[workField(day)] as number | null) ?? null,
        activeMinutes: (values[activeField(day)] as number | null) ?? null,
      })),
    };
  }
}
