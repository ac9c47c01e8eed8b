import { describe, expect, it } from 'vitest';
import { encodeHandshakeAnswer, encodeRecordCountAck } from './answers.ts';
import { decodeAvlPacket } from './avl-decoder.ts';
import { AVL_CODECS } from './avl-types.ts';
import type { AvlIoElement, AvlRecord } from './avl-types.ts';
import { crc16Ibm } from './crc16.ts';
import { TeltonikaProtocolError } from './errors.ts';
import type { TeltonikaErrorCode } from './errors.ts';
import { decodeImeiHandshake } from './handshake.ts';
import { TRACCAR, TRACCAR_HANDSHAKE, WIKI, bytesOf } from '../../../../test/teltonika-fixtures.ts';

const ZERO_GPS = { longitude: 0, latitude: 0, altitude: 0, angle: 0, satellites: 0, speed: 0 };

function ioMap(record: AvlRecord): Map<number, AvlIoElement['value']> {
  return new Map(record.io.map((element) => [element.id, element.value]));
}

function refusal(run: () => unknown): { code: TeltonikaErrorCode; reason: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof TeltonikaProtocolError) return { code: error.code, reason: error.reason };
    throw error;
  }
  throw new Error('expected a TeltonikaProtocolError');
}

/** A copy of the packet with its CRC recomputed, for corruptions that must be caught by something other than the CRC. */
function withValidCrc(packet: Uint8Array): Uint8Array {
  const copy = packet.slice();
  const view = new DataView(copy.buffer);
  const dataLength = view.getUint32(4);
  view.setUint32(8 + dataLength, crc16Ibm(copy, 8, 8 + dataLength));
  return copy;
}

