import { AVL_CODECS } from './avl-types.ts';
import type { AvlCodecId, AvlGpsElement, AvlIoElement, AvlPacket, AvlRecord } from './avl-types.ts';
import { crc16Ibm } from './crc16.ts';
import { TeltonikaProtocolError } from './errors.ts';
import { TELTONIKA_LIMITS } from './limits.ts';

/**
 * Decodes one complete AVL data packet (as TeltonikaFrameReader yields it): preamble, data field length, codec id,
 * Number of Data 1, records, Number of Data 2, CRC-16/IBM. Layout from Teltonika's "Data Sending Protocols" page.
 *
 * The checks run from the outside in, so a reason names the first thing wrong: preamble, length, CRC (before any
 * field is trusted), codec, the two record counts, then the records, which must fill the data field exactly.
 */
export function decodeAvlPacket(packet: Uint8Array): AvlPacket {
  const { avlHeaderBytes, avlCrcBytes, minDataFieldBytes, maxDataFieldBytes } = TELTONIKA_LIMITS;
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  if (packet.length < avlHeaderBytes) throw new TeltonikaProtocolError('truncated', `${packet.length} bytes, the header alone takes ${avlHeaderBytes}`);
  if (view.getUint32(0) !== 0) throw new TeltonikaProtocolError('bad-preamble', `0x${hex(packet.subarray(0, 4))} instead of four zero bytes`);
  const dataLength = view.getUint32(4);
  if (dataLength < minDataFieldBytes || dataLength > maxDataFieldBytes) {
    throw new TeltonikaProtocolError('bad-length', `data field length ${dataLength} outside ${minDataFieldBytes}..${maxDataFieldBytes}`);
  }
  const expected = avlHeaderBytes + dataLength + avlCrcBytes;
  if (packet.length < expected) throw new TeltonikaProtocolError('truncated', `${packet.length} bytes, the data field length says ${expected}`);
  if (packet.length > expected) throw new TeltonikaProtocolError('bad-length', `${packet.length} bytes, the data field length says ${expected}`);

  const dataStart = avlHeaderBytes;
  const dataEnd = dataStart + dataLength;
  const sent = view.getUint32(dataEnd);
  const computed = crc16Ibm(packet, dataStart, dataEnd);
  if (sent !== computed) throw new TeltonikaProtocolError('crc-mismatch', `packet says 0x${hex16(sent)}, data gives 0x${hex16(computed)}`);

  const codecId = packet[dataStart]!;
  if (!isSupportedCodec(codecId))
    throw new TeltonikaProtocolError('unknown-codec', `codec 0x${codecId.toString(16).padStart(2, '0')} (8, 8E and 16 are supported)`);
  const count1 = packet[dataStart + 1]!;
  const count2 = packet[dataEnd - 1]!;
  if (count1 !== count2) throw new TeltonikaProtocolError('record-count-mismatch', `Number of Data 1 is ${count1}, Number of Data 2 is ${count2}`);

  // Records end where Number of Data 2 begins.
  const reader = new FieldReader(view, dataStart + 2, dataEnd - 1);
  const records: AvlRecord[] = [];
  for (let i = 0; i < count1; i++) records.push(readRecord(reader, codecId, i));
  if (reader.remaining() !== 0) throw new TeltonikaProtocolError('bad-length', `${reader.remaining()} bytes left after ${count1} records`);
  return { codecId, records };
}

function isSupportedCodec(id: number): id is AvlCodecId {
  return id === AVL_CODECS.codec8 || id === AVL_CODECS.codec8Extended || id === AVL_CODECS.codec16;
}

/** Big-endian reads that refuse to pass `end` (the start of Number of Data 2), naming the record being read. */
class FieldReader {
  record = 0;

  constructor(
    private readonly view: DataView,
    private at: number,
    private readonly end: number,
  ) {}

  remaining(): number {
    return this.end - this.at;
  }

  private take(bytes: number, what: string): number {
    if (this.at + bytes > this.end) throw new TeltonikaProtocolError('truncated', `record ${this.record + 1}: ${what} runs past the data field`);
    const at = this.at;
    this.at += bytes;
    return at;
  }

