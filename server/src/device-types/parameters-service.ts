import type {
  ParameterListFilter,
  ParameterSortField,
  AdminParameter,
  Choice,
  FormValue,
  ParameterAggregation,
  ParameterChart,
  ParameterDataType,
  ParameterUnit,
} from '@gearwatch/contracts';
import {
  ENTITY_MESSAGE_KEYS,
  FORM_MESSAGE_KEYS,
  MESSAGE_KEYS,
  PARAMETER_AGGREGATIONS,
  PARAMETER_CHARTS,
  PARAMETER_DATA_TYPES,
  PARAMETER_NAME_MAX_LENGTH,
  PARAMETER_NUMBER_MAX,
  TELTONIKA_DERIVED_PARAMETERS,
  TELTONIKA_IO_ID_MAX,
} from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import { textValue } from '../forms/values.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import type { FormResource } from '../forms/routes.ts';
import { NO_FAILED_FIELDS } from '../forms/routes.ts';
import { requireSuperAdmin } from '../http/auth-hook.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { ParameterRow, ParameterWrite, ParametersRepository } from './parameters-repository.ts';
import { PARAMETER_NUMBER_CONSTRAINT, PARAMETER_TELTONIKA_IO_INDEX } from './parameters-repository.ts';
import { isForeignKeyViolation, uniqueViolationOf } from './repository.ts';

/** The resource name of the parameter form (its token is bound to it). */
export const PARAMETER_RESOURCE = 'parameters';

const DEFAULT_DATA_TYPE: ParameterDataType = 'float';
const DEFAULT_CHART: ParameterChart = 'bar';
/** A parameter reads its IO element's raw value as it is unless told otherwise. */
const DEFAULT_TELTONIKA_MULTIPLIER = 1;
const DEFAULT_TELTONIKA_OFFSET = 0;

export function presentParameter(row: ParameterRow): AdminParameter {
  return {
    id: row.id,
    deviceType: { id: row.deviceTypeId, name: row.deviceTypeName },
    number: row.number,
    name: row.name,
    description: row.description,
    tags: row.tags,
    unit:
      row.unitId === null
        ? null
        : { id: row.unitId, name: row.unitName ?? '', short: row.unitShort ?? '', long: row.unitLong ?? '', min: row.unitMin, max: row.unitMax },
    aggregation: row.aggregation as ParameterAggregation,
    dataType: row.dataType as ParameterDataType,
    chart: row.chart as ParameterChart,
    formula: row.formula,
    public: row.isPublic,
    teltonika: row.teltonikaIoId === null ? null : { ioId: row.teltonikaIoId, multiplier: row.teltonikaMultiplier, offset: row.teltonikaOffset },
  };
}

