import type { DeviceTypeSortField, Choice, DeviceTypeAdminEntry, DeviceTypeDetail, DeviceTypeMonitorEntry, FormValue } from '@gearwatch/contracts';
import {
  DEVICE_TYPE_ADMIN_CONTEXT,
  DEVICE_TYPE_ADMIN_SORT_FIELDS,
  DEVICE_TYPE_CONTEXTS,
  DEVICE_TYPE_DESCRIPTION_MAX_LENGTH,
  DEVICE_TYPE_NAME_MAX_LENGTH,
  ENTITY_MESSAGE_KEYS,
  MESSAGE_KEYS,
} from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import { textValue } from '../forms/values.ts';
import { copyName } from '../forms/duplicate.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import type { FormResource } from '../forms/routes.ts';
import { requireSuperAdmin } from '../http/auth-hook.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { ParametersRepository } from './parameters-repository.ts';
import { presentParameter } from './parameters-service.ts';
import type { DeviceTypeAdminRow, DeviceTypeWrite, DeviceTypesRepository } from './repository.ts';
import { DEVICE_TYPE_NAME_CONSTRAINT, isForeignKeyViolation, uniqueViolationOf } from './repository.ts';

/** The resource name of the device-type form (its token is bound to it). */
export const DEVICE_TYPE_RESOURCE = 'devicetypes';

const ADMIN_SORT = new Set<string>(DEVICE_TYPE_ADMIN_SORT_FIELDS);

const nameInUse = () => ValidationError.field('name', ENTITY_MESSAGE_KEYS.nameInUse);

/**
 * The device-type catalogue, shared by every company: the monitors' list (context devicetypes_monitor, the
 * default), and for super-admins the administration's list (context admin), one type with its parameters, the
 * form, delete (refused while devices have the type) and duplicate (with a copy of every parameter).
 */
export class DeviceTypesService implements FormResource {
  constructor(
    private readonly repository: DeviceTypesRepository,
    private readonly parameters: ParametersRepository,
  ) {}

  async list(auth: AuthContext, request: ListRequest<DeviceTypeSortField>): Promise<Page<DeviceTypeMonitorEntry | DeviceTypeAdminEntry>> {
    if (request.context !== undefined && !(DEVICE_TYPE_CONTEXTS as readonly string[]).includes(request.context)) {
      throw ValidationError.field('context', MESSAGE_KEYS.incorrect);
    }
    if (request.context === DEVICE_TYPE_ADMIN_CONTEXT) {
      requireSuperAdmin(auth);
      const page = await this.repository.adminList(scopeOf(auth), request);
      return { total: page.total, entries: page.entries.map(presentAdmin) };
    }
    if (request.sort.some((term) => ADMIN_SORT.has(term.field))) throw ValidationError.field('sort', MESSAGE_KEYS.incorrect);
    const page = await this.repository.list(scopeOf(auth), request);
    const parameters = await this.repository.monitorParametersOf(page.entries.map((t) => t.id));
    return {
      total: page.total,
      entries: page.entries.map((type) => ({
        id: type.id,
        name: type.name,
        parameters: parameters
          .filter((p) => p.deviceTypeId === type.id)
          .map((p) => ({
            number: p.number,
            name: p.name,
            tags: p.tags,
            aggregation: p.aggregation,
            unit: { short: p.unitShort ?? '', long: p.unitLong ?? '', min: p.unitMin, max: p.unitMax },
          })),
      })),
    };
  }

  /** One type with every parameter (a company user: only a type of the company's devices, else 404). */
  async get(auth: AuthContext, id: number): Promise<DeviceTypeDetail> {
    const row = await this.find(auth, id);
    const parameters = await this.parameters.ofType(id);
    return { ...presentAdmin(row), parameters: parameters.map(presentParameter) };
  }