  u8(what: string): number {
    return this.view.getUint8(this.take(1, what));
  }

  u16(what: string): number {
    return this.view.getUint16(this.take(2, what));
  }

  i16(what: string): number {
    return this.view.getInt16(this.take(2, what));
  }

  u32(what: string): number {
    return this.view.getUint32(this.take(4, what));
  }

  i32(what: string): number {
    return this.view.getInt32(this.take(4, what));
  }

  u64(what: string): bigint {
    return this.view.getBigUint64(this.take(8, what));
  }

  bytes(length: number, what: string): Uint8Array {
    const at = this.take(length, what);
    // A copy: the frame's buffer is reused by the reader that cut it.
    return new Uint8Array(this.view.buffer.slice(this.view.byteOffset + at, this.view.byteOffset + at + length));
  }
}

/**
 * Field widths per codec: Codec 8 has 1-byte ids and counts; 8 Extended 2-byte ids and counts (and the NX group);
 * 16 has 2-byte ids (the event id too) with 1-byte counts, and a generation type after the event id.
 */
interface CodecLayout {
  idBytes: 1 | 2;
  countBytes: 1 | 2;
  generationType: boolean;
  variableGroup: boolean;
}

const LAYOUTS: Record<AvlCodecId, CodecLayout> = {
  [AVL_CODECS.codec8]: { idBytes: 1, countBytes: 1, generationType: false, variableGroup: false },
  [AVL_CODECS.codec8Extended]: { idBytes: 2, countBytes: 2, generationType: false, variableGroup: true },
  [AVL_CODECS.codec16]: { idBytes: 2, countBytes: 1, generationType: true, variableGroup: false },
};

const FIXED_GROUPS = [1, 2, 4, 8] as const;

function readRecord(reader: FieldReader, codecId: AvlCodecId, index: number): AvlRecord {
  reader.record = index;
  const layout = LAYOUTS[codecId];
  const id = (what: string) => (layout.idBytes === 2 ? reader.u16(what) : reader.u8(what));
  const count = (what: string) => (layout.countBytes === 2 ? reader.u16(what) : reader.u8(what));

  const timestampMs = Number(reader.u64('timestamp'));
  const priority = reader.u8('priority');
  const gps: AvlGpsElement = {
    longitude: reader.i32('longitude') / 1e7,
    latitude: reader.i32('latitude') / 1e7,
    altitude: reader.i16('altitude'),
    angle: reader.u16('angle'),
    satellites: reader.u8('satellites'),
    speed: reader.u16('speed'),
  };
  const eventIoId = id('event IO id');
  const generationType = layout.generationType ? reader.u8('generation type') : null;
  // The total of IO elements is not checked against the groups: the CRC already vouches for the bytes, and a
  // firmware that counts differently (Traccar ignores the total too) should not lose its records.
  count('IO element count');

  const io: AvlIoElement[] = [];
  for (const size of FIXED_GROUPS) {
    const n = count(`${size}-byte IO count`);
    for (let i = 0; i < n; i++) {
      const ioId = id(`${size}-byte IO id`);
      const what = `IO ${ioId} value`;
      if (size === 8) io.push({ id: ioId, byteLength: 8, value: reader.u64(what) });
      else io.push({ id: ioId, byteLength: size, value: size === 1 ? reader.u8(what) : size === 2 ? reader.u16(what) : reader.u32(what) });
    }
  }
  if (layout.variableGroup) {
    const n = reader.u16('variable IO count');
    for (let i = 0; i < n; i++) {
      const ioId = reader.u16('variable IO id');
      const length = reader.u16(`IO ${ioId} length`);
      io.push({ id: ioId, byteLength: 'variable', value: reader.bytes(length, `IO ${ioId} value`) });
    }
  }
  return { timestampMs, priority, gps, eventIoId, generationType, io };
}

function hex16(value: number): string {
  return value.toString(16).padStart(4, '0');
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
