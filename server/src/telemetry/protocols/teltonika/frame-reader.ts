import { TeltonikaProtocolError } from './errors.ts';
import { TELTONIKA_LIMITS } from './limits.ts';

/** A complete frame cut from the stream; its bytes are a copy the caller may keep (e.g. for `ingest_rejects`). */
export type TeltonikaFrame = { kind: 'handshake'; bytes: Uint8Array } | { kind: 'avl'; bytes: Uint8Array };

/**
 * Cuts a Teltonika TCP stream into frames: the IMEI handshake first, then AVL data packets. TCP chunks arrive in any
 * size, so a frame may span chunks and a chunk may hold several frames. A frame is returned only when all of its
 * bytes are in; whether it decodes is the codec's business (decodeImeiHandshake, decodeAvlPacket).
 *
 * Framing errors throw TeltonikaProtocolError and leave the reader failed: the stream has lost its boundaries and the
 * connection must be closed. A length over TELTONIKA_LIMITS is refused as soon as its header is in, before its bytes
 * are buffered.
 */
export class TeltonikaFrameReader {
  private buffer = new Uint8Array(1024);
  private start = 0;
  private end = 0;
  private handshakeDone = false;
  private failure: TeltonikaProtocolError | null = null;

  push(chunk: Uint8Array): TeltonikaFrame[] {
    if (this.failure) throw this.failure;
    this.append(chunk);
    const frames: TeltonikaFrame[] = [];
    try {
      for (let frame = this.next(); frame; frame = this.next()) frames.push(frame);
    } catch (error) {
      if (error instanceof TeltonikaProtocolError) this.failure = error;
      throw error;
    }
    return frames;
  }

  /** Bytes received but not yet part of a complete frame. */
  get pendingBytes(): number {
    return this.end - this.start;
  }

  /** A copy of the first `max` of those bytes: after a framing error, the frame that caused it as far as it came. */
  pending(max: number): Uint8Array {
    return this.buffer.slice(this.start, Math.min(this.end, this.start + max));
  }

  private next(): TeltonikaFrame | null {
    const available = this.end - this.start;
    if (!this.handshakeDone) {
      if (available < 2) return null;
      const length = (this.buffer[this.start]! << 8) | this.buffer[this.start + 1]!;
      if (length === 0 || length > TELTONIKA_LIMITS.maxHandshakeBytes) {
        throw new TeltonikaProtocolError('bad-length', `handshake declares ${length} bytes (1..${TELTONIKA_LIMITS.maxHandshakeBytes} accepted)`);
      }
      if (available < 2 + length) return null;
      this.handshakeDone = true;
      return { kind: 'handshake', bytes: this.take(2 + length) };
    }
    // The preamble is judged as soon as its bytes are in, so a stream that is not Teltonika's fails at once.
    const preambleBytes = Math.min(available, 4);
    for (let i = 0; i < preambleBytes; i++) {
      if (this.buffer[this.start + i] !== 0) {
        throw new TeltonikaProtocolError('bad-preamble', `byte ${i} of a packet is 0x${this.buffer[this.start + i]!.toString(16)}, not 0`);
      }
    }
    const { avlHeaderBytes, avlCrcBytes, minDataFieldBytes, maxDataFieldBytes } = TELTONIKA_LIMITS;
    if (available < avlHeaderBytes) return null;
    const dataLength = new DataView(this.buffer.buffer, this.start + 4, 4).getUint32(0);
    if (dataLength < minDataFieldBytes || dataLength > maxDataFieldBytes) {
      throw new TeltonikaProtocolError('bad-length', `data field length ${dataLength} outside ${minDataFieldBytes}..${maxDataFieldBytes}`);
    }
    const frameLength = avlHeaderBytes + dataLength + avlCrcBytes;
    if (available < frameLength) return null;
    return { kind: 'avl', bytes: this.take(frameLength) };
  }

  private take(length: number): Uint8Array {
    const bytes = this.buffer.slice(this.start, this.start + length);
    this.start += length;
    if (this.start === this.end) this.start = this.end = 0;
    return bytes;
  }

  /** Appends in place, moving the pending bytes to the front or doubling the buffer only when the chunk does not fit. */
  private append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.buffer.length) {
      const pending = this.end - this.start;
      let capacity = this.buffer.length;
      while (capacity < pending + chunk.length) capacity *= 2;
      if (capacity === this.buffer.length) this.buffer.copyWithin(0, this.start, this.end);
      else {
        const grown = new Uint8Array(capacity);
        grown.set(this.buffer.subarray(this.start, this.end));
        this.buffer = grown;
      }
      this.start = 0;
      this.end = pending;
    }
    this.buffer.set(chunk, this.end);
    this.end += chunk.length;
  }
}
