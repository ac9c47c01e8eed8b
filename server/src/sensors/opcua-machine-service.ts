import type {
  OpcuaBrowseRequest,
  OpcuaBrowseResult,
  OpcuaCertificateEntry,
  OpcuaMachineRequest,
  OpcuaPresetRequest,
  OpcuaPresetResult,
} from '@gearwatch/contracts';
import { OPCUA_MACHINE_ERROR_KEYS } from '@gearwatch/contracts';
import { NO_FAILED_FIELDS } from '../forms/routes.ts';
import { requireSuperAdmin } from '../http/auth-hook.ts';
import { NotFoundError, ValidationError } from '../http/errors.ts';
import type { AuthContext } from '../security/context.ts';
import type { OpcuaEndpointSettings, OpcuaPki } from '../telemetry/protocols/opcua/machine-tools.ts';
import { browseMachine, fillPreset, MachineSessionError, OBJECTS_FOLDER, sha256Of } from '../telemetry/protocols/opcua/machine-tools.ts';
import type { SecretBox } from '../telemetry/protocols/opcua/secret-box.ts';
import { certificateOf, opcuaSubmission } from './opcua-form.ts';
import type { OpcuaCertificateRow, OpcuaSettingsRepository } from './opcua-settings-repository.ts';

/** How long the browse dialog and a preset's search wait for the machine. */
const MACHINE_TIMEOUT_MS = 10_000;

const normalizedThumbprint = (text: string): string => text.replace(/[^0-9a-f]/gi, '').toUpperCase();

/**
 * The OPC UA tools of Administration → Sensors (docs/opcua.md), for super-admins: browsing a machine's address space
 * and filling a preset, with a saved module's settings or those typed in the form not saved yet, and the machines'
 * certificates trusted on first use by a super-admin's click, or revoked.
 */
export class OpcuaMachineService {
  constructor(
    private readonly repository: OpcuaSettingsRepository,
    private readonly secrets: SecretBox,
    private readonly pki: OpcuaPki,
    private readonly now: () => number = Date.now,
  ) {}

  async browse(auth: AuthContext, request: OpcuaBrowseRequest): Promise<OpcuaBrowseResult> {
    requireSuperAdmin(auth);
    const settings = await this.settingsOf(request);
    const nodeId = request.nodeId?.trim() || OBJECTS_FOLDER;
    const nodes = await this.onMachine(request.sensor, settings, () => browseMachine(settings, this.pki, nodeId, MACHINE_TIMEOUT_MS));
    if (nodes === null) throw ValidationError.field('nodeId', OPCUA_MACHINE_ERROR_KEYS.nodeUnknown);
    return { nodeId, nodes };
  }

  async preset(auth: AuthContext, request: OpcuaPresetRequest): Promise<OpcuaPresetResult> {
    requireSuperAdmin(auth);
    const settings = await this.settingsOf(request);
    return this.onMachine(request.sensor, settings, () => fillPreset(settings, this.pki, request.preset, MACHINE_TIMEOUT_MS));
  }

  async certificates(auth: AuthContext): Promise<{ entries: OpcuaCertificateEntry[] }> {
    requireSuperAdmin(auth);
    return { entries: (await this.repository.certificates()).flatMap((row) => this.entryOf(row)) };
  }

  /** Trusts the certificate the module's machine presented, if it is still the one the super-admin saw (`sha256`). */
  async trust(auth: AuthContext, sensorId: number, sha256: string): Promise<{ entries: OpcuaCertificateEntry[] }> {
    requireSuperAdmin(auth);
    const [row] = await this.repository.certificates(sensorId);
    if (!row) throw new NotFoundError();
    const presented = row.serverCertificate;
    if (presented === null || normalizedThumbprint(sha256Of(presented)) !== normalizedThumbprint(sha256))
      throw ValidationError.field('sha256', OPCUA_MACHINE_ERROR_KEYS.certificateChanged);
    if (!(await this.repository.trust(sensorId, presented, auth.userId, new Date(this.now()))))
      throw ValidationError.field('sha256', OPCUA_MACHINE_ERROR_KEYS.certificateChanged);
    // This instance at once; the instance holding the session when it reconnects (connectors.ts sees the change).
    await this.pki.trust(Buffer.from(presented, 'base64'));
    return this.certificates(auth);
  }

  /** Withdraws the module's trust in its machine's certificate: its sessions are refused until trusted again. */
  async revoke(auth: AuthContext, sensorId: number): Promise<{ entries: OpcuaCertificateEntry[] }> {
    requireSuperAdmin(auth);
    const [row] = await this.repository.certificates(sensorId);
    if (!row || row.trustedCertificate === null) throw new NotFoundError();
    await this.repository.revoke(sensorId, row.trustedCertificate, new Date(this.now()));
    await this.pki.reject(Buffer.from(row.trustedCertificate, 'base64'));
    return this.certificates(auth);
  }

  private entryOf(row: OpcuaCertificateRow): OpcuaCertificateEntry[] {
    const certificate = certificateOf(row);
    if (!certificate) return [];
    const at = certificate.state === 'untrusted' ? row.serverCertificateSeenAt : row.certificateTrustedAt;
    return [
      {
        sensorId: row.sensorId,
        name: row.name,
        serialNumber: row.serialNumber,
        endpointUrl: row.endpointUrl,
        state: certificate.state,
        certificate: certificate.details,
        at: at === null ? null : new Date(at).toISOString(),
      },
    ];
  }

  /**
   * The settings typed in the form, checked with the form's own rules (the same field errors); a saved module's stored
   * password fills a blank password field, and its trusted certificate is used.
   */
  private async settingsOf(request: OpcuaMachineRequest): Promise<OpcuaEndpointSettings> {
    const stored = request.sensor === null ? undefined : await this.repository.secrets(request.sensor);
    if (request.sensor !== null && !stored) throw new NotFoundError();
    const sealed = stored?.passwordEncrypted ?? null;
    const { submission, errors } = opcuaSubmission({ ...request, opcuaMapping: null, opcuaClearPassword: false }, NO_FAILED_FIELDS, sealed !== null);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const { settings } = submission;
    const password = settings.userName === null ? null : (submission.password ?? (sealed === null ? null : this.secrets.open(sealed)));
    return { ...settings, password, trustedCertificate: stored?.trustedCertificate ?? null };
  }

  /**
   * Runs `work` in a short session with the machine. A machine that cannot be used answers a root error naming why;
   * a saved module whose machine presented a certificate nobody trusted keeps it, for the certificate card.
   */
  private async onMachine<T>(sensorId: number | null, settings: OpcuaEndpointSettings, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof MachineSessionError)) throw error;
      const { kind } = error.failure;
      if (kind === 'untrusted' && sensorId !== null) await this.recordPresented(sensorId, settings.endpointUrl);
      throw new ValidationError({}, [OPCUA_MACHINE_ERROR_KEYS[kind]]);
    }
  }

  private async recordPresented(sensorId: number, endpointUrl: string): Promise<void> {
    const certificate = await this.pki.serverCertificateOf(endpointUrl).catch(() => null);
    if (certificate) await this.repository.recordServerCertificate(sensorId, certificate.toString('base64'), new Date(this.now()));
  }
}
