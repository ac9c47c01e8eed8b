import { AVL_CODECS } from './avl-types.ts';
import type { AvlCodecId, AvlIoElement, AvlPacket, AvlRecord } from './avl-types.ts';
import { crc16Ibm } from './crc16.ts';
import { TELTONIKA_LIMITS } from './limits.ts';

/**
 * Encodes an AVL data packet as a device sends it (the inverse of decodeAvlPacket): preamble, data field length,
 * codec id, Number of Data 1, records, Number of Data 2, CRC-16/IBM. The demo simulator drives a tracker with it and
 * the tests make packets with recent timestamps.
 *
 * IO elements are written in the groups the codec has (1, 2, 4, 8 bytes, then Codec 8 Extended's variable-length
 * group), each group in the order the record lists them, so a decoded packet encodes to its own bytes. The element
 * total is the sum of the groups, as Teltonika's devices send it.
 */
export function encodeAvlPacket(packet: AvlPacket): Uint8Array {
  const { codecId, records } = packet;
  if (records.length < 1 || records.length > 255) throw new RangeError(`a packet holds 1..255 records, not ${records.length}`);
  const writer = new ByteWriter();
  writer.u32(0);
  const lengthAt = writer.reserve(4);
  const dataStart = writer.length;
  writer.u8(codecId);
  writer.u8(records.length);
  for (const record of records) writeRecord(writer, codecId, record);
  writer.u8(records.length);
  const dataEnd = writer.length;
  const dataLength = dataEnd - dataStart;
  if (dataLength > TELTONIKA_LIMITS.maxDataFieldBytes) throw new RangeError(`data field of ${dataLength} bytes exceeds ${TELTONIKA_LIMITS.maxDataFieldBytes}`);
  writer.setU32(lengthAt, dataLength);
  const bytes = writer.bytes();
  const withCrc = new ByteWriter();
  withCrc.raw(bytes);
  withCrc.u32(crc16Ibm(bytes, dataStart, dataEnd));
  return withCrc.bytes();
}

const FIXED_SIZES = [1, 2, 4, 8] as const;

function writeRecord(writer: ByteWriter, codecId: AvlCodecId, record: AvlRecord): void {
  const wide = codecId !== AVL_CODECS.codec8;
  const wideCounts = codecId === AVL_CODECS.codec8Extended;
  const id = (value: number) => (wide ? writer.u16(value) : writer.u8(value));
  const count = (value: number) => (wideCounts ? writer.u16(value) : writer.u8(value));

  writer.u64(BigInt(record.timestampMs));
  writer.u8(record.priority);
  writer.i32(Math.round(record.gps.longitude * 1e7));
  writer.i32(Math.round(record.gps.latitude * 1e7));
  writer.i16(record.gps.altitude);
  writer.u16(record.gps.angle);
  writer.u8(record.gps.satellites);
  writer.u16(record.gps.speed);
  id(record.eventIoId);
  if (codecId === AVL_CODECS.codec16) writer.u8(record.generationType ?? 0);

  const groups = FIXED_SIZES.map((size) => record.io.filter((e) => e.byteLength === size));
  const variable = record.io.filter((e): e is Extract<AvlIoElement, { byteLength: 'variable' }> => e.byteLength === 'variable');
  if (variable.length > 0 && codecId !== AVL_CODECS.codec8Extended) throw new RangeError('variable-length IO elements exist only in Codec 8 Extended');
  count(record.io.length);
  for (const group of groups) {
    count(group.length);
    for (const element of group) {
      id(element.id);
      if (element.byteLength === 8) writer.u64(element.value);
      else if (element.byteLength === 4) writer.u32(element.value);
      else if (element.byteLength === 2) writer.u16(element.value);
      else if (element.byteLength === 1) writer.u8(element.value);
    }
  }
  if (codecId === AVL_CODECS.codec8Extended) {
    writer.u16(variable.length);
    for (const element of variable) {
      writer.u16(element.id);
      writer.u16(element.value.length);
      writer.raw(element.value);
    }
  }
}

/** A growing big-endian buffer. */
class ByteWriter {
  private buffer = new Uint8Array(256);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  /** Makes room and returns where to write; read `view` only after it, as it may be replaced. */
  private ensure(bytes: number): number {
    if (this.length + bytes > this.buffer.length) {
      let capacity = this.buffer.length * 2;
      while (capacity < this.length + bytes) capacity *= 2;
      const grown = new Uint8Array(capacity);
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
      this.view = new DataView(grown.buffer);
    }
    const at = this.length;
    this.length += bytes;
    return at;
  }

  reserve(bytes: number): number {
    return this.ensure(bytes);
  }

  u8(value: number): void {
    const at = this.ensure(1);
    this.view.setUint8(at, value);
  }

  u16(value: number): void {
    const at = this.ensure(2);
    this.view.setUint16(at, value);
  }

  i16(value: number): void {
    const at = this.ensure(2);
    this.view.setInt16(at, value);
  }

  u32(value: number): void {
    const at = this.ensure(4);
    this.view.setUint32(at, value);
  }

  i32(value: number): void {
    const at = this.ensure(4);
    this.view.setInt32(at, value);
  }

  u64(value: bigint): void {
    const at = this.ensure(8);
    this.view.setBigUint64(at, value);
  }

  setU32(at: number, value: number): void {
    this.view.setUint32(at, value);
  }

  raw(bytes: Uint8Array): void {
    const at = this.ensure(bytes.length);
    this.buffer.set(bytes, at);
  }

  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
