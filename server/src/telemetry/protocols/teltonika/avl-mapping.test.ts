import { describe, expect, it } from 'vitest';
import { PARAMETER_NUMBERS, TELTONIKA_IO } from '@gearwatch/contracts';
import { TRACCAR, bytesOf } from '../../../../test/teltonika-fixtures.ts';
import { decodeAvlPacket } from './avl-decoder.ts';
import { mapAvlRecords } from './avl-mapping.ts';
import type { AvlMappingContext } from './avl-mapping.ts';
import type { AvlIoElement, AvlRecord } from './avl-types.ts';

const T0 = Date.parse('2026-06-01T10:00:00Z');
const SECOND = 1000;
const fix = { longitude: 21.0122287, latitude: 52.2296756, altitude: 100, angle: 0, satellites: 7, speed: 5 };

function record(offsetSeconds: number, io: AvlIoElement[], gps = fix): AvlRecord {
  return { timestampMs: T0 + offsetSeconds * SECOND, priority: 0, gps, eventIoId: 0, generationType: null, io };
}

const flags = (ignition: number, moving: number): AvlIoElement[] => [
  { id: TELTONIKA_IO.ignition, byteLength: 1, value: ignition },
  { id: TELTONIKA_IO.movement, byteLength: 1, value: moving },
];
const card = (id: number, value: bigint): AvlIoElement => ({ id, byteLength: 8, value });

const context = (overrides: Partial<AvlMappingContext> = {}): AvlMappingContext => ({
  parameters: [],
  sendPeriodSeconds: 60,
  lastRecord: null,
  currentCard: null,
  ...overrides,
});
const compact = (readings: { parameter: number; ts: Date; value: number }[]) => readings.map((r) => [r.parameter, (r.ts.getTime() - T0) / SECOND, r.value]);

