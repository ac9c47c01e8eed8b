// The demo's Teltonika trackers (docs/teltonika.md, "The demo's tracker"). History goes in-process through the
// listener's own mapping (the module's IO mapping, latest record and card, as the packet handler reads them) into the
// ingest service; live records go over a real TCP connection to the listener, in Codec 8 Extended packets.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { IngestResult, IngestService, ModuleIdentity } from '../../telemetry/types.ts';
import { encodeAvlPacket } from '../../telemetry/protocols/teltonika/avl-encoder.ts';
import { AVL_CODECS } from '../../telemetry/protocols/teltonika/avl-types.ts';
import { mapForModule, moduleIdentity } from '../../telemetry/protocols/teltonika/packet-handler.ts';
import { TeltonikaRepository } from '../../telemetry/protocols/teltonika/teltonika-repository.ts';
import type { TeltonikaModuleRow } from '../../telemetry/protocols/teltonika/teltonika-repository.ts';
import type { FleetSimulator } from './generator.ts';
import type { SimDevice } from './fleet.ts';
import { TeltonikaTrackerClient } from './tracker-client.ts';
import type { TrackerClientOptions, TrackerEndpoint } from './tracker-client.ts';
import { trackerRecords } from './tracker-records.ts';

/** Records per packet: a device that was offline for a while sends its backlog in packets of about this size. */
const RECORDS_PER_PACKET = 50;

export class DemoTeltonika {
  private endpoint: TrackerEndpoint | null = null;
  private readonly clients = new Map<string, TeltonikaTrackerClient>();

  constructor(
    private readonly generator: FleetSimulator,
    private readonly ingest: IngestService,
    private readonly db: Kysely<DB>,
    private readonly clientOptions: TrackerClientOptions = {},
  ) {}

  /** The tracker's module as the listener would find it; refused like an unknown IMEI when it is not active. */
  async identify(device: SimDevice): Promise<ModuleIdentity> {
    return moduleIdentity(await this.module(device));
  }

  /** Stores the tracker's records of [from, to) as the listener would; null when it recorded nothing then. */
  async history(device: SimDevice, from: number, to: number): Promise<IngestResult | null> {
    const records = trackerRecords(this.generator, device, from, to);
    if (records.length === 0) return null;
    // Read for every range, as the handler reads it for every packet: the latest record and card carry over.
    const module = await this.module(device);
    const mapped = mapForModule(module, records);
    return this.ingest.ingest(moduleIdentity(module), mapped.batch, {
      alsoInTransaction: (trx) => new TeltonikaRepository(trx).saveLastRecord(module.sensorId, module.deviceId, mapped.lastRecord),
    });
  }

  /** Where the listener is (its bound port); null when it is off, and the trackers are not driven live. */
  useListener(endpoint: TrackerEndpoint | null): void {
    this.endpoint = endpoint;
  }

  get listening(): boolean {
    return this.endpoint !== null;
  }

  /**
   * Sends the tracker's records of [from, to) to the listener, packet by packet, each once acknowledged. Rejects
   * when one was not (after the client's own retries); the caller sends the range again later, as a device keeps
   * its records until they are acknowledged.
   */
  async live(device: SimDevice, from: number, to: number): Promise<void> {
    if (!this.endpoint) throw new Error('the Teltonika listener is off');
    const records = trackerRecords(this.generator, device, from, to);
    let client = this.clients.get(device.serial);
    if (!client) {
      client = new TeltonikaTrackerClient(this.endpoint, device.serial, this.clientOptions);
      this.clients.set(device.serial, client);
    }
    for (let i = 0; i < records.length; i += RECORDS_PER_PACKET) {
      const chunk = records.slice(i, i + RECORDS_PER_PACKET);
      await client.send(encodeAvlPacket({ codecId: AVL_CODECS.codec8Extended, records: chunk }), chunk.length);
    }
  }

  /** Connections opened by the tracker of `serial` so far (reconnects included). */
  connects(serial: string): number {
    return this.clients.get(serial)?.connects ?? 0;
  }

  close(): void {
    for (const client of this.clients.values()) client.close();
    this.clients.clear();
  }

  private async module(device: SimDevice): Promise<TeltonikaModuleRow> {
    const module = await new TeltonikaRepository(this.db).findModule(device.serial);
    if (!module?.isActive) throw new UnauthorizedError();
    return module;
  }
}
