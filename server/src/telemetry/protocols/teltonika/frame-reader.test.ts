import { describe, expect, it } from 'vitest';
import { decodeAvlPacket } from './avl-decoder.ts';
import { TeltonikaProtocolError } from './errors.ts';
import { TeltonikaFrameReader } from './frame-reader.ts';
import type { TeltonikaFrame } from './frame-reader.ts';
import { decodeImeiHandshake } from './handshake.ts';
import { TELTONIKA_LIMITS } from './limits.ts';
import { TRACCAR, WIKI, bytesOf } from '../../../../test/teltonika-fixtures.ts';

const handshake = bytesOf(WIKI.handshake);
const packets = [bytesOf(WIKI.codec8First), bytesOf(TRACCAR.codec8FourteenRecords), bytesOf(WIKI.codec16), bytesOf(TRACCAR.codec8ExtendedVin)];
const stream = Uint8Array.from([...handshake, ...packets.flatMap((p) => [...p])]);

function framesOf(reader: TeltonikaFrameReader, chunks: Uint8Array[]): TeltonikaFrame[] {
  return chunks.flatMap((chunk) => reader.push(chunk));
}

function expectWholeStream(frames: TeltonikaFrame[]): void {
  expect(frames.map((f) => f.kind)).toEqual(['handshake', 'avl', 'avl', 'avl', 'avl']);
  expect(decodeImeiHandshake(frames[0]!.bytes)).toBe('356307042441013');
  expect(frames.slice(1).map((f) => [...f.bytes])).toEqual(packets.map((p) => [...p]));
  expect(frames.slice(1).map((f) => decodeAvlPacket(f.bytes).records.length)).toEqual([1, 14, 2, 1]);
}

function failure(run: () => unknown): TeltonikaProtocolError {
  try {
    run();
  } catch (error) {
    if (error instanceof TeltonikaProtocolError) return error;
    throw error;
  }
  throw new Error('expected a TeltonikaProtocolError');
}

describe('TeltonikaFrameReader', () => {
  it('cuts the handshake and then each packet from a stream sent byte by byte', () => {
    const reader = new TeltonikaFrameReader();
    const frames: TeltonikaFrame[] = [];
    const cutAt: number[] = [];
    for (let i = 0; i < stream.length; i++) {
      const cut = reader.push(stream.subarray(i, i + 1));
      if (cut.length) cutAt.push(i + 1);
      frames.push(...cut);
    }
    expectWholeStream(frames);
    // Each frame comes out with its own last byte, not later.
    const ends = [handshake, ...packets].map((frame) => frame.length).map((_, i, lengths) => lengths.slice(0, i + 1).reduce((a, b) => a + b, 0));
    expect(cutAt).toEqual(ends);
    expect(reader.pendingBytes).toBe(0);
  });

  it('returns every frame of one chunk holding the whole stream', () => {
    const reader = new TeltonikaFrameReader();
    expectWholeStream(reader.push(stream));
  });

  it("keeps a packet split across chunks of every size, and frames coalesced with the next one's start", () => {
    for (const size of [2, 3, 7, 16, 45, 100, 1000]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < stream.length; at += size) chunks.push(stream.slice(at, at + size));
      expectWholeStream(framesOf(new TeltonikaFrameReader(), chunks));
    }
  });

  it('returns frames whose bytes stay the same when later chunks arrive', () => {
    const reader = new TeltonikaFrameReader();
    const [first] = reader.push(handshake);
    reader.push(stream.subarray(handshake.length));
    expect(decodeImeiHandshake(first!.bytes)).toBe('356307042441013');
  });

  it('waits for the rest of a packet without returning part of it', () => {
    const reader = new TeltonikaFrameReader();
    reader.push(handshake);
    const packet = packets[1]!;
    expect(reader.push(packet.subarray(0, packet.length - 1))).toEqual([]);
    expect(reader.pendingBytes).toBe(packet.length - 1);
    expect(reader.push(packet.subarray(packet.length - 1)).map((f) => f.bytes.length)).toEqual([packet.length]);
  });

  it('refuses a declared data field length over the limit as soon as the header is in, and stays failed', () => {
    const reader = new TeltonikaFrameReader();
    reader.push(handshake);
    const header = Uint8Array.of(0, 0, 0, 0, 0, 1, 0, 1); // 65,537 bytes
    const error = failure(() => reader.push(header));
    expect(error.reason).toBe(`bad-length: data field length 65537 outside 3..${TELTONIKA_LIMITS.maxDataFieldBytes}`);
    expect(failure(() => reader.push(packets[0]!))).toBe(error);
  });

  it('accepts a data field of exactly the limit', () => {
    const reader = new TeltonikaFrameReader();
    reader.push(handshake);
    const max = TELTONIKA_LIMITS.maxDataFieldBytes;
    const frame = new Uint8Array(8 + max + 4);
    new DataView(frame.buffer).setUint32(4, max);
    expect(reader.push(frame.subarray(0, frame.length - 1))).toEqual([]);
    expect(reader.push(frame.subarray(frame.length - 1)).map((f) => f.bytes.length)).toEqual([frame.length]);
  });

  it('refuses a packet that does not start with four zero bytes at its first wrong byte', () => {
    const reader = new TeltonikaFrameReader();
    reader.push(handshake);
    reader.push(Uint8Array.of(0, 0));
    expect(failure(() => reader.push(Uint8Array.of(0x0f))).code).toBe('bad-preamble');
  });

  it('refuses a handshake declaring no bytes or more than the limit, and reads a short wrong one for the codec to refuse', () => {
    expect(failure(() => new TeltonikaFrameReader().push(Uint8Array.of(0, 0))).code).toBe('bad-length');
    expect(failure(() => new TeltonikaFrameReader().push(Uint8Array.of(0, TELTONIKA_LIMITS.maxHandshakeBytes + 1))).code).toBe('bad-length');
    // An AVL packet sent before any handshake reads as a handshake of length 0.
    expect(failure(() => new TeltonikaFrameReader().push(packets[0]!)).code).toBe('bad-length');
    const [frame] = new TeltonikaFrameReader().push(Uint8Array.of(0, 3, 0x31, 0x32, 0x33));
    expect(frame!.kind).toBe('handshake');
    expect(failure(() => decodeImeiHandshake(frame!.bytes)).code).toBe('bad-imei');
  });
});
