import type { SensorListFilter as SensorListQueryFilter, Choice, FormValue, Sensor } from '@gearwatch/contracts';
import {
  DEFAULT_TIMEZONE,
  ENTITY_MESSAGE_KEYS,
  MESSAGE_KEYS,
  MODULE_PROTOCOLS,
  MODULE_SEND_PERIOD_SECONDS,
  SENSOR_MAX_LENGTHS,
  SENSOR_ONLINE_WINDOW_MINUTES,
} from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/pg-errors.ts';
import { timezoneChoices } from '../time/timezone-choices.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import type { FormResource } from '../forms/routes.ts';
import { NO_FAILED_FIELDS } from '../forms/routes.ts';
import { requireSuperAdmin } from '../http/auth-hook.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { parseDate } from '../time/calendar.ts';
import type { SensorListFilter, SensorRow, SensorSortField, SensorsRepository } from './repository.ts';
import { SENSOR_SERIAL_INDEX } from './repository.ts';
import { sensorOf, sensorRuleErrors, zoneOf } from './sensor-rules.ts';
import type { OpcuaSettingsRow } from './opcua-settings-repository.ts';
import type { OpcuaFormSupport } from './opcua-form.ts';
import { nodeCheckErrors, opcuaChoices, opcuaData, opcuaFields, opcuaSubmission, passwordToStore, presentOpcua } from './opcua-form.ts';

/** The resource name of the module form (its token is bound to it) and of its routes. */
export const SENSOR_RESOURCE = 'sensors';

const ONLINE_WINDOW_MS = SENSOR_ONLINE_WINDOW_MINUTES * 60_000;
const L = SENSOR_MAX_LENGTHS;

/**
 * The module form (spec 02 dictionary: Sensors), in display order. Labels are translation keys. The last contact,
 * position, work time and state are read-only: they are in the list and `GET /api/sensors/{id}`, not in the form.
 */
export function sensorFields(): FormFields {
  return {
    company: field('entity', 'sensor.field.company', { required: true, icon: 'company' }),
    name: field('text', 'sensor.field.name', { required: true, maxLength: L.name, icon: 'sensor' }),
    // Not required: a submit without it (the spec's client knows no protocols) is a `gearwatch` module.
    protocol: field('choice', 'sensor.field.protocol', { help: 'sensor.help.protocol' }),
    serialNumber: field('text', 'sensor.field.serial-number', { required: true, changeToUpperCase: true, maxLength: L.serialNumber }),
    // Required for a `gearwatch` module only (sensorRuleErrors): a Teltonika tracker has no code, its IMEI is its name.
    securityCode: field('text', 'sensor.field.security-code', { maxLength: L.securityCode, icon: 'key', help: 'sensor.help.security-code' }),
    // Blank: the default period. What counts as a gap of no data rather than work (docs/teltonika.md).
    sendPeriodSeconds: field('number', 'sensor.field.send-period', {
      min: MODULE_SEND_PERIOD_SECONDS.min,
      max: MODULE_SEND_PERIOD_SECONDS.max,
      step: 1,
      help: 'sensor.help.send-period',
    }),
    type: field('text', 'sensor.field.type', { maxLength: L.type }),
    description: field('textarea', 'sensor.field.description', { maxLength: L.description }),
    device: field('entity', 'sensor.field.device', { icon: 'device', help: 'sensor.help.device' }),
    timezone: field('choice', 'sensor.field.timezone', { required: true }),
    subscription: field('text', 'sensor.field.subscription', { maxLength: L.subscription }),
    simCardNumber: field('text', 'sensor.field.sim-card-number', { maxLength: L.simCardNumber, icon: 'phone' }),
    version: field('text', 'sensor.field.version', { maxLength: L.version }),
    softwareVersion: field('text', 'sensor.field.software-version', { maxLength: L.softwareVersion }),
    owner: field('text', 'sensor.field.owner', { maxLength: L.owner, icon: 'person' }),
    dealer: field('text', 'sensor.field.dealer', { maxLength: L.dealer, icon: 'company' }),
    active: field('switch', 'sensor.field.active'),
    warrantyTo: field('datetime', 'sensor.field.warranty-to', { icon: 'date' }),
    peripherals: field('textarea', 'sensor.field.peripherals', { maxLength: L.peripherals, help: 'sensor.help.peripherals' }),
    ...opcuaFields(),
  };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The stored peripherals (a jsonb array), as texts. */
function storedPeripherals(value: unknown): string[] {
  return Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))) : [];
}

/**
 * Measurement modules of every company, for super-admins only (spec 01 §2 /administration): the list, one module,
 * the form (create and update, each in one transaction), delete and unassign.
 */
export class SensorsService implements FormResource {
  constructor(
    private readonly repository: SensorsRepository,
    private readonly now: () => number = Date.now,
    /** OPC UA modules' password sealing and node check; without it an `opcua` module cannot be saved. */
    private readonly opcua: OpcuaFormSupport | null = null,
  ) {}

