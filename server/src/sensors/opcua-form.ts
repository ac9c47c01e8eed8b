import type { Choice, FormValue, OpcuaModule, OpcuaSecurityMode, OpcuaSecurityPolicy } from '@gearwatch/contracts';
import { ENTITY_MESSAGE_KEYS, OPCUA_MAX_LENGTHS, OPCUA_SAMPLING_INTERVAL_MS, OPCUA_SECURITY_MODES, OPCUA_SECURITY_POLICIES } from '@gearwatch/contracts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { textValue } from '../forms/values.ts';
import { formatMapping, parseMapping } from '../telemetry/protocols/opcua/mapping.ts';
import type { NodeCheck, OpcuaEndpointSettings } from '../telemetry/protocols/opcua/node-check.ts';
import { describeCertificate } from '../telemetry/protocols/opcua/machine-tools.ts';
import type { SecretBox } from '../telemetry/protocols/opcua/secret-box.ts';
import type { OpcuaCertificateRow, OpcuaSettingsRow, OpcuaSettingsWrite } from './opcua-settings-repository.ts';

/** What the module form needs for OPC UA modules: the password's sealing and the check against the machine. */
export interface OpcuaFormSupport {
  secrets: SecretBox;
  checkNodes(settings: OpcuaEndpointSettings, mapping: OpcuaSettingsWrite['mapping']): Promise<NodeCheck>;
}

/** The sealed password to store: none without a user name, a new one typed, none when cleared, else the stored one. */
export function passwordToStore(submission: OpcuaSubmission, seal: (password: string) => string): string | null | 'keep' {
  if (submission.settings.userName === null) return null;
  if (submission.password !== null) return seal(submission.password);
  return submission.clearPassword ? null : 'keep';
}

/** `opc.tcp://host[:port][/path]`. */
const ENDPOINT_PATTERN = /^opc\.tcp:\/\/[^\s/:]+(:\d{1,5})?(\/\S*)?$/i;

/** The OPC UA fields of the module form (docs/opcua.md "Connecting a machine"); other protocols ignore them. */
export function opcuaFields(): FormFields {
  return {
    opcuaEndpointUrl: field('text', 'sensor.field.opcua-endpoint', { maxLength: OPCUA_MAX_LENGTHS.endpointUrl, help: 'sensor.help.opcua-endpoint' }),
    opcuaSecurityMode: field('choice', 'sensor.field.opcua-security-mode'),
    opcuaSecurityPolicy: field('choice', 'sensor.field.opcua-security-policy'),
    opcuaUserName: field('text', 'sensor.field.opcua-user-name', { maxLength: OPCUA_MAX_LENGTHS.userName, icon: 'person' }),
    // Write-only and masked: the form is always sent without it; blank on edit keeps the stored one.
    opcuaPassword: field('text', 'sensor.field.opcua-password', {
      maxLength: OPCUA_MAX_LENGTHS.password,
      icon: 'key',
      secret: true,
      help: 'sensor.help.opcua-password',
    }),
    // The one way to remove a stored password without typing another (a blank password field keeps it).
    opcuaClearPassword: field('switch', 'sensor.field.opcua-clear-password', { help: 'sensor.help.opcua-clear-password' }),
    opcuaSamplingIntervalMs: field('number', 'sensor.field.opcua-sampling-interval', {
      min: OPCUA_SAMPLING_INTERVAL_MS.min,
      max: OPCUA_SAMPLING_INTERVAL_MS.max,
      step: 1,
    }),
    opcuaAcceptServerCertificate: field('switch', 'sensor.field.opcua-accept-certificate', { help: 'sensor.help.opcua-accept-certificate' }),
    opcuaMapping: field('textarea', 'sensor.field.opcua-mapping', { maxLength: OPCUA_MAX_LENGTHS.mapping, help: 'sensor.help.opcua-mapping' }),
  };
}

export function opcuaChoices(): Record<string, Choice[]> {
  return {
    opcuaSecurityMode: OPCUA_SECURITY_MODES.map((mode) => ({ value: mode, label: mode })),
    opcuaSecurityPolicy: OPCUA_SECURITY_POLICIES.map((policy) => ({ value: policy, label: policy })),
  };
}

/** The form's data: the stored settings, never the password. */
export function opcuaData(row: OpcuaSettingsRow | undefined): Record<string, FormValue> {
  return {
    opcuaEndpointUrl: row?.endpointUrl ?? null,
    opcuaSecurityMode: row?.securityMode ?? 'None',
    opcuaSecurityPolicy: row?.securityPolicy ?? 'None',
    opcuaUserName: row?.userName ?? null,
    opcuaPassword: null,
    opcuaClearPassword: false,
    opcuaSamplingIntervalMs: row?.samplingIntervalMs ?? OPCUA_SAMPLING_INTERVAL_MS.default,
    opcuaAcceptServerCertificate: row?.acceptServerCertificate ?? false,
    opcuaMapping: row && row.mapping.length > 0 ? formatMapping(row.mapping) : null,
  };
}

