import type { ClientSession, ClientSubscription as Subscription, DataValue, OPCUAClient } from 'node-opcua-client';
import { ValidationError } from '../../../http/errors.ts';
import { isDatabaseUnavailable } from '../../storage-failures.ts';
import type { IngestRejectLog, IngestService } from '../../types.ts';
import type { ConnectionReport, OpcuaModuleRow } from './opcua-repository.ts';
import { OpcuaRepository } from './opcua-repository.ts';
import type { OpcuaPki } from './pki.ts';
import type { SamplerBatch } from './sampler.ts';
import { ModuleSampler } from './sampler.ts';
import type { SecretBox } from './secret-box.ts';
import { classifyFailure, describeFailure } from './failures.ts';
import type { OpcuaStack } from './session.ts';
import { identityOf, prepareTrust } from './session.ts';
import { opcuaClient } from './stack.ts';

export { describeFailure } from './failures.ts';

export interface ConnectionLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface ModuleConnectionDeps {
  ingest: IngestService & IngestRejectLog;
  repository: OpcuaRepository;
  secrets: SecretBox;
  pki: OpcuaPki;
  log: ConnectionLog;
  /** How often the gathered samples are stored: at most one transaction per this period per module. */
  flushIntervalMs: number;
  /** The wait before the first reconnection, doubled after each failure up to `reconnectMaxMs`. */
  reconnectInitialMs: number;
  reconnectMaxMs: number;
  /** How often an unchanged running/state node is closed into readings (STATE_HEARTBEAT_MS). */
  heartbeatMs: number;
}

/** The subscription's publishing interval and keep-alive: the machine is heard from at least every 10 publishes. */
const PUBLISHING_INTERVAL_MS = 1000;
const MAX_KEEP_ALIVE_COUNT = 10;
/** Samples a monitored item queues on the machine between publishes (a burst of changes is not lost). */
const QUEUE_SIZE = 1000;

/**
 * One OPC UA module's session, held by this instance under the module's lease (connectors.ts): connects, subscribes
 * to the mapped nodes, stores what they report through the ingest service at most once per `flushIntervalMs`, and
 * reconnects with backoff when the machine goes away. While it is away nothing is stored: the module is offline.
 */
export class ModuleConnection {
  private readonly sampler: ModuleSampler;
  private client: OPCUAClient | null = null;
  private session: ClientSession | null = null;
  private stopped = false;
  private connected = false;
  private lastHeardMs = 0;
  private failures = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Readings a database outage kept from being stored, sent again first. */
  private pending: SamplerBatch | null = null;

  constructor(
    readonly module: OpcuaModuleRow,
    private readonly deps: ModuleConnectionDeps,
  ) {
    this.sampler = new ModuleSampler(module.mapping, module.identity.deviceId, module.counters, deps.heartbeatMs);
  }

  get sensorId(): number {
    return this.module.identity.sensorId;
  }

  get isConnected(): boolean {
    return this.connected;
  }

  start(): void {
    this.flushTimer = setInterval(() => void this.flush(), this.deps.flushIntervalMs);
    void this.connect();
  }

  /** Ends the session and stores what was gathered; the module is reported offline. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    await this.lose(null);
    await this.flush();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { module } = this;
    let client: OPCUAClient | null = null;
    try {
      const stack = await opcuaClient();
      client = stack.OPCUAClient.create({
        applicationName: 'Gearwatch',
        endpointMustExist: false,
        securityMode: stack.MessageSecurityMode[module.securityMode],
        securityPolicy: stack.SecurityPolicy[module.securityPolicy],
        // The connector reconnects itself (with its own backoff and an offline module meanwhile).
        connectionStrategy: { maxRetry: 0, initialDelay: 500, maxDelay: 1000 },
        keepSessionAlive: true,
        clientCertificateManager: await this.deps.pki.manager(),
        requestedSessionTimeout: 60_000,
      });
      if (this.stopped) return;
      this.client = client;
      await this.prepareTrust();
      await client.connect(module.endpointUrl);
      const session = await client.createSession(this.identity(stack));
      this.session = session;
      const startedMs = Date.now();
      this.lastHeardMs = startedMs;
      this.sampler.sessionStarted(startedMs);
      client.on('connection_lost', () => void this.lose('the connection to the machine was lost'));
      session.on('keepalive_failure', () => void this.lose('the machine stopped answering'));
      session.on('session_closed', () => void this.lose('the machine closed the session'));
      await this.subscribe(session, stack);
      if (this.stopped || this.client !== client) return;
      this.connected = true;
      this.failures = 0;
      await this.report({ state: 'connected', at: new Date(startedMs) });
      this.deps.log.info({ sensorId: this.sensorId, endpoint: module.endpointUrl }, 'OPC UA session up');
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure.kind === 'untrusted') await this.recordPresentedCertificate();
      // A client made before stop() is not this.client: it is disconnected here.
      if (client && this.client !== client) await client.disconnect().catch(() => undefined);
      await this.fail(failure.line);
    }
  }

  /**
   * The module's trust in this instance's store: the certificate a super-admin trusted; and a certificate the machine
   * presented that is not (any more) the trusted one is moved to the refused ones, so that a revoke made on another
   * instance holds here too.
   */
  private async prepareTrust(): Promise<void> {
    const { module } = this;
    if (module.securityMode === 'None') return;
    const refused = module.serverCertificate !== null && module.serverCertificate !== module.trustedCertificate && !module.acceptServerCertificate;
    if (refused) await this.deps.pki.reject(Buffer.from(module.serverCertificate!, 'base64'));
    await prepareTrust({ ...module, userName: null, password: null }, this.deps.pki);
  }

