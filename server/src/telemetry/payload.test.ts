import { describe, expect, it } from 'vitest';
import { INGEST_MESSAGE_KEYS, ingestEventSchema, ingestPositionSchema, ingestReadingSchema, ingestTimestampSchema } from '@gearwatch/contracts';
import { parseIngestBody, parseMqttItems } from './payload.ts';
import { parseTimestamp } from './timestamps.ts';
import { moduleTopic, parseModuleTopic, subscriptionFilters } from './mqtt-topics.ts';
import { partitionsFor } from './partitions.ts';

const NOW = Date.UTC(2026, 5, 1, 12);

describe('parseTimestamp', () => {
  it('reads ISO-8601 with a zone to the millisecond, as Date does', () => {
    for (const text of [
      '2026-03-29T01:59:59.999+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-10-25T02:30:00.1-05:30',
      '2024-02-29T23:59:59Z',
      '2026-01-01T00:00:00.123456Z',
    ]) {
      expect(parseTimestamp(text), text).toBe(Date.parse(text));
    }
    expect(parseTimestamp(1_767_225_600_123)).toBe(1_767_225_600_123);
  });

  it('refuses what is not a real, zoned instant', () => {
    for (const value of [
      '2026-02-30T00:00:00Z',
      '2025-02-29T00:00:00Z',
      '2026-01-01T00:00Z',
      '2026-01-01T00:00:00',
      '2026-01-01T00:00:00+0200',
      '2026-01-01T24:00:00Z',
      '2026-01-01 00:00:00Z',
      '2026-01-01T00:00:00.Z',
      '2026-01-01T00:00:00Zx',
      'yesterday',
      1.5,
      null,
      {},
    ]) {
      expect(parseTimestamp(value), String(value)).toBeNaN();
    }
  });

  it('agrees with the contract schema on what is a timestamp', () => {
    const samples = [
      '2026-05-01T10:00:00Z',
      '2026-05-01T10:00:00.5+02:00',
      '2026-02-30T00:00:00Z',
      '2026-05-01T10:00Z',
      '2026-05-01T10:00:00+0200',
      'x',
      1_767_225_600_000,
      1.5,
    ];
    for (const sample of samples) {
      expect(Number.isNaN(parseTimestamp(sample)), String(sample)).toBe(!ingestTimestampSchema.safeParse(sample).success);
    }
  });
});

describe('parseIngestBody', () => {
  it('converts a valid body into a typed batch', () => {
    const result = parseIngestBody(
      {
        readings: [{ p: 3, t: '2026-06-01T13:00:00+02:00', v: 42.5 }],
        positions: [{ t: NOW - 1000, lat: 52, lon: 21 }],
        events: [
          { t: NOW - 500, type: 'rfid_on', rfid: ' 00AB ' },
          { t: NOW - 400, type: 'rfid_off' },
        ],
      },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      batch: {
        readings: [{ parameter: 3, ts: new Date(Date.UTC(2026, 5, 1, 11)), value: 42.5 }],
        positions: [{ ts: new Date(NOW - 1000), lat: 52, lon: 21, accuracy: null }],
        events: [
          { ts: new Date(NOW - 500), type: 'rfid_on', rfid: '00AB' },
          { ts: new Date(NOW - 400), type: 'rfid_off', rfid: null },
        ],
      },
    });
  });

  it('accepts what the contract schemas accept, and refuses what they refuse', () => {
    const items = {
      readings: [
        { p: 1, t: NOW, v: 1 },
        { p: 1.5, t: NOW, v: 1 },
        { p: 1, t: NOW, v: '1' },
        { p: 1, t: NOW },
        { p: 1, t: NOW, v: 1, extra: true },
        { p: 1, t: NOW, v: -1 },
        { p: 2, t: NOW, v: 86_401 },
        { p: 2, t: NOW, v: 86_400 },
        { p: 3, t: NOW, v: -1e12 },
        { p: 3, t: NOW, v: 1.1e12 },
        { p: 7, t: NOW, v: 1e308 },
      ],
      positions: [
        { t: NOW, lat: 0, lon: 0, acc: null },
        { t: NOW, lat: 0, lon: 181 },
        { t: NOW, lat: 0, lon: 0, acc: -1 },
      ],
      events: [
        { t: NOW, type: 'power_on' },
        { t: NOW, type: 'rfid_on', rfid: '' },
        { t: NOW, type: 'reboot' },
        { t: NOW, type: 'rfid_off', rfid: 'x'.repeat(65) },
      ],
    } as const;
    const schemas = { readings: ingestReadingSchema, positions: ingestPositionSchema, events: ingestEventSchema };
    for (const [kind, list] of Object.entries(items) as [keyof typeof items, readonly unknown[]][]) {
      list.forEach((item, index) => {
        const ours = parseIngestBody({ [kind]: [item] }, NOW).ok;
        expect(ours, `${kind}.${index}`).toBe(schemas[kind].safeParse(item).success);
      });
    }
  });

  it("refuses a value beyond its kind's range as value-out-of-range, and a missing or non-numeric one as before", () => {
    const result = parseMqttItems(
      'readings',
      [
        { p: 1, t: NOW, v: -0.5 },
        { p: 5, t: NOW, v: -1e308 },
        { p: 5, t: NOW, v: 'x' },
        { p: 5, t: NOW },
        { p: 5, t: NOW, v: 5 },
      ],
      NOW,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.errors).toEqual({
        'items.0.v': [INGEST_MESSAGE_KEYS.valueOutOfRange],
        'items.1.v': [INGEST_MESSAGE_KEYS.valueOutOfRange],
        'items.2.v': ['form.field.error.incorrect'],
        'items.3.v': ['form.field.error.not-blank'],
      });
    }
  });

  it('keys MQTT item errors by items.N', () => {
    const result = parseMqttItems(
      'positions',
      [
        { t: NOW, lat: 1, lon: 1 },
        { t: NOW + 600_000, lat: 1, lon: 1 },
      ],
      NOW,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.errors).toEqual({ 'items.1.t': [INGEST_MESSAGE_KEYS.timestampOutOfRange] });
    expect(parseMqttItems('events', 'nope', NOW)).toMatchObject({ ok: false, error: { errors: { items: ['form.field.error.incorrect'] } } });
  });
});

describe('module topics and partitions', () => {
  it('names and recognises module topics', () => {
    expect(moduleTopic('GW2024000101', 'readings')).toBe('modules/GW2024000101/readings');
    expect(parseModuleTopic('site/modules/GW1/events', 'site/')).toEqual({ serialNumber: 'GW1', kind: 'events' });
    expect(parseModuleTopic('modules/GW1/logs')).toBeNull();
    expect(parseModuleTopic('modules//readings')).toBeNull();
    expect(subscriptionFilters('gearwatch')).toEqual([
      '$share/gearwatch/modules/+/readings',
      '$share/gearwatch/modules/+/positions',
      '$share/gearwatch/modules/+/events',
    ]);
  });

  it('puts timestamps in UTC-month partitions', () => {
    const parts = partitionsFor([new Date('2026-12-31T23:59:59.999Z'), new Date('2027-01-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z')]);
    expect(parts.map((p) => [p.name, p.from.toISOString(), p.to.toISOString()])).toEqual([
      ['readings_y2026m12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
      ['readings_y2027m01', '2027-01-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'],
    ]);
  });
});
