import { Writable } from 'node:stream';

/** Where chunks go: one row per chunk (report_file_chunks), in order. */
export type ChunkStore = (seq: number, data: Buffer) => Promise<void>;

/** About a megabyte per row: few rows, and a bounded buffer while the file is written. */
export const CHUNK_BYTES = 1 << 20;

/**
 * The stream a file writer writes into: its bytes are gathered into chunks of `chunkBytes` and each is stored before
 * the writer may go on (back-pressure through the write callback), so memory stays about one chunk whatever the size.
 */
export class ChunkOutput extends Writable {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private seq = 0;
  /** Bytes written in all. */
  size = 0;

  constructor(
    private readonly store: ChunkStore,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {
    super();
  }

  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    this.buffered.push(data);
    this.bufferedBytes += data.length;
    this.size += data.length;
    if (this.bufferedBytes < this.chunkBytes) return callback();
    this.flush(false).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush(true).then(() => callback(), callback);
  }

  /** Stores the full chunks buffered (and the rest at the end), keeping a partial one for the next bytes. */
  private async flush(all: boolean): Promise<void> {
    if (this.bufferedBytes === 0) return;
    const bytes = Buffer.concat(this.buffered);
    const whole = all ? bytes.length : bytes.length - (bytes.length % this.chunkBytes);
    const rest = bytes.subarray(whole);
    this.buffered = rest.length ? [rest] : [];
    this.bufferedBytes = rest.length;
    for (let offset = 0; offset < whole; offset += this.chunkBytes)
      await this.store(this.seq++, bytes.subarray(offset, Math.min(whole, offset + this.chunkBytes)));
  }
}