/** The settings as submitted (the password still plain), or the field errors in the spec's message keys. */
export interface OpcuaSubmission {
  settings: Omit<OpcuaSettingsWrite, 'passwordEncrypted'>;
  /** Null: keep the stored password, unless `clearPassword`. */
  password: string | null;
  /** Remove the stored password (a password typed as well replaces it instead). */
  clearPassword: boolean;
}

export function opcuaSubmission(
  values: DecodedValues,
  failed: ReadonlySet<string>,
  hasStoredPassword: boolean,
): { submission: OpcuaSubmission; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const endpointUrl = textValue(values.opcuaEndpointUrl) ?? '';
  if (!failed.has('opcuaEndpointUrl') && !ENDPOINT_PATTERN.test(endpointUrl)) errors.opcuaEndpointUrl = [ENTITY_MESSAGE_KEYS.opcuaEndpoint];
  const securityMode = (textValue(values.opcuaSecurityMode) ?? 'None') as OpcuaSecurityMode;
  const securityPolicy = (textValue(values.opcuaSecurityPolicy) ?? 'None') as OpcuaSecurityPolicy;
  if (!failed.has('opcuaSecurityMode') && !failed.has('opcuaSecurityPolicy') && (securityMode === 'None') !== (securityPolicy === 'None'))
    errors.opcuaSecurityPolicy = [ENTITY_MESSAGE_KEYS.opcuaSecurity];
  const userName = textValue(values.opcuaUserName)?.trim() || null;
  const password = textValue(values.opcuaPassword);
  const clearPassword = values.opcuaClearPassword === true && password === null;
  const keepsPassword = hasStoredPassword && !clearPassword;
  if (!failed.has('opcuaUserName') && !failed.has('opcuaPassword') && (userName === null ? password !== null : password === null && !keepsPassword))
    errors.opcuaPassword = [ENTITY_MESSAGE_KEYS.opcuaCredentials];
  const parsed = parseMapping(textValue(values.opcuaMapping));
  if (!failed.has('opcuaMapping') && 'error' in parsed) errors.opcuaMapping = [ENTITY_MESSAGE_KEYS.opcuaMappingSyntax];
  return {
    submission: {
      settings: {
        endpointUrl,
        securityMode,
        securityPolicy,
        userName,
        samplingIntervalMs: typeof values.opcuaSamplingIntervalMs === 'number' ? values.opcuaSamplingIntervalMs : OPCUA_SAMPLING_INTERVAL_MS.default,
        acceptServerCertificate: values.opcuaAcceptServerCertificate === true,
        mapping: 'mapping' in parsed ? parsed.mapping : [],
      },
      password,
      clearPassword,
    },
    errors,
  };
}

/** A node check's findings as the mapping field's errors (none when the machine could not be reached). */
export function nodeCheckErrors(check: NodeCheck): Record<string, string[]> {
  if (!check.reachable || check.problems.size === 0) return {};
  const keys = new Set(
    [...check.problems.values()].map((problem) => (problem === 'unknown' ? ENTITY_MESSAGE_KEYS.opcuaNodeUnknown : ENTITY_MESSAGE_KEYS.opcuaNodeType)),
  );
  return { opcuaMapping: [...keys] };
}

/** A module's certificate as its answer and the card show it: the presented one while untrusted, else the trusted one. */
export function certificateOf(row: Pick<OpcuaCertificateRow, 'serverCertificate' | 'trustedCertificate'>): OpcuaModule['certificate'] {
  if (row.serverCertificate !== null && row.serverCertificate !== row.trustedCertificate)
    return { state: 'untrusted', details: describeCertificate(row.serverCertificate) };
  if (row.trustedCertificate !== null) return { state: 'trusted', details: describeCertificate(row.trustedCertificate) };
  return null;
}

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The module's OPC UA part of its answer: settings, whether a password is kept (never which), the connection. */
export function presentOpcua(row: OpcuaSettingsRow): OpcuaModule {
  return {
    endpointUrl: row.endpointUrl,
    securityMode: row.securityMode,
    securityPolicy: row.securityPolicy,
    userName: row.userName,
    hasPassword: row.hasPassword,
    samplingIntervalMs: row.samplingIntervalMs,
    acceptServerCertificate: row.acceptServerCertificate,
    mapping: row.mapping,
    connection: {
      state: row.connectionState === 'connected' ? 'connected' : 'offline',
      connectedAt: iso(row.connectedAt),
      lastError: row.lastError,
      lastErrorAt: iso(row.lastErrorAt),
    },
    certificate: certificateOf(row),
  };
}
