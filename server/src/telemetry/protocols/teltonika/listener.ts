import net from 'node:net';
import type { SubscriberLog } from '../../mqtt-message-handler.ts';
import { encodeHandshakeAnswer, encodeRecordCountAck } from './answers.ts';
import { TeltonikaProtocolError } from './errors.ts';
import { TeltonikaFrameReader } from './frame-reader.ts';
import type { TeltonikaFrame } from './frame-reader.ts';
import { decodeImeiHandshake } from './handshake.ts';
import { TELTONIKA_LIMITS } from './limits.ts';
import type { PacketAnswer } from './packet-handler.ts';

/** What the listener asks of the rules (TeltonikaPacketHandler). */
export interface TeltonikaPackets {
  accepts(imei: string, address: string | null): Promise<boolean>;
  handle(imei: string, bytes: Uint8Array): Promise<PacketAnswer>;
  /** Keeps a packet whose framing is wrong (its length over the limit, a bad preamble) in ingest_rejects. */
  refuseFraming(imei: string, reason: string, bytes: Uint8Array): Promise<void>;
}

export interface TeltonikaListenerOptions {
  host?: string;
  /** 0: any free port (tests). */
  port: number;
  /** A connection that sends nothing for this long is closed; the device reconnects when it has data. */
  idleTimeoutMs: number;
  log: SubscriberLog;
  /**
   * Complete packets a connection may hold waiting for the database before it stops reading its socket: a device
   * sends its next packet only after an acknowledgement, so more than a few means a misbehaving peer.
   */
  maxQueuedFrames?: number;
}

const DEFAULT_MAX_QUEUED_FRAMES = 8;

/**
 * Teltonika trackers' TCP connections (docs/teltonika.md, "The listener"). Each connection is independent: its
 * frames are cut from the stream as bytes arrive and handled one after another, in order, while other connections'
 * bytes go on being read and cut. A packet is acknowledged (its record count) only after its commit.
 */
export class TeltonikaListener {
  private readonly server: net.Server;
  private readonly connections = new Set<TeltonikaConnection>();
  private stopping = false;

  constructor(
    private readonly packets: TeltonikaPackets,
    private readonly options: TeltonikaListenerOptions,
  ) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  /** Listens; resolves with the port (the one chosen when `port` is 0). */
  start(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ host: this.options.host, port: this.options.port }, () => {
        this.server.off('error', reject);
        this.server.on('error', (error) => this.options.log.error({ err: error }, 'teltonika listener error'));
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  /**
   * Stops accepting, lets each connection finish the packet it is storing (committed and acknowledged, or rolled
   * back), then closes them; packets not yet begun stay unacknowledged, so their devices send them again.
   */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    await Promise.all([...this.connections].map((connection) => connection.finish()));
    await closed;
  }

  /** Connections open now. */
  get connectionCount(): number {
    return this.connections.size;
  }

  private accept(socket: net.Socket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    const connection = new TeltonikaConnection(socket, this.packets, this.options);
    this.connections.add(connection);
    socket.once('close', () => this.connections.delete(connection));
  }
}