  /** Keeps the certificate the machine presents on the module, for a super-admin to see and trust (never trusted here). */
  private async recordPresentedCertificate(): Promise<void> {
    const certificate = await this.deps.pki.serverCertificateOf(this.module.endpointUrl).catch(() => null);
    if (!certificate) return;
    await this.deps.repository
      .recordServerCertificate(this.sensorId, certificate)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'OPC UA certificate not recorded'));
  }

  private identity(stack: OpcuaStack) {
    const { userName, passwordEncrypted } = this.module;
    return identityOf(stack, userName, userName === null || passwordEncrypted === null ? null : this.deps.secrets.open(passwordEncrypted));
  }

  private async subscribe(session: ClientSession, stack: OpcuaStack): Promise<void> {
    const { AttributeIds, StatusCodes, TimestampsToReturn } = stack;
    const subscription: Subscription = await session.createSubscription2({
      requestedPublishingInterval: PUBLISHING_INTERVAL_MS,
      requestedLifetimeCount: MAX_KEEP_ALIVE_COUNT * 6,
      requestedMaxKeepAliveCount: MAX_KEEP_ALIVE_COUNT,
      maxNotificationsPerPublish: 0,
      publishingEnabled: true,
      priority: 10,
    });
    subscription.on('keepalive', () => (this.lastHeardMs = Date.now()));
    subscription.on('terminated', () => void this.lose('the machine ended the subscription'));
    for (const mapping of this.module.mapping) {
      const item = await subscription.monitor(
        { nodeId: mapping.nodeId, attributeId: AttributeIds.Value },
        { samplingInterval: this.module.samplingIntervalMs, discardOldest: true, queueSize: QUEUE_SIZE },
        TimestampsToReturn.Both,
      );
      if (item.statusCode && item.statusCode.isNotGood()) throw new Error(`node ${mapping.nodeId}: ${item.statusCode.name}`);
      item.on('changed', (dataValue: DataValue) => {
        this.lastHeardMs = Date.now();
        this.sampler.add({ nodeId: mapping.nodeId, value: valueOf(dataValue, StatusCodes.Good), sourceMs: sourceTime(dataValue) });
      });
    }
  }

  /** Ends the session after a loss (`why`) or on stop (null); the interval since the machine was last heard ends. */
  private async lose(why: string | null): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = null;
    const session = this.session;
    this.session = null;
    const wasConnected = this.connected;
    this.connected = false;
    if (wasConnected) this.sampler.sessionLost(this.lastHeardMs);
    // The time up to the loss is stored before the module is reported offline.
    await this.flush();
    await session?.close().catch(() => undefined);
    await client.disconnect().catch(() => undefined);
    if (why === null) {
      await this.report({ state: 'offline', error: null, at: new Date() });
      return;
    }
    this.deps.log.warn({ sensorId: this.sensorId, reason: why }, 'OPC UA session lost');
    await this.fail(why);
  }

  /** Reports the failure on the module and tries again after the backoff. */
  private async fail(reason: string): Promise<void> {
    const client = this.client;
    this.client = null;
    this.session = null;
    this.connected = false;
    await client?.disconnect().catch(() => undefined);
    if (this.stopped) return;
    await this.report({ state: 'offline', error: reason, at: new Date() });
    const delay = Math.min(this.deps.reconnectMaxMs, this.deps.reconnectInitialMs * 2 ** this.failures);
    this.failures++;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private async report(report: ConnectionReport): Promise<void> {
    await this.deps.repository.report(this.sensorId, report).catch((error: unknown) => this.deps.log.warn({ err: error }, 'OPC UA state not recorded'));
  }

  /** Stores what was gathered, one flush at a time, so a module has at most one transaction per flush period. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.store());
    return this.flushing;
  }

  private async store(): Promise<void> {
    if (this.connected) this.sampler.heartbeat(this.lastHeardMs);
    const drained = this.sampler.drain();
    const batch: SamplerBatch = this.pending ? { readings: [...this.pending.readings, ...drained.readings], counters: drained.counters } : drained;
    this.pending = null;
    const countersChanged = JSON.stringify(batch.counters) !== JSON.stringify(this.module.counters);
    if (batch.readings.length === 0 && !countersChanged) return;
    const { identity } = this.module;
    try {
      await this.deps.ingest.ingest(
        identity,
        { readings: batch.readings, positions: [], events: [] },
        { alsoInTransaction: (trx) => OpcuaRepository.saveCounters(trx, identity.sensorId, batch.counters) },
      );
      this.module.counters = batch.counters;
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        this.pending = batch;
        return;
      }
      // Refused for good (a ValidationError) or not storable: kept in ingest_rejects, never sent again.
      const reason = error instanceof ValidationError ? `refused: ${JSON.stringify(error.errors)}` : `not storable: ${describeFailure(error)}`;
      await this.deps.ingest
        .recordReject({ source: 'opcua', topic: null, serialNumber: identity.serialNumber, reason, payload: JSON.stringify(batch.readings) })
        .catch(() => undefined);
    }
  }
}

/** A sample's value as a number or boolean; null when its status is not Good or it is neither. */
function valueOf(dataValue: DataValue, good: DataValue['statusCode']): number | boolean | null {
  if (dataValue.statusCode !== good && dataValue.statusCode.isNotGood()) return null;
  const value: unknown = dataValue.value?.value;
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  // Int64 and UInt64 arrive as [high, low] 32-bit words.
  if (Array.isArray(value) && value.length === 2) {
    const [high, low] = value as unknown[];
    if (typeof high === 'number' && typeof low === 'number') return high * 2 ** 32 + low;
  }
  return null;
}

/** The machine's time of the sample; the server's, then ours, when the machine gives none. */
function sourceTime(dataValue: DataValue): number {
  return (dataValue.sourceTimestamp ?? dataValue.serverTimestamp ?? new Date()).getTime();
}
