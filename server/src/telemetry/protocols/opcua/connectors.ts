import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { Lease, PROCESS_HOLDER } from '../../../jobs/lease.ts';
import type { IngestRejectLog, IngestService } from '../../types.ts';
import type { ConnectionLog, ModuleConnectionDeps } from './module-connection.ts';
import { ModuleConnection } from './module-connection.ts';
import type { OpcuaModuleRow } from './opcua-repository.ts';
import { OpcuaRepository } from './opcua-repository.ts';
import type { OpcuaPki } from './pki.ts';
import { STATE_HEARTBEAT_MS } from './sampler.ts';
import type { SecretBox } from './secret-box.ts';

export interface OpcuaConnectorsOptions {
  db: Kysely<DB>;
  ingest: IngestService & IngestRejectLog;
  secrets: SecretBox;
  pki: OpcuaPki;
  log: ConnectionLog;
  /** This instance as a lease holder (tests run two "instances" in one process). */
  holder?: string;
  /** How often the modules are read again (new, changed, deactivated) and free leases tried. */
  pollMs?: number;
  /** A dead holder's lease expires after this; another instance takes the module over then. */
  leaseTtlSeconds?: number;
  flushIntervalMs?: number;
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
  heartbeatMs?: number;
}

/** The lease that makes one instance the holder of a module's session. */
export const opcuaLeaseName = (sensorId: number): string => `opcua:${sensorId}`;

interface Held {
  lease: Lease;
  connection: ModuleConnection;
  /** The settings it was started with: a module edited since is reconnected with its new settings. */
  settings: string;
}

/**
 * What of a module's row makes a new session: not its counter marks, which the session itself moves on, nor the
 * certificate a refused session recorded; a certificate trusted or revoked does.
 */
const settingsOf = (module: OpcuaModuleRow): string => JSON.stringify({ ...module, counters: undefined, serverCertificate: undefined });

/**
 * Every active OPC UA module's session, each held by exactly one instance (docs/opcua.md "Connector"): every
 * `pollMs` this instance reads the modules, tries the leases of those nobody holds, starts a session for each lease
 * it takes, reconnects a module whose settings changed, and ends the sessions of modules gone or deactivated. A
 * lease lost (this instance stalled past its expiry and another took over) ends the session here.
 */
export class OpcuaConnectors {
  private readonly repository: OpcuaRepository;
  private readonly held = new Map<number, Held>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: OpcuaConnectorsOptions) {
    this.repository = new OpcuaRepository(options.db);
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      this.polling = this.polling.then(() => this.poll()).catch((error: unknown) => this.options.log.warn({ err: error }, 'OPC UA modules not read'));
      this.timer = setTimeout(tick, this.options.pollMs ?? 10_000);
      this.timer.unref();
    };
    tick();
  }

  /** The connection of a module this instance holds (tests and the start-up log). */
  connection(sensorId: number): ModuleConnection | undefined {
    return this.held.get(sensorId)?.connection;
  }

  /** Ends every session, stores what each gathered and gives the leases up so another instance takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.polling;
    await Promise.all([...this.held.keys()].map((sensorId) => this.drop(sensorId)));
  }

  /** One round: the modules as they are now against the sessions held. */
  async poll(): Promise<void> {
    if (this.stopped) return;
    const modules = await this.repository.activeModules();
    const wanted = new Map(modules.map((module) => [module.identity.sensorId, module]));
    for (const sensorId of [...this.held.keys()]) {
      const module = wanted.get(sensorId);
      if (!module || settingsOf(module) !== this.held.get(sensorId)!.settings) await this.drop(sensorId);
    }
    for (const module of modules) {
      if (this.stopped) return;
      if (!this.held.has(module.identity.sensorId)) await this.tryTake(module);
    }
  }

  private async tryTake(module: OpcuaModuleRow): Promise<void> {
    const { sensorId } = module.identity;
    const lease = new Lease(this.options.db, opcuaLeaseName(sensorId), this.options.holder ?? PROCESS_HOLDER, {
      ttlSeconds: this.options.leaseTtlSeconds ?? 30,
      log: this.options.log,
    });
    if (!(await lease.tryAcquire(() => void this.drop(sensorId, false)))) return;
    const deps: ModuleConnectionDeps = {
      ingest: this.options.ingest,
      repository: this.repository,
      secrets: this.options.secrets,
      pki: this.options.pki,
      log: this.options.log,
      flushIntervalMs: this.options.flushIntervalMs ?? 1000,
      reconnectInitialMs: this.options.reconnectInitialMs ?? 1000,
      reconnectMaxMs: this.options.reconnectMaxMs ?? 60_000,
      heartbeatMs: this.options.heartbeatMs ?? STATE_HEARTBEAT_MS,
    };
    const connection = new ModuleConnection(module, deps);
    this.held.set(sensorId, { lease, connection, settings: settingsOf(module) });
    connection.start();
  }

  /** Ends a module's session here; `release` false when the lease is already another instance's. */
  private async drop(sensorId: number, release = true): Promise<void> {
    const held = this.held.get(sensorId);
    if (!held) return;
    this.held.delete(sensorId);
    await held.connection.stop();
    if (release) await held.lease.release();
  }
}
