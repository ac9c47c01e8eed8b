import { TELTONIKA_DEFAULT_SEND_PERIOD_SECONDS } from '@gearwatch/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { GroupIngest, IngestRejectLog, ModuleIdentity } from '../../types.ts';
import { decodeAvlPacket } from './avl-decoder.ts';
import { mapAvlRecords } from './avl-mapping.ts';
import type { MappedPacket } from './avl-mapping.ts';
import type { AvlPacket, AvlRecord } from './avl-types.ts';
import { TeltonikaProtocolError } from './errors.ts';
import { GroupCommitter } from './group-commit.ts';
import { permanentFaultReason } from './store-failure.ts';
import { TeltonikaRepository } from './teltonika-repository.ts';
import type { TeltonikaModuleRow } from './teltonika-repository.ts';

/** The module as the ingest service knows it. */
export function moduleIdentity(module: TeltonikaModuleRow): ModuleIdentity {
  return { sensorId: module.sensorId, serialNumber: module.serialNumber, companyId: module.companyId, deviceId: module.deviceId, timezone: module.timezone };
}

/** A packet's records as the module's data, against the module as it is now (also the demo tracker's history). */
export function mapForModule(module: TeltonikaModuleRow, records: readonly AvlRecord[]): MappedPacket {
  return mapAvlRecords(records, {
    parameters: module.parameters,
    sendPeriodSeconds: module.sendPeriodSeconds ?? TELTONIKA_DEFAULT_SEND_PERIOD_SECONDS,
    lastRecord: module.lastRecord,
    currentCard: module.deviceId === null ? null : module.currentCard,
  });
}

/** What the connection does after a packet: `acknowledge` with the record count, or not, and whether to close. */
export type PacketAnswer = { acknowledge: number } | { acknowledge: null; close: boolean };

/** Where refused devices are listed for the super-admins (the sensors feature's UnknownModulesService). */
export interface UnknownDeviceLog {
  record(protocol: 'teltonika', serialNumber: string, address: string | null): Promise<void>;
}

export interface TeltonikaPacketHandlerDependencies {
  db: Kysely<DB>;
  ingest: GroupIngest & IngestRejectLog;
  unknownModules: UnknownDeviceLog;
}

/**
 * The rules of a Teltonika connection, apart from its bytes (listener.ts): who may connect, and what becomes of each
 * packet. A packet is stored through the one ingest service, in one transaction with the module's latest record
 * (and with the packets of other connections that arrived with it: group-commit.ts), and acknowledged only after
 * that commits.
 */
export class TeltonikaPacketHandler {
  private readonly repository: TeltonikaRepository;
  /** Stores the packets of all connections, those that arrive together in one transaction. */
  readonly committer: GroupCommitter;

  constructor(private readonly deps: TeltonikaPacketHandlerDependencies) {
    this.repository = new TeltonikaRepository(deps.db);
    this.committer = new GroupCommitter(deps.ingest);
  }

  /**
   * Whether the device may connect: only an active module of protocol `teltonika` with this IMEI. An IMEI no
   * Teltonika module has is recorded for the super-admins (an inactive module's is not: it is registered).
   */
  async accepts(imei: string, address: string | null): Promise<boolean> {
    const module = await this.repository.findModule(imei);
    if (module?.isActive) return true;
    if (!module) await this.deps.unknownModules.record('teltonika', imei, address);
    return false;
  }

  /** Decodes and stores one AVL packet of the device with this IMEI. Throws when it could not be stored now. */
  async handle(imei: string, bytes: Uint8Array): Promise<PacketAnswer> {
    let packet: AvlPacket;
    try {
      packet = decodeAvlPacket(bytes);
    } catch (error) {
      if (!(error instanceof TeltonikaProtocolError)) throw error;
      // No acknowledgement: a packet damaged on the way comes again.
      await this.reject(imei, error.reason, bytes);
      return { acknowledge: null, close: false };
    }
    // Read again for every packet: the module may have been deactivated, moved to another device or company, or
    // its device's type mapped differently since the device connected.
    const module = await this.repository.findModule(imei);
    if (!module?.isActive) return { acknowledge: null, close: true };
    const mapped = mapForModule(module, packet.records);
    try {
      await this.committer.store({
        module: moduleIdentity(module),
        batch: mapped.batch,
        options: { alsoInTransaction: (trx) => new TeltonikaRepository(trx).saveLastRecord(module.sensorId, module.deviceId, mapped.lastRecord) },
      });
    } catch (error) {
      const reason = permanentFaultReason(error);
      if (reason === null) throw error;
      // It can never be stored: acknowledged, or the device would send it for ever.
      await this.reject(imei, reason, bytes);
    }
    return { acknowledge: packet.records.length };
  }

  /** A packet the connection's frame reader refused (listener.ts): no acknowledgement, the connection is closed. */
  refuseFraming(imei: string, reason: string, bytes: Uint8Array): Promise<void> {
    return this.reject(imei, reason, bytes);
  }

  private reject(imei: string, reason: string, bytes: Uint8Array): Promise<void> {
    return this.deps.ingest.recordReject({ source: 'teltonika', topic: null, serialNumber: imei, reason, payload: Buffer.from(bytes).toString('hex') });
  }
}