describe('CRC-16/IBM', () => {
  it('gives the check value of the CRC catalogue for "123456789"', () => {
    expect(crc16Ibm(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
  });
});

describe("decodeAvlPacket on the examples of Teltonika's wiki", () => {
  it('Codec 8, 1st example: one record with an element in each of the 1, 2, 4 and 8-byte groups', () => {
    const packet = decodeAvlPacket(bytesOf(WIKI.codec8First));
    expect(packet).toEqual({
      codecId: AVL_CODECS.codec8,
      records: [
        {
          timestampMs: 0x16b40d8ea30,
          priority: 1,
          gps: ZERO_GPS,
          eventIoId: 1,
          generationType: null,
          io: [
            { id: 21, byteLength: 1, value: 3 },
            { id: 1, byteLength: 1, value: 1 },
            { id: 66, byteLength: 2, value: 0x5e0f },
            { id: 241, byteLength: 4, value: 0x601a },
            { id: 78, byteLength: 8, value: 0n },
          ],
        },
      ],
    });
    expect(new Date(packet.records[0]!.timestampMs).toISOString()).toBe('2019-06-10T10:04:46.000Z');
  });

  it('Codec 8, 2nd example: empty 4 and 8-byte groups', () => {
    const [record] = decodeAvlPacket(bytesOf(WIKI.codec8Second)).records;
    expect(new Date(record!.timestampMs).toISOString()).toBe('2019-06-10T10:05:36.000Z');
    expect(record!.io).toEqual([
      { id: 21, byteLength: 1, value: 3 },
      { id: 1, byteLength: 1, value: 1 },
      { id: 66, byteLength: 2, value: 0x5e10 },
    ]);
  });

  it('Codec 8, 3rd example: two records', () => {
    const { records } = decodeAvlPacket(bytesOf(WIKI.codec8Third));
    expect(records.map((r) => [new Date(r.timestampMs).toISOString(), r.priority, r.eventIoId, r.io])).toEqual([
      ['2019-06-10T10:01:01.000Z', 1, 1, [{ id: 1, byteLength: 1, value: 0 }]],
      ['2019-06-10T10:01:19.000Z', 1, 1, [{ id: 1, byteLength: 1, value: 1 }]],
    ]);
  });

  it('Codec 8 Extended: 2-byte ids and counts, two 8-byte elements and an empty variable-length group', () => {
    const packet = decodeAvlPacket(bytesOf(WIKI.codec8Extended));
    expect(packet.codecId).toBe(AVL_CODECS.codec8Extended);
    expect(packet.records).toEqual([
      {
        timestampMs: 0x16b412cee00,
        priority: 1,
        gps: ZERO_GPS,
        eventIoId: 1,
        generationType: null,
        io: [
          { id: 1, byteLength: 1, value: 1 },
          { id: 17, byteLength: 2, value: 0x1d },
          { id: 16, byteLength: 4, value: 0x015e2c88 },
          { id: 11, byteLength: 8, value: 0x3544c87an },
          { id: 14, byteLength: 8, value: 0x1dd7e06an },
        ],
      },
    ]);
    expect(new Date(packet.records[0]!.timestampMs).toISOString()).toBe('2019-06-10T11:36:32.000Z');
  });

  it('Codec 16: generation type "on change" and 2-byte ids in two records', () => {
    const packet = decodeAvlPacket(bytesOf(WIKI.codec16));
    expect(packet.codecId).toBe(AVL_CODECS.codec16);
    expect(
      packet.records.map((r) => ({
        at: new Date(r.timestampMs).toISOString(),
        priority: r.priority,
        event: r.eventIoId,
        generation: r.generationType,
        io: r.io,
      })),
    ).toEqual([
      {
        at: '2019-07-10T12:06:54.000Z',
        priority: 0,
        event: 11,
        generation: 5,
        io: [
          { id: 1, byteLength: 1, value: 0 },
          { id: 3, byteLength: 1, value: 0 },
          { id: 11, byteLength: 2, value: 0x27 },
          { id: 66, byteLength: 2, value: 0x563a },
        ],
      },
      {
        at: '2019-07-10T12:06:55.000Z',
        priority: 0,
        event: 11,
        generation: 5,
        io: [
          { id: 1, byteLength: 1, value: 0 },
          { id: 3, byteLength: 1, value: 0 },
          { id: 11, byteLength: 2, value: 0x26 },
          { id: 66, byteLength: 2, value: 0x563a },
        ],
      },
    ]);
  });
});

describe("decodeAvlPacket on devices' packets from Traccar's decoder test", () => {
  it('Codec 8, three records of a moving device (Karachi)', () => {
    const { codecId, records } = decodeAvlPacket(bytesOf(TRACCAR.codec8ThreeRecords));
    expect(codecId).toBe(AVL_CODECS.codec8);
    expect(records).toHaveLength(3);
    const [first] = records;
    expect(new Date(first!.timestampMs).toISOString()).toBe('2022-03-28T04:53:34.230Z');
    expect(first!.gps).toEqual({ longitude: 67.1363518, latitude: 24.9484381, altitude: 56, angle: 301, satellites: 16, speed: 0 });
    expect(first!.eventIoId).toBe(250);
    const io = ioMap(first!);
    expect(io.get(66)).toBe(12961); // external voltage, mV
    expect(io.get(241)).toBe(41001); // GSM operator (Pakistan)
  });

  it('Codec 8, one record at 83 km/h with IO 24 (speed) agreeing with the GPS speed', () => {
    const [record] = decodeAvlPacket(bytesOf(TRACCAR.codec8OneRecord)).records;
    expect(record!.gps).toEqual({ longitude: 16.3745183, latitude: 48.1523066, altitude: 190, angle: 198, satellites: 15, speed: 83 });
    const io = ioMap(record!);
    expect(io.get(24)).toBe(83);
    expect(io.get(240)).toBe(1);
    expect(io.get(16)).toBe(2656224);
  });

  it('Codec 8, fourteen records in one packet, west of Greenwich', () => {
    const { records } = decodeAvlPacket(bytesOf(TRACCAR.codec8FourteenRecords));
    expect(records).toHaveLength(14);
    for (const record of records) {
      expect(record.gps.longitude).toBeCloseTo(-8.63, 1);
      expect(record.gps.latitude).toBeCloseTo(40.94, 1);
      expect(new Date(record.timestampMs).toISOString().slice(0, 10)).toBe('2017-07-05');
    }
  });

  it('Codec 8, six records south of the equator', () => {
    const { records } = decodeAvlPacket(bytesOf(TRACCAR.codec8SixRecords));
    expect(records).toHaveLength(6);
    expect(records[0]!.gps.latitude).toBe(-6.27658);
    expect(records[0]!.gps.longitude).toBe(106.7956096);
    expect(records.map((r) => ioMap(r).get(240))).toEqual([0, 1, 0, 1, 0, 0]);
  });

  it('Codec 8 Extended, two records with 2-byte ids past 255 (263, 389)', () => {
    const { records } = decodeAvlPacket(bytesOf(TRACCAR.codec8ExtendedTwoRecords));
    expect(records).toHaveLength(2);
    expect(records[0]!.gps.latitude).toBe(-33.9656016);
    expect(records[1]!.eventIoId).toBe(389);
    expect(ioMap(records[1]!).get(263)).toBe(1);
    expect(ioMap(records[0]!).get(67)).toBe(3414);
  });

  it('Codec 8 Extended, the VIN and the DTC list in the variable-length group', () => {
    const [record] = decodeAvlPacket(bytesOf(TRACCAR.codec8ExtendedVin)).records;
    const io = ioMap(record!);
    expect(io.get(239)).toBe(1);
    expect(io.get(240)).toBe(1);
    expect(Buffer.from(io.get(256) as Uint8Array).toString('latin1')).toBe('WV1ZZZ2EZ86015388');
    expect(Buffer.from(io.get(281) as Uint8Array).toString('latin1')).toBe('P0299,P0675,P0674,P0672,P0671,P0471,P2BAC');
  });

  it('Codec 8 Extended, a beacon list (IO 385) as the only element of two records', () => {
    const { records } = decodeAvlPacket(bytesOf(TRACCAR.codec8ExtendedBeacons));
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record.eventIoId).toBe(385);
      expect(record.io).toHaveLength(1);
      expect(record.io[0]).toMatchObject({ id: 385, byteLength: 'variable' });
      expect((record.io[0]!.value as Uint8Array).length).toBe(23);
    }
  });

  it('Codec 8 Extended, one record with a VIN', () => {
    const [record] = decodeAvlPacket(bytesOf(TRACCAR.codec8ExtendedOneRecord)).records;
    expect(record!.gps).toMatchObject({ longitude: 25.2545883, latitude: 54.6708533, satellites: 8 });
    expect(Buffer.from(ioMap(record!).get(256) as Uint8Array).toString('latin1')).toBe('1A1JC5444R7252367');
  });

  it('Codec 16, one record with the periodical generation type and 32 elements', () => {
    const packet = decodeAvlPacket(bytesOf(TRACCAR.codec16OneRecord));
    expect(packet.codecId).toBe(AVL_CODECS.codec16);
    const [record] = packet.records;
    expect(record!.generationType).toBe(7);
    expect(record!.io).toHaveLength(32);
    expect(record!.gps).toMatchObject({ longitude: -70.64967, latitude: -33.4379166, altitude: 571 });
  });
});