  /** Deletes a type no device has, with its parameters; 409 naming the devices otherwise. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    requireSuperAdmin(auth);
    await this.find(auth, id);
    try {
      await this.repository.transaction(async (repository) => {
        if (!(await repository.lock(id))) throw new NotFoundError();
        const devices = await repository.devicesOf(id);
        if (devices.length > 0) throw new ConflictError(MESSAGE_KEYS.conflict, { devices });
        await repository.delete(id);
      });
    } catch (error) {
      // A device given the type at the same moment: report it like the check would have.
      if (isForeignKeyViolation(error)) throw new ConflictError(MESSAGE_KEYS.conflict, { devices: await this.repository.devicesOf(id) });
      throw error;
    }
  }

  /**
   * Copies a type with every parameter: named `name`, or the original's name + ' (copy)', numbered when that is
   * taken (' (copy 2)', ...). Answers the copy's id.
   */
  async duplicate(auth: AuthContext, id: number, name: string | undefined): Promise<number> {
    requireSuperAdmin(auth);
    const source = await this.find(auth, id);
    try {
      return await this.repository.transaction(async (repository) => {
        const copy = await copyName(source.name, name, { minLength: 1, maxLength: DEVICE_TYPE_NAME_MAX_LENGTH }, (prefix) =>
          repository.namesStartingWith(prefix),
        );
        return repository.duplicate(id, copy);
      });
    } catch (error) {
      if (uniqueViolationOf(error) === DEVICE_TYPE_NAME_CONSTRAINT) throw nameInUse();
      throw error;
    }
  }

  // The form (FormResource), super-admins only: the routes answer 403 to anyone else before the token is checked.

  fields(auth: AuthContext): FormFields {
    requireSuperAdmin(auth);
    return {
      name: field('text', 'devicetype.field.name', { required: true, maxLength: DEVICE_TYPE_NAME_MAX_LENGTH, icon: 'device' }),
      description: field('textarea', 'devicetype.field.description', { maxLength: DEVICE_TYPE_DESCRIPTION_MAX_LENGTH }),
    };
  }

  async choices(auth: AuthContext): Promise<Record<string, Choice[]>> {
    requireSuperAdmin(auth);
    return {};
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    requireSuperAdmin(auth);
    if (id === null) return { name: null, description: null };
    const row = await this.find(auth, id);
    return { name: row.name, description: row.description };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    requireSuperAdmin(auth);
    const type = writeOf(values);
    return this.write(() =>
      this.repository.transaction(async (repository) => {
        if (await repository.nameTaken(type.name, null)) throw nameInUse();
        return repository.insert(type);
      }),
    );
  }

  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    requireSuperAdmin(auth);
    const type = writeOf(values);
    await this.write(() =>
      this.repository.transaction(async (repository) => {
        if (await repository.nameTaken(type.name, id)) throw nameInUse();
        if (!(await repository.update(id, type))) throw new NotFoundError();
      }),
    );
  }

  async check(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    requireSuperAdmin(auth);
    const name = textValue(values.name);
    return name !== null && !failed.has('name') && (await this.repository.nameTaken(name, id)) ? { name: [ENTITY_MESSAGE_KEYS.nameInUse] } : {};
  }

  /** Another write taking the name between the check and the insert is reported like the check would have. */
  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolationOf(error) === DEVICE_TYPE_NAME_CONSTRAINT) throw nameInUse();
      throw error;
    }
  }

  private async find(auth: AuthContext, id: number): Promise<DeviceTypeAdminRow> {
    const row = await this.repository.find(scopeOf(auth), id);
    if (!row) throw new NotFoundError();
    return row;
  }
}

function presentAdmin(row: DeviceTypeAdminRow): DeviceTypeAdminEntry {
  return { id: row.id, name: row.name, description: row.description, deviceCount: row.deviceCount, parameterCount: row.parameterCount };
}

function writeOf(values: DecodedValues): DeviceTypeWrite {
  return { name: values.name as string, description: typeof values.description === 'string' ? values.description : null };
}