  /** Filter keys: `company` and `device` (ids), `active` (boolean), `protocol`. */
  async list(auth: AuthContext, request: ListRequest<SensorSortField, SensorListQueryFilter>): Promise<Page<Sensor>> {
    requireSuperAdmin(auth);
    const filter: SensorListFilter = {
      companyId: request.filter.company,
      deviceId: request.filter.device,
      active: request.filter.active,
      protocol: request.filter.protocol,
    };
    const { ids, total } = await this.repository.listIds(filter, request);
    const rows = new Map((await this.repository.byIds(ids)).map((row) => [row.id, row]));
    const opcua = await this.opcuaRows(ids);
    return { total, entries: ids.flatMap((sensorId) => (rows.has(sensorId) ? [this.present(rows.get(sensorId)!, opcua.get(sensorId))] : [])) };
  }

  async get(auth: AuthContext, sensorId: number): Promise<Sensor> {
    const row = await this.find(auth, sensorId);
    return this.present(row, (await this.opcuaRows([sensorId])).get(sensorId));
  }

  private async opcuaRows(ids: number[]): Promise<Map<number, OpcuaSettingsRow>> {
    return new Map((await this.repository.opcua.byIds(ids)).map((row) => [row.sensorId, row]));
  }

  /** Deletes a module fitted to no device (409 naming the device otherwise), with its positions and events. */
  async delete(auth: AuthContext, sensorId: number): Promise<void> {
    requireSuperAdmin(auth);
    await this.repository.transaction(async (repository) => {
      if (!(await repository.lock(sensorId))) throw new NotFoundError();
      const devices = await repository.fittedTo(sensorId);
      if (devices.length > 0) throw new ConflictError(MESSAGE_KEYS.conflict, { devices });
      await repository.delete(sensorId);
    });
  }

  /** Takes the module off its device (the delete dialog's "unassign"). */
  async unassignDevices(auth: AuthContext, sensorId: number): Promise<void> {
    await this.find(auth, sensorId);
    await this.repository.unassign(sensorId);
  }

  // The form (FormResource).

  fields(auth: AuthContext): FormFields {
    requireSuperAdmin(auth);
    return sensorFields();
  }

  async choices(auth: AuthContext, sensorId: number | null): Promise<Record<string, Choice[]>> {
    requireSuperAdmin(auth);
    const [companies, devices, row] = await Promise.all([
      this.repository.companies(),
      this.repository.devices(),
      sensorId === null ? Promise.resolve(undefined) : this.repository.find(sensorId),
    ]);
    return {
      company: companies.map((c) => ({ value: c.id, label: c.name })),
      protocol: MODULE_PROTOCOLS.map((protocol) => ({ value: protocol, label: `sensor.protocol.${protocol}`, translate: true })),
      // Every company's devices, named with their company: the one chosen must be of the module's company.
      device: devices.map((d) => ({ value: d.id, label: `${d.companyName} · ${d.name}` })),
      timezone: timezoneChoices(row?.timezone ?? null),
      ...opcuaChoices(),
    };
  }

  async data(auth: AuthContext, sensorId: number | null): Promise<Record<string, FormValue>> {
    if (sensorId === null) {
      requireSuperAdmin(auth);
      return {
        company: null,
        name: null,
        protocol: 'gearwatch',
        serialNumber: null,
        securityCode: null,
        type: null,
        description: null,
        device: null,
        timezone: DEFAULT_TIMEZONE,
        subscription: null,
        simCardNumber: null,
        version: null,
        softwareVersion: null,
        owner: null,
        dealer: null,
        active: true,
        warrantyTo: null,
        peripherals: null,
        sendPeriodSeconds: null,
        ...opcuaData(undefined),
      };
    }
    const row = await this.find(auth, sensorId);
    const peripherals = storedPeripherals(row.peripherals);
    return {
      company: row.companyId,
      name: row.name,
      protocol: row.protocol,
      serialNumber: row.serialNumber,
      securityCode: row.protocol === 'gearwatch' ? row.securityCode : null,
      type: row.type,
      description: row.description,
      device: row.deviceId,
      timezone: row.timezone,
      subscription: row.subscription,
      simCardNumber: row.simCardNumber,
      version: row.version,
      softwareVersion: row.softwareVersion,
      owner: row.owner,
      dealer: row.dealer,
      active: row.active,
      // The warranty's last day as the instant it starts in the module's timezone (the form speaks instants).
      warrantyTo: row.warrantyTo === null ? null : new Date(zoneOf(row.timezone).startOfDay(parseDate(row.warrantyTo))).toISOString(),
      peripherals: peripherals.length > 0 ? peripherals.join('\n') : null,
      sendPeriodSeconds: row.sendPeriodSeconds,
      ...opcuaData((await this.opcuaRows([sensorId])).get(sensorId)),
    };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    requireSuperAdmin(auth);
    return this.write(null, values);
  }