/** Comma-separated text → the distinct tags, trimmed, in the order given. */
export function parseTags(text: string | null): string[] {
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

const numberInUse = () => ValidationError.field('number', ENTITY_MESSAGE_KEYS.numberInUse);
const teltonikaIoInUse = () => ValidationError.field('teltonikaIoId', FORM_MESSAGE_KEYS.notUnique);

/**
 * The parameters of the device types: the list (filter `{"deviceType": id}`), one parameter, its unit (spec 01 §7),
 * and for super-admins the form and delete. Reads are scoped like the device types: a company user sees the
 * parameters of the types its devices have.
 */
export class ParametersService implements FormResource {
  constructor(private readonly repository: ParametersRepository) {}

  async list(auth: AuthContext, request: ListRequest<ParameterSortField, ParameterListFilter>): Promise<Page<AdminParameter>> {
    const deviceTypeId = request.filter.deviceType ?? null;
    const page = await this.repository.list(scopeOf(auth), request, deviceTypeId);
    return { total: page.total, entries: page.entries.map(presentParameter) };
  }

  async get(auth: AuthContext, id: number): Promise<AdminParameter> {
    return presentParameter(await this.find(auth, id));
  }

  /** The name of the parameter's unit; null when it has none. */
  async unit(auth: AuthContext, id: number): Promise<ParameterUnit> {
    return { name: (await this.find(auth, id)).unitName };
  }

  /** Deletes the parameter; its readings stay (they are keyed by the number). */
  async remove(auth: AuthContext, id: number): Promise<void> {
    requireSuperAdmin(auth);
    await this.find(auth, id);
    await this.repository.transaction((repository) => repository.delete(id));
  }

  // The form (FormResource), super-admins only: the routes answer 403 to anyone else before the token is checked.

  fields(auth: AuthContext, id: number | null): FormFields {
    requireSuperAdmin(auth);
    return {
      deviceType: field('entity', 'parameter.field.device-type', { required: true, disabled: id !== null, icon: 'device' }),
      number: field('number', 'parameter.field.number', { required: true, min: 0, max: PARAMETER_NUMBER_MAX, step: 1 }),
      name: field('text', 'parameter.field.name', { required: true, maxLength: PARAMETER_NAME_MAX_LENGTH, icon: 'name' }),
      description: field('textarea', 'parameter.field.description', { maxLength: 2000 }),
      tags: field('text', 'parameter.field.tags', { maxLength: 1000, help: 'parameter.help.tags' }),
      unit: field('entity', 'parameter.field.unit'),
      aggregation: field('choice', 'parameter.field.aggregation', { required: true }),
      dataType: field('choice', 'parameter.field.data-type'),
      chart: field('choice', 'parameter.field.chart'),
      formula: field('text', 'parameter.field.formula', { maxLength: 1000 }),
      public: field('switch', 'parameter.field.public'),
      // Where a Teltonika tracker's records give the parameter its value (docs/teltonika.md, "IO mapping and presets").
      teltonikaIoId: field('number', 'parameter.field.teltonika-io-id', { min: 0, max: TELTONIKA_IO_ID_MAX, step: 1, help: 'parameter.help.teltonika-io-id' }),
      teltonikaMultiplier: field('number', 'parameter.field.teltonika-multiplier'),
      teltonikaOffset: field('number', 'parameter.field.teltonika-offset'),
    };
  }

  async choices(auth: AuthContext): Promise<Record<string, Choice[]>> {
    requireSuperAdmin(auth);
    const [types, units] = await Promise.all([this.repository.deviceTypeChoices(), this.repository.unitChoices()]);
    const translated = (prefix: string, values: readonly string[]) => values.map((value) => ({ value, label: `${prefix}.${value}`, translate: true }));
    return {
      deviceType: types.map((t) => ({ value: t.id, label: t.name })),
      // The short name too: a Teltonika preset picks its unit by it (V, km, l).
      unit: units.map((u) => ({
        value: u.id,
        label: u.short && u.short !== u.name ? `${u.name} (${u.short})` : u.name,
        ...(u.short ? { unit: u.short } : {}),
      })),
      aggregation: translated('parameter.aggregation', PARAMETER_AGGREGATIONS),
      dataType: translated('parameter.data-type', PARAMETER_DATA_TYPES),
      chart: translated('parameter.chart', PARAMETER_CHARTS),
    };
  }

  async data(auth: AuthContext, id: number | null): Promise<Record<string, FormValue>> {
    requireSuperAdmin(auth);
    if (id === null) {
      return {
        deviceType: null,
        number: null,
        name: null,
        description: null,
        tags: null,
        unit: null,
        aggregation: null,
        dataType: DEFAULT_DATA_TYPE,
        chart: DEFAULT_CHART,
        formula: null,
        public: true,
        teltonikaIoId: null,
        teltonikaMultiplier: DEFAULT_TELTONIKA_MULTIPLIER,
        teltonikaOffset: DEFAULT_TELTONIKA_OFFSET,
      };
    }
    const row = await this.find(auth, id);
    return {
      deviceType: row.deviceTypeId,
      number: row.number,
      name: row.name,
      description: row.description,
      tags: row.tags.length ? row.tags.join(', ') : null,
      unit: row.unitId,
      aggregation: row.aggregation,
      dataType: row.dataType,
      chart: row.chart,
      formula: row.formula,
      public: row.isPublic,
      teltonikaIoId: row.teltonikaIoId,
      teltonikaMultiplier: row.teltonikaMultiplier,
      teltonikaOffset: row.teltonikaOffset,
    };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    requireSuperAdmin(auth);
    const deviceTypeId = values.deviceType as number;
    const parameter = writeOf(values);
    return this.write(() =>
      this.repository.transaction(async (repository) => {
        const errors = await ruleErrors(repository, deviceTypeId, null, values, NO_FAILED_FIELDS);
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        return repository.insert(deviceTypeId, parameter);
      }),
    );
  }

  async update(auth: AuthContext, id: number, values: DecodedValues): Promise<void> {
    requireSuperAdmin(auth);
    const row = await this.find(auth, id);
    const parameter = writeOf(values);
    await this.write(() =>
      this.repository.transaction(async (repository) => {
        const errors = await ruleErrors(repository, row.deviceTypeId, id, values, NO_FAILED_FIELDS);
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        if (!(await repository.update(id, parameter))) throw new NotFoundError();
      }),
    );
  }

  async check(auth: AuthContext, id: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    requireSuperAdmin(auth);
    const deviceTypeId = id === null ? (failed.has('deviceType') ? null : (values.deviceType as number | null)) : (await this.find(auth, id)).deviceTypeId;
    return ruleErrors(this.repository, deviceTypeId, id, values, failed);
  }

  /** Races lose like the checks would have: the number or IO id taken meanwhile, or the type deleted meanwhile. */
  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const violated = uniqueViolationOf(error);
      if (violated === PARAMETER_NUMBER_CONSTRAINT) throw numberInUse();
      if (violated === PARAMETER_TELTONIKA_IO_INDEX) throw teltonikaIoInUse();
      if (isForeignKeyViolation(error)) throw ValidationError.field('deviceType', MESSAGE_KEYS.incorrect);
      throw error;
    }
  }

  private async find(auth: AuthContext, id: number): Promise<ParameterRow> {
    const row = await this.repository.find(scopeOf(auth), id);
    if (!row) throw new NotFoundError();
    return row;
  }
}

