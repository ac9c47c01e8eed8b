import net from 'node:net';
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { encodeAvlPacket } from '../src/telemetry/protocols/teltonika/avl-encoder.ts';
import { AVL_CODECS } from '../src/telemetry/protocols/teltonika/avl-types.ts';
import type { AvlCodecId, AvlGpsElement, AvlIoElement, AvlRecord } from '../src/telemetry/protocols/teltonika/avl-types.ts';
import { TeltonikaListener } from '../src/telemetry/protocols/teltonika/listener.ts';
import type { TeltonikaListenerOptions } from '../src/telemetry/protocols/teltonika/listener.ts';
import { TeltonikaPacketHandler } from '../src/telemetry/protocols/teltonika/packet-handler.ts';
import type { TeltonikaPacketHandlerDependencies } from '../src/telemetry/protocols/teltonika/packet-handler.ts';

export const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A listener on a free local port with the app's rules; `stop` closes it. */
export async function startListener(
  deps: TeltonikaPacketHandlerDependencies,
  options: Partial<TeltonikaListenerOptions> = {},
): Promise<{ listener: TeltonikaListener; handler: TeltonikaPacketHandler; port: number }> {
  const handler = new TeltonikaPacketHandler(deps);
  const listener = new TeltonikaListener(handler, { host: '127.0.0.1', port: 0, idleTimeoutMs: 60_000, log: quietLog, ...options });
  return { listener, handler, port: await listener.start() };
}

/** Polls `probe` until it holds (for state with no event to wait on). */
export async function waitUntil(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A 15-digit IMEI no other test of this run uses. */
export function uniqueImei(): string {
  return `35${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e4)).padStart(4, '0')}`;
}

/** A Teltonika module (its IMEI as serial, no code) of the company, fitted to the device (null: unassigned). */
export async function createTeltonikaModule(
  db: Kysely<DB>,
  companyId: number,
  deviceId: number | null,
  options: { active?: boolean; sendPeriodSeconds?: number } = {},
): Promise<{ id: number; imei: string }> {
  const imei = uniqueImei();
  const row = await db
    .insertInto('sensors')
    .values({
      company_id: companyId,
      device_id: deviceId,
      name: `Tracker ${imei}`,
      serial_number: imei,
      security_code: '',
      protocol: 'teltonika',
      is_active: options.active ?? true,
      send_period_seconds: options.sendPeriodSeconds ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, imei };
}

/** Maps IO `ioId` to a parameter of the device type (raw × multiplier + offset). */
export async function mapIoParameter(db: Kysely<DB>, deviceTypeId: number, parameter: number, ioId: number, multiplier = 1, offset = 0): Promise<void> {
  await db
    .insertInto('parameters')
    .values({
      device_type_id: deviceTypeId,
      number: parameter,
      name: `io ${ioId}`,
      tags: [],
      unit_id: null,
      aggregation: 'avg',
      teltonika_io_id: ioId,
      teltonika_multiplier: multiplier,
      teltonika_offset: offset,
    })
    .execute();
}

const FIX: AvlGpsElement = { longitude: 21.0122287, latitude: 52.2296756, altitude: 110, angle: 90, satellites: 8, speed: 12 };

export function avlRecord(timestampMs: number, io: AvlIoElement[] = [], gps: AvlGpsElement = FIX): AvlRecord {
  return { timestampMs, priority: 0, gps, eventIoId: 0, generationType: null, io };
}

export function avlPacket(records: AvlRecord[], codecId: AvlCodecId = AVL_CODECS.codec8Extended): Uint8Array {
  return encodeAvlPacket({ codecId, records });
}

export function handshakeBytes(imei: string): Uint8Array {
  const ascii = Buffer.from(imei, 'latin1');
  return Uint8Array.from([ascii.length >> 8, ascii.length & 0xff, ...ascii]);
}

export function ackOf(records: number): Buffer {
  const ack = Buffer.alloc(4);
  ack.writeUInt32BE(records);
  return ack;
}

/** A device's side of a connection: what it writes, and the server's answers as they arrive. */
export class TrackerClient {
  private received = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private closedFlag = false;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake?.();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.closedFlag = true;
        this.wake?.();
        resolve();
      }),
    );
  }

  static connect(port: number): Promise<TrackerClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.off('error', reject);
        resolve(new TrackerClient(socket));
      });
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.closedFlag;
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (error) => (error ? reject(error) : resolve())));
  }

  /** Writes the bytes one at a time, each a TCP segment of its own. */
  async writeByteByByte(bytes: Uint8Array): Promise<void> {
    for (const byte of bytes) await this.write(Uint8Array.of(byte));
  }

  /** The next `count` bytes the server sends; refused when the server closes before sending them. */
  async receive(count: number): Promise<Buffer> {
    while (this.received.length < count) {
      if (this.closedFlag) throw new Error(`connection closed after ${this.received.length} of ${count} bytes`);
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    const bytes = this.received.subarray(0, count);
    this.received = this.received.subarray(count);
    return bytes;
  }

  /** Bytes received and not yet taken by `receive`. */
  get unread(): number {
    return this.received.length;
  }

  /** Sends the IMEI and resolves with the server's one-byte answer. */
  async handshake(imei: string): Promise<number> {
    await this.write(handshakeBytes(imei));
    return (await this.receive(1))[0]!;
  }

  async close(): Promise<void> {
    this.socket.destroy();
    await this.closed;
  }
}