/** One device's connection: the handshake, then its packets in order. */
class TeltonikaConnection {
  private readonly reader = new TeltonikaFrameReader();
  private readonly queue: TeltonikaFrame[] = [];
  private readonly address: string | null;
  private imei: string | null = null;
  private working: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly packets: TeltonikaPackets,
    private readonly options: TeltonikaListenerOptions,
  ) {
    this.address = socket.remoteAddress ?? null;
    socket.setNoDelay(true);
    socket.setTimeout(options.idleTimeoutMs);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    // While a packet is being stored the device waits for its acknowledgement: that silence is not idleness.
    socket.on('timeout', () => {
      if (!this.working) this.close();
    });
    // A reset by the peer is how mobile connections often end; the close that follows is all that matters.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      this.queue.length = 0;
    });
  }

  /** Finishes the frame being handled, then closes. */
  async finish(): Promise<void> {
    this.queue.length = 0;
    this.socket.pause();
    await this.working;
    this.close();
  }

  private receive(chunk: Buffer): void {
    if (this.closed) return;
    let frames: TeltonikaFrame[];
    try {
      frames = this.reader.push(chunk);
    } catch (error) {
      // The stream has lost its frame boundaries: nothing after this can be read.
      this.options.log.warn({ imei: this.imei, address: this.address, reason: reasonOf(error) }, 'teltonika connection closed: framing error');
      this.keepFramingError(error);
      this.close();
      return;
    }
    if (frames.length === 0) return;
    this.queue.push(...frames);
    if (this.queue.length >= (this.options.maxQueuedFrames ?? DEFAULT_MAX_QUEUED_FRAMES)) this.socket.pause();
    this.schedule();
  }

  private schedule(): void {
    if (this.working || this.closed) return;
    this.working = this.work().finally(() => {
      this.working = null;
      if (this.closed) return;
      this.socket.resume();
      // Frames that arrived after the loop saw an empty queue, before this ran.
      if (this.queue.length > 0) this.schedule();
    });
  }

  private async work(): Promise<void> {
    for (let frame = this.queue.shift(); frame && !this.closed; frame = this.queue.shift()) {
      try {
        if (frame.kind === 'handshake') await this.handshake(frame.bytes);
        else await this.packet(frame.bytes);
      } catch (error) {
        // The database could not be reached (or failed): no answer; the device reconnects and sends it again.
        const what = frame.kind === 'handshake' ? 'handshake not answered' : 'packet not stored';
        this.options.log.error({ err: error, imei: this.imei, address: this.address }, `teltonika ${what}; the device will try again`);
        this.close();
      }
    }
  }

  /**
   * A registered device's packet is kept, as far as it came; a handshake's framing error is only logged, as anything
   * that connects to the port (scanners included) could fill the table with them.
   */
  private keepFramingError(error: unknown): void {
    if (this.imei === null || !(error instanceof TeltonikaProtocolError)) return;
    const bytes = this.reader.pending(TELTONIKA_LIMITS.maxRejectedFrameBytes);
    this.packets.refuseFraming(this.imei, error.reason, bytes).catch((failure: unknown) => {
      this.options.log.error({ err: failure, imei: this.imei }, 'teltonika framing error not kept in ingest_rejects');
    });
  }

  private async handshake(bytes: Uint8Array): Promise<void> {
    let imei: string;
    try {
      imei = decodeImeiHandshake(bytes);
    } catch (error) {
      if (!(error instanceof TeltonikaProtocolError)) throw error;
      this.refuse(reasonOf(error));
      return;
    }
    if (!(await this.packets.accepts(imei, this.address))) {
      this.imei = imei;
      this.refuse('no active Teltonika module has this IMEI');
      return;
    }
    this.imei = imei;
    this.write(encodeHandshakeAnswer(true));
  }

  private async packet(bytes: Uint8Array): Promise<void> {
    // The frame reader yields packets only after a handshake, and a refused one closes the connection.
    if (this.imei === null) throw new Error('an AVL packet before an accepted handshake');
    const answer = await this.packets.handle(this.imei, bytes);
    if (answer.acknowledge !== null) this.write(encodeRecordCountAck(answer.acknowledge));
    else if (answer.close) this.close();
  }

  private refuse(reason: string): void {
    this.options.log.info({ imei: this.imei, address: this.address, reason }, 'teltonika device refused');
    this.closed = true;
    this.queue.length = 0;
    // Closed once the answer is out, rather than left half-open until the device closes its side.
    this.socket.end(encodeHandshakeAnswer(false), () => this.socket.destroy());
  }

  private write(bytes: Uint8Array): void {
    if (!this.closed) this.socket.write(bytes);
  }

  private close(): void {
    this.closed = true;
    this.queue.length = 0;
    this.socket.destroy();
  }
}

function reasonOf(error: unknown): string {
  return error instanceof TeltonikaProtocolError ? error.reason : String(error);
}
