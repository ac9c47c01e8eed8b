// The device side of a Teltonika connection, as an FMB tracker behaves (docs/teltonika.md, "Protocol"): it connects,
// sends its IMEI, and after `01` sends AVL packets one at a time, each waiting for the 4-byte record count. A lost
// acknowledgement, a dropped connection or one the server closed while idle: it connects again and sends the same
// packet, so the server must (and does) store it once.
import net from 'node:net';

export interface TrackerEndpoint {
  host: string;
  port: number;
}

export interface TrackerClientOptions {
  /** How long to wait for the handshake answer or an acknowledgement before giving the connection up. */
  answerTimeoutMs?: number;
  /** Tries of one packet (a new connection each after the first) before send() rejects; the caller resends later. */
  attempts?: number;
}

const DEFAULT_ANSWER_TIMEOUT_MS = 10_000;
const DEFAULT_ATTEMPTS = 3;

export class TrackerRefusedError extends Error {
  constructor(imei: string) {
    super(`the server refused IMEI ${imei}`);
    this.name = 'TrackerRefusedError';
  }
}

/** One open connection with the bytes the server sent that nobody has read yet. */
class Connection {
  private received = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  closed = false;

  constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiter?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiter?.();
    });
    // A reset or refused connection also closes it; the caller sees that and tries again.
    socket.on('error', () => undefined);
  }

  /** The next `length` bytes from the server; rejects when the connection closes or nothing comes in time. */
  read(length: number, timeoutMs: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      const finish = (error: Error | null) => {
        clearTimeout(timer);
        this.waiter = null;
        if (error) return reject(error);
        const bytes = this.received.subarray(0, length);
        this.received = this.received.subarray(length);
        resolve(bytes);
      };
      const check = () => {
        if (this.received.length >= length) finish(null);
        else if (this.closed) finish(new Error('connection closed by the server'));
      };
      this.waiter = check;
      check();
    });
  }
}

export class TeltonikaTrackerClient {
  private connection: Connection | null = null;
  /** Times a connection was opened (the first one included). */
  connects = 0;
  private readonly answerTimeoutMs: number;
  private readonly attempts: number;

  constructor(
    private readonly endpoint: TrackerEndpoint,
    private readonly imei: string,
    options: TrackerClientOptions = {},
  ) {
    this.answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
    this.attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  }

  /** Sends one AVL packet until the server acknowledges its `records`; rejects after the last try. */
  async send(packet: Uint8Array, records: number): Promise<void> {
    let failure: unknown = null;
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      try {
        const connection = await this.open();
        connection.socket.write(packet);
        const ack = await connection.read(4, this.answerTimeoutMs);
        if (ack.readUInt32BE(0) === records) return;
        failure = new Error(`acknowledged ${ack.readUInt32BE(0)} records of ${records}`);
      } catch (error) {
        if (error instanceof TrackerRefusedError) throw error;
        failure = error;
      }
      // Whatever went wrong, the packet goes again on a fresh connection, as a device does.
      this.drop();
    }
    throw failure;
  }

  close(): void {
    this.drop();
  }

  private drop(): void {
    this.connection?.socket.destroy();
    this.connection = null;
  }

  private async open(): Promise<Connection> {
    if (this.connection && !this.connection.closed) return this.connection;
    const socket = net.connect({ host: this.endpoint.host, port: this.endpoint.port });
    const connection = new Connection(socket);
    this.connection = connection;
    this.connects++;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const handshake = Buffer.alloc(2 + this.imei.length);
    handshake.writeUInt16BE(this.imei.length, 0);
    handshake.write(this.imei, 2, 'latin1');
    socket.write(handshake);
    const [answer] = await connection.read(1, this.answerTimeoutMs);
    if (answer !== 0x01) {
      this.drop();
      throw new TrackerRefusedError(this.imei);
    }
    return connection;
  }
}