describe('mapAvlRecords', () => {
  it('keeps positions only from a fix: none with 0 satellites or at 0/0', () => {
    const { batch } = mapAvlRecords(
      [record(0, []), record(10, [], { ...fix, satellites: 0 }), record(20, [], { ...fix, latitude: 0, longitude: 0 })],
      context(),
    );
    expect(batch.positions).toEqual([{ ts: new Date(T0), lat: fix.latitude, lon: fix.longitude, accuracy: null }]);
  });

  it("reads IO-mapped parameters as raw × multiplier + offset at the record's time; 8-byte values as numbers; variable ones ignored", () => {
    const parameters = [
      { parameter: 5, ioId: TELTONIKA_IO.externalVoltage, multiplier: 0.001, offset: 0 },
      { parameter: 6, ioId: TELTONIKA_IO.totalOdometer, multiplier: 1, offset: -100 },
      { parameter: 7, ioId: 300, multiplier: 2, offset: 0 },
    ];
    const { batch } = mapAvlRecords(
      [
        record(0, [
          { id: TELTONIKA_IO.externalVoltage, byteLength: 2, value: 12_500 },
          { id: TELTONIKA_IO.totalOdometer, byteLength: 8, value: 1_000n },
          { id: 300, byteLength: 'variable', value: new Uint8Array([1]) },
        ]),
        record(30, [{ id: TELTONIKA_IO.externalVoltage, byteLength: 2, value: 12_000 }]),
      ],
      context({ parameters }),
    );
    expect(compact(batch.readings)).toEqual([
      [5, 0, 12.5],
      [6, 0, 900],
      [5, 30, 12],
    ]);
  });

  it('derives work and active with the stored last record first and a gap of twice the send period', () => {
    const lastRecord = { timestampMs: T0 - 100 * SECOND, ignition: true, moving: true };
    const { batch, lastRecord: latest } = mapAvlRecords([record(0, flags(1, 0)), record(30, flags(0, 0))], context({ lastRecord, sendPeriodSeconds: 50 }));
    expect(compact(batch.readings)).toEqual([
      [PARAMETER_NUMBERS.work, -100, 100],
      [PARAMETER_NUMBERS.active, -100, 100],
      [PARAMETER_NUMBERS.work, 0, 0],
      [PARAMETER_NUMBERS.active, 0, 30],
    ]);
    expect(latest).toEqual({ timestampMs: T0 + 30 * SECOND, ignition: false, moving: false });
    // Over twice the send period the interval is no data.
    const far = mapAvlRecords([record(0, flags(1, 0))], context({ lastRecord: { ...lastRecord, timestampMs: T0 - 101 * SECOND }, sendPeriodSeconds: 50 }));
    expect(far.batch.readings).toEqual([]);
  });

  it('gives a packet sent again the same readings, and keeps the later stored record', () => {
    const records = [record(0, flags(1, 1)), record(30, flags(1, 0)), record(60, flags(0, 0))];
    const first = mapAvlRecords(records, context({ lastRecord: { timestampMs: T0 - 30 * SECOND, ignition: true, moving: true } }));
    const again = mapAvlRecords(records, context({ lastRecord: first.lastRecord }));
    const firstKeys = new Set(first.batch.readings.map((r) => `${r.parameter}@${r.ts.getTime()}=${r.value}`));
    expect(again.batch.readings.every((r) => firstKeys.has(`${r.parameter}@${r.ts.getTime()}=${r.value}`))).toBe(true);
    expect(again.batch.readings.length).toBeGreaterThan(0);
    const older = mapAvlRecords([record(-500, flags(1, 1))], context({ lastRecord: first.lastRecord }));
    expect(older.lastRecord).toEqual(first.lastRecord);
  });

  it('opens a session for a new card on IO 78 or 207 and closes it with 0, as 16 uppercase hex digits', () => {
    const { batch } = mapAvlRecords(
      [
        record(0, [card(TELTONIKA_IO.iButton, 0xabcdefn)]),
        record(10, [card(TELTONIKA_IO.iButton, 0xabcdefn)]),
        record(20, [card(TELTONIKA_IO.iButton, 0n)]),
        record(30, [card(TELTONIKA_IO.iButton, 0n)]),
        record(40, [card(TELTONIKA_IO.rfid, 0x1122334455667788n)]),
        record(50, [card(TELTONIKA_IO.rfid, 0x99n)]),
      ],
      context(),
    );
    expect(batch.events.map((e) => [(e.ts.getTime() - T0) / SECOND, e.type, e.rfid])).toEqual([
      [0, 'rfid_on', '0000000000ABCDEF'],
      [20, 'rfid_off', '0000000000ABCDEF'],
      [40, 'rfid_on', '1122334455667788'],
      [50, 'rfid_on', '0000000000000099'],
    ]);
  });

  it("starts from the device's current card: the same card is no event, 0 closes it", () => {
    const same = mapAvlRecords([record(0, [card(TELTONIKA_IO.iButton, 0xabcdefn)])], context({ currentCard: '0000000000abcdef' }));
    expect(same.batch.events).toEqual([]);
    const removed = mapAvlRecords([record(0, [card(TELTONIKA_IO.iButton, 0n)])], context({ currentCard: '0000000000ABCDEF' }));
    expect(removed.batch.events).toEqual([{ ts: new Date(T0), type: 'rfid_off', rfid: '0000000000ABCDEF' }]);
    expect(mapAvlRecords([record(0, [card(TELTONIKA_IO.iButton, 0n)])], context()).batch.events).toEqual([]);
  });

  it('maps a real packet: one position per record with a fix, no readings without a mapping', () => {
    const records = decodeAvlPacket(bytesOf(TRACCAR.codec8ThreeRecords)).records;
    const { batch } = mapAvlRecords(records, context());
    expect(batch.positions).toHaveLength(records.filter((r) => r.gps.satellites > 0).length);
    expect(batch.positions.length).toBeGreaterThan(0);
  });
});