  async update(auth: AuthContext, sensorId: number, values: DecodedValues): Promise<void> {
    await this.find(auth, sensorId);
    await this.write(sensorId, values);
  }

  async check(auth: AuthContext, sensorId: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    if (sensorId === null) requireSuperAdmin(auth);
    else await this.find(auth, sensorId);
    return sensorRuleErrors(this.repository, sensorId, values, failed);
  }

  /**
   * Checks the module's own rules (`sensorRuleErrors`) and stores it in one transaction. An OPC UA module's mapping is
   * first checked against the machine (outside the transaction: the machine may take seconds to answer).
   */
  private async write(sensorId: number | null, values: DecodedValues): Promise<number> {
    const sensor = sensorOf(values);
    const opcuaErrors = sensor.protocol === 'opcua' ? await this.checkAgainstMachine(sensorId, values) : {};
    try {
      return await this.repository.transaction(async (repository) => {
        if (sensorId !== null && !(await repository.lock(sensorId))) throw new NotFoundError();
        const errors = { ...opcuaErrors, ...(await sensorRuleErrors(repository, sensorId, values, NO_FAILED_FIELDS)) };
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        const id = sensorId === null ? await repository.insert(sensor) : (await repository.update(sensorId, sensor), sensorId);
        if (sensor.protocol === 'opcua') {
          const { submission } = opcuaSubmission(values, NO_FAILED_FIELDS, true);
          const passwordEncrypted = passwordToStore(submission, (password) => this.opcuaSupport().secrets.seal(password));
          await repository.opcua.save(id, { ...submission.settings, passwordEncrypted });
        } else await repository.opcua.remove(id);
        return id;
      });
    } catch (error) {
      // Another write took the serial number between the check and the insert.
      if (isUniqueViolation(error, SENSOR_SERIAL_INDEX)) throw ValidationError.field('serialNumber', ENTITY_MESSAGE_KEYS.serialInUse);
      if (isForeignKeyViolation(error)) throw ValidationError.field('device', MESSAGE_KEYS.incorrect);
      throw error;
    }
  }

  private opcuaSupport(): OpcuaFormSupport {
    if (!this.opcua) throw new Error('OPC UA modules need the OPC UA support (services.ts)');
    return this.opcua;
  }

  /**
   * The mapping's nodes against the machine: a node it does not have, or of the wrong type, is a field error. A
   * machine that cannot be reached is no error: the module is saved and the connector reports bad nodes on it.
   */
  private async checkAgainstMachine(sensorId: number | null, values: DecodedValues): Promise<Record<string, string[]>> {
    const stored = sensorId === null ? null : await this.repository.opcua.secrets(sensorId);
    const sealed = stored?.passwordEncrypted ?? null;
    const { submission, errors } = opcuaSubmission(values, NO_FAILED_FIELDS, sealed !== null);
    if (Object.keys(errors).length > 0 || submission.settings.mapping.length === 0) return {};
    const support = this.opcuaSupport();
    const password = submission.settings.userName === null ? null : (submission.password ?? (sealed === null ? null : support.secrets.open(sealed)));
    const trustedCertificate = stored?.trustedCertificate ?? null;
    return nodeCheckErrors(await support.checkNodes({ ...submission.settings, password, trustedCertificate }, submission.settings.mapping));
  }

  private async find(auth: AuthContext, sensorId: number): Promise<SensorRow> {
    requireSuperAdmin(auth);
    const row = await this.repository.find(sensorId);
    if (!row) throw new NotFoundError();
    return row;
  }

  private present(row: SensorRow, opcua: OpcuaSettingsRow | undefined): Sensor {
    const lastActivity = iso(row.lastContactAt);
    return {
      id: row.id,
      name: row.name,
      serialNumber: row.serialNumber,
      protocol: row.protocol,
      securityCode: row.securityCode,
      company: { id: row.companyId, name: row.companyName },
      device: row.deviceId === null ? null : { id: row.deviceId, name: row.deviceName ?? '' },
      type: row.type,
      description: row.description,
      timezone: row.timezone,
      subscription: row.subscription,
      simCardNumber: row.simCardNumber,
      version: row.version,
      softwareVersion: row.softwareVersion,
      owner: row.owner,
      dealer: row.dealer,
      active: row.active,
      warrantyTo: row.warrantyTo,
      peripherals: storedPeripherals(row.peripherals),
      sendPeriodSeconds: row.sendPeriodSeconds,
      lastActivity,
      lastLocation:
        row.lastPositionAt === null || row.lastLat === null || row.lastLon === null
          ? null
          : { lat: Number(row.lastLat), lon: Number(row.lastLon), time: iso(row.lastPositionAt)! },
      lastWorkTime: iso(row.lastWorkAt),
      state: lastActivity !== null && this.now() - Date.parse(lastActivity) <= ONLINE_WINDOW_MS ? 'online' : 'offline',
      opcua: row.protocol === 'opcua' && opcua ? presentOpcua(opcua) : null,
    };
  }
}