/** A number field's value, or `fallback` when it was left blank. */
const numberOr = (value: DecodedValues[string] | undefined, fallback: number): number => (typeof value === 'number' ? value : fallback);

/**
 * The parameter's own rules, for the fields not in `failed` (`deviceTypeId` null when it is not known): its number
 * free in its type; and its Teltonika mapping: no IO id on work or active (they are derived from ignition and
 * movement), one parameter per IO id per type, and a multiplier that is not 0 (it would read every record as
 * `offset`).
 */
async function ruleErrors(
  repository: ParametersRepository,
  deviceTypeId: number | null,
  id: number | null,
  values: DecodedValues,
  failed: ReadonlySet<string>,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const number = failed.has('number') ? null : (values.number as number | null);
  const ioId = failed.has('teltonikaIoId') ? null : (values.teltonikaIoId as number | null);
  if (deviceTypeId !== null && number !== null && (await repository.numberTaken(deviceTypeId, number, id))) errors.number = [ENTITY_MESSAGE_KEYS.numberInUse];
  if (ioId !== null) {
    if (number !== null && TELTONIKA_DERIVED_PARAMETERS.includes(number)) errors.teltonikaIoId = [ENTITY_MESSAGE_KEYS.teltonikaIoDerived];
    else if (deviceTypeId !== null && (await repository.teltonikaIoTaken(deviceTypeId, ioId, id))) errors.teltonikaIoId = [FORM_MESSAGE_KEYS.notUnique];
  }
  if (!failed.has('teltonikaMultiplier') && values.teltonikaMultiplier === 0) errors.teltonikaMultiplier = [MESSAGE_KEYS.incorrect];
  return errors;
}

function writeOf(values: DecodedValues): ParameterWrite {
  return {
    number: values.number as number,
    name: values.name as string,
    description: textValue(values.description),
    tags: parseTags(textValue(values.tags)),
    unitId: typeof values.unit === 'number' ? values.unit : null,
    aggregation: values.aggregation as string,
    dataType: textValue(values.dataType) ?? DEFAULT_DATA_TYPE,
    chart: textValue(values.chart) ?? DEFAULT_CHART,
    formula: textValue(values.formula),
    isPublic: values.public === true,
    teltonikaIoId: typeof values.teltonikaIoId === 'number' ? values.teltonikaIoId : null,
    teltonikaMultiplier: numberOr(values.teltonikaMultiplier, DEFAULT_TELTONIKA_MULTIPLIER),
    teltonikaOffset: numberOr(values.teltonikaOffset, DEFAULT_TELTONIKA_OFFSET),
  };
}