describe('decodeAvlPacket refuses', () => {
  it('a packet with any single byte of its data field or CRC changed', () => {
    const packet = bytesOf(WIKI.codec8First);
    for (let at = 8; at < packet.length; at++) {
      const corrupted = packet.slice();
      corrupted[at]! ^= 0x01;
      expect(refusal(() => decodeAvlPacket(corrupted)).code, `byte ${at}`).toBe('crc-mismatch');
    }
  });

  it('a Traccar packet flipped in one byte, naming both CRCs', () => {
    const packet = bytesOf(TRACCAR.codec8ExtendedVin);
    packet[40]! ^= 0xff;
    expect(refusal(() => decodeAvlPacket(packet)).reason).toBe('crc-mismatch: packet says 0x1ad8, data gives 0x0dcf');
  });

  it('a packet that does not start with four zero bytes', () => {
    expect(refusal(() => decodeAvlPacket(bytesOf(WIKI.handshake))).code).toBe('bad-preamble');
  });

  it('a data field length of 0 (Traccar\'s "invalid length and checksum" packet)', () => {
    expect(refusal(() => decodeAvlPacket(bytesOf(TRACCAR.codec8InvalidLength)))).toEqual({
      code: 'bad-length',
      reason: 'bad-length: data field length 0 outside 3..65536',
    });
  });

  it('Codec 12 (commands), which this server does not support', () => {
    expect(refusal(() => decodeAvlPacket(bytesOf(TRACCAR.codec12Command))).reason).toBe('unknown-codec: codec 0x0c (8, 8E and 16 are supported)');
  });

  it('record counts that disagree', () => {
    const packet = bytesOf(WIKI.codec8Third);
    packet[9] = 3;
    expect(refusal(() => decodeAvlPacket(withValidCrc(packet)))).toEqual({
      code: 'record-count-mismatch',
      reason: 'record-count-mismatch: Number of Data 1 is 3, Number of Data 2 is 2',
    });
  });

  it('records claiming more records than the data field holds', () => {
    const packet = bytesOf(WIKI.codec8Third);
    packet[9] = 3;
    packet[packet.length - 5] = 3;
    expect(refusal(() => decodeAvlPacket(withValidCrc(packet))).code).toBe('truncated');
  });

  it('records leaving bytes unread before Number of Data 2', () => {
    const packet = bytesOf(WIKI.codec8Third);
    packet[9] = 1;
    packet[packet.length - 5] = 1;
    expect(refusal(() => decodeAvlPacket(withValidCrc(packet))).reason).toMatch(/^bad-length: \d+ bytes left after 1 records$/);
  });

  it('an IO group whose count runs past the data field', () => {
    const packet = bytesOf(WIKI.codec8Second);
    // The 4-byte group's count (0) of the only record becomes 200.
    const fourByteCount = packet.length - 4 - 1 - 2;
    expect(packet[fourByteCount]).toBe(0);
    packet[fourByteCount] = 200;
    expect(refusal(() => decodeAvlPacket(withValidCrc(packet))).reason).toBe('truncated: record 1: IO 0 value runs past the data field');
  });

  it('a packet cut short or followed by stray bytes', () => {
    const packet = bytesOf(WIKI.codec8First);
    expect(refusal(() => decodeAvlPacket(packet.subarray(0, packet.length - 1))).code).toBe('truncated');
    expect(refusal(() => decodeAvlPacket(Uint8Array.of(...packet, 0))).code).toBe('bad-length');
    expect(refusal(() => decodeAvlPacket(packet.subarray(0, 5))).code).toBe('truncated');
  });
});

