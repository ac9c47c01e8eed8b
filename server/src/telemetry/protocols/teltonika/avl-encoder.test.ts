import { describe, expect, it } from 'vitest';
import { TRACCAR, WIKI, bytesOf } from '../../../../test/teltonika-fixtures.ts';
import { decodeAvlPacket } from './avl-decoder.ts';
import { encodeAvlPacket } from './avl-encoder.ts';
import { AVL_CODECS } from './avl-types.ts';
import type { AvlPacket } from './avl-types.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('encodeAvlPacket', () => {
  // Real packets whose element totals are the sum of their groups, as the encoder writes them.
  for (const [name, fixture] of [
    ['Codec 8 Extended (Traccar, one record with a VIN)', TRACCAR.codec8ExtendedOneRecord],
    ['Codec 8 (Traccar, one record)', TRACCAR.codec8OneRecord],
    ['Codec 8 (wiki, 1st example)', WIKI.codec8First],
    ['Codec 16 (Traccar, one record)', TRACCAR.codec16OneRecord],
  ] as const) {
    it(`encodes the decoded records of a real packet to the same bytes: ${name}`, () => {
      const bytes = bytesOf(fixture);
      expect(hex(encodeAvlPacket(decodeAvlPacket(bytes)))).toBe(hex(bytes));
    });
  }

  it('round-trips a Codec 8 Extended packet of every group through the decoder', () => {
    const packet: AvlPacket = {
      codecId: AVL_CODECS.codec8Extended,
      records: [
        {
          timestampMs: Date.parse('2026-11-28T06:00:00Z'),
          priority: 1,
          gps: { longitude: -3.7037902, latitude: 40.4167754, altitude: -12, angle: 359, satellites: 9, speed: 14 },
          eventIoId: 239,
          generationType: null,
          io: [
            { id: 239, byteLength: 1, value: 1 },
            { id: 240, byteLength: 1, value: 0 },
            { id: 66, byteLength: 2, value: 24_123 },
            { id: 16, byteLength: 4, value: 4_000_000_000 },
            { id: 78, byteLength: 8, value: 0xffee_ddcc_bbaa_9988n },
            { id: 256, byteLength: 'variable', value: Uint8Array.from(Buffer.from('WVWZZZ1JZXW000001')) },
          ],
        },
        {
          timestampMs: Date.parse('2026-11-28T06:00:30Z'),
          priority: 0,
          gps: { longitude: 0, latitude: 0, altitude: 0, angle: 0, satellites: 0, speed: 0 },
          eventIoId: 0,
          generationType: null,
          io: [],
        },
      ],
    };
    expect(decodeAvlPacket(encodeAvlPacket(packet))).toEqual(packet);
  });

  it('round-trips Codec 8 and Codec 16 (with its generation type)', () => {
    const record = {
      timestampMs: Date.parse('2026-11-28T06:00:00Z'),
      priority: 0,
      gps: { longitude: 24.1051865, latitude: 56.9496487, altitude: 7, angle: 90, satellites: 5, speed: 3 },
      eventIoId: 240,
      io: [
        { id: 240, byteLength: 1 as const, value: 1 },
        { id: 207, byteLength: 8 as const, value: 123_456_789n },
      ],
    };
    const codec8: AvlPacket = { codecId: AVL_CODECS.codec8, records: [{ ...record, generationType: null }] };
    const codec16: AvlPacket = { codecId: AVL_CODECS.codec16, records: [{ ...record, generationType: 4 }] };
    expect(decodeAvlPacket(encodeAvlPacket(codec8))).toEqual(codec8);
    expect(decodeAvlPacket(encodeAvlPacket(codec16))).toEqual(codec16);
  });

  it('round-trips a packet larger than its first buffer (a real one: 14 records)', () => {
    const bytes = bytesOf(TRACCAR.codec8FourteenRecords);
    const packet = decodeAvlPacket(bytes);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(decodeAvlPacket(encodeAvlPacket(packet))).toEqual(packet);
  });

  it('refuses what a packet cannot hold', () => {
    expect(() => encodeAvlPacket({ codecId: AVL_CODECS.codec8, records: [] })).toThrow(RangeError);
    const variable = {
      timestampMs: 0,
      priority: 0,
      gps: { longitude: 0, latitude: 0, altitude: 0, angle: 0, satellites: 0, speed: 0 },
      eventIoId: 0,
      generationType: null,
      io: [{ id: 1, byteLength: 'variable' as const, value: new Uint8Array(1) }],
    };
    expect(() => encodeAvlPacket({ codecId: AVL_CODECS.codec8, records: [variable] })).toThrow(RangeError);
  });
});
