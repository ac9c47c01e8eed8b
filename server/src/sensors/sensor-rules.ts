import type { ModuleProtocol } from '@gearwatch/contracts';
import { DEFAULT_TIMEZONE, ENTITY_MESSAGE_KEYS, IMEI_PATTERN, MESSAGE_KEYS, MODULE_PROTOCOLS } from '@gearwatch/contracts';
import type { DecodedValues } from '../forms/decode.ts';
import { idValue, textValue } from '../forms/values.ts';
import { dateText } from '../time/calendar.ts';
import type { TimeZone } from '../time/time-zone.ts';
import { timeZone } from '../time/time-zone.ts';
import { opcuaSubmission } from './opcua-form.ts';
import type { SensorWrite, SensorsRepository } from './repository.ts';

// The module form's values as a module, and the module's own rules (the service checks and stores them).

/** A module's timezone; UTC for a name this runtime does not know. */
export function zoneOf(timezone: string): TimeZone {
  try {
    return timeZone(timezone);
  } catch {
    return timeZone('UTC');
  }
}

/** The date an instant falls on in a timezone (YYYY-MM-DD), or null for a year the column cannot hold sensibly. */
function localDate(instant: string, timezone: string): string | null {
  const ms = Date.parse(instant);
  const year = new Date(ms).getUTCFullYear();
  if (!(year >= 1900 && year <= 2999)) return null;
  return dateText(zoneOf(timezone).dayOf(ms));
}

/** The peripherals textarea: one per line, blank lines dropped. */
function peripheralsOf(value: string | null): string[] {
  return (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The chosen protocol; `gearwatch` when none is sent (a value the choice does not offer is refused by the form). */
function protocolOf(values: DecodedValues): ModuleProtocol {
  const value = textValue(values.protocol);
  return (MODULE_PROTOCOLS as readonly string[]).includes(value ?? '') ? (value as ModuleProtocol) : 'gearwatch';
}

export function sensorOf(values: DecodedValues): SensorWrite {
  const timezone = textValue(values.timezone) ?? DEFAULT_TIMEZONE;
  const warranty = textValue(values.warrantyTo);
  const protocol = protocolOf(values);
  return {
    companyId: idValue(values.company) ?? 0,
    deviceId: idValue(values.device),
    name: textValue(values.name) ?? '',
    serialNumber: (textValue(values.serialNumber) ?? '').toUpperCase(),
    protocol,
    // Only a `gearwatch` module signs in with a code; another protocol's module keeps none, so no code can sign it in.
    securityCode: protocol === 'gearwatch' ? (textValue(values.securityCode) ?? '') : '',
    type: textValue(values.type),
    description: textValue(values.description),
    timezone,
    subscription: textValue(values.subscription),
    simCardNumber: textValue(values.simCardNumber),
    version: textValue(values.version),
    softwareVersion: textValue(values.softwareVersion),
    owner: textValue(values.owner),
    dealer: textValue(values.dealer),
    active: values.active === true,
    // The date the instant falls on in the module's timezone.
    warrantyTo: warranty === null ? null : localDate(warranty, timezone),
    peripherals: peripheralsOf(textValue(values.peripherals)),
    sendPeriodSeconds: typeof values.sendPeriodSeconds === 'number' ? values.sendPeriodSeconds : null,
  };
}

/**
 * The module's own rules, for the fields not in `failed`: a warranty date its timezone can place, its company
 * existing, its device (if any) of that company, no other module with its serial number in any letter case, a
 * security code for a `gearwatch` module and an IMEI (15 digits) as a `teltonika` module's serial number.
 */
export async function sensorRuleErrors(
  repository: SensorsRepository,
  sensorId: number | null,
  values: DecodedValues,
  failed: ReadonlySet<string>,
): Promise<Record<string, string[]>> {
  const sensor = sensorOf(values);
  const errors: Record<string, string[]> = {};
  if (!failed.has('warrantyTo') && !failed.has('timezone') && textValue(values.warrantyTo) !== null && sensor.warrantyTo === null)
    errors.warrantyTo = [MESSAGE_KEYS.incorrect];
  if (!failed.has('company')) {
    if (!(await repository.companyExists(sensor.companyId))) errors.company = [MESSAGE_KEYS.incorrect];
    else if (!failed.has('device') && sensor.deviceId !== null && (await repository.deviceCompany(sensor.deviceId)) !== sensor.companyId)
      errors.device = [MESSAGE_KEYS.incorrect];
  }
  if (!failed.has('protocol') && !failed.has('securityCode') && sensor.protocol === 'gearwatch' && sensor.securityCode.trim() === '')
    errors.securityCode = [MESSAGE_KEYS.notBlank];
  if (
    !failed.has('protocol') &&
    !failed.has('serialNumber') &&
    sensor.protocol === 'teltonika' &&
    sensor.serialNumber !== '' &&
    !IMEI_PATTERN.test(sensor.serialNumber)
  ) {
    errors.serialNumber = [ENTITY_MESSAGE_KEYS.imeiIncorrect];
  } else if (!failed.has('serialNumber') && sensor.serialNumber !== '' && (await repository.serialTaken(sensor.serialNumber, sensorId))) {
    errors.serialNumber = [ENTITY_MESSAGE_KEYS.serialInUse];
  }
  if (!failed.has('protocol') && sensor.protocol === 'opcua') {
    const hasStoredPassword = sensorId !== null && (await repository.opcua.secrets(sensorId))?.passwordEncrypted != null;
    Object.assign(errors, opcuaSubmission(values, failed, hasStoredPassword).errors);
  }
  return errors;
}