describe('the IMEI handshake', () => {
  it("reads the IMEI of the wiki's and of Traccar's example", () => {
    expect(decodeImeiHandshake(bytesOf(WIKI.handshake))).toBe('356307042441013');
    expect(decodeImeiHandshake(bytesOf(TRACCAR_HANDSHAKE))).toBe('123456789012345');
  });

  it('refuses what is not 15 ASCII digits', () => {
    const handshake = (text: string) => Uint8Array.of(0, text.length, ...Buffer.from(text, 'latin1'));
    for (const text of ['35630704244101', '3563070424410133', '35630704244101x', ' 56307042441013', '']) {
      expect(refusal(() => decodeImeiHandshake(handshake(text))).code, text).toBe('bad-imei');
    }
    expect(refusal(() => decodeImeiHandshake(bytesOf(WIKI.handshake).subarray(0, 10))).code).toBe('bad-length');
  });

  it('is answered 01 to accept and 00 to refuse', () => {
    expect([...encodeHandshakeAnswer(true)]).toEqual([0x01]);
    expect([...encodeHandshakeAnswer(false)]).toEqual([0x00]);
  });
});

describe('the acknowledgement of a packet', () => {
  it("is the record count as 4 bytes big-endian, as the wiki's examples answer", () => {
    expect([...encodeRecordCountAck(decodeAvlPacket(bytesOf(WIKI.codec8First)).records.length)]).toEqual([0, 0, 0, 1]);
    expect([...encodeRecordCountAck(decodeAvlPacket(bytesOf(WIKI.codec16)).records.length)]).toEqual([0, 0, 0, 2]);
    expect([...encodeRecordCountAck(258)]).toEqual([0, 0, 1, 2]);
  });
});
