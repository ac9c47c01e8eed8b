import { TELTONIKA_IO } from '@gearwatch/contracts';
import type { EventInput, IngestBatch, PositionInput, ReadingInput } from '../../types.ts';
import { sameCard } from '../../operator-sessions.ts';
import type { AvlIoElement, AvlRecord } from './avl-types.ts';
import { workActivityReadings, workActivitySampleOf } from './work-activity.ts';
import type { WorkActivitySample } from './work-activity.ts';

/** A parameter of the device's type that takes its value from one IO element: raw × multiplier + offset. */
export interface IoParameterMapping {
  parameter: number;
  ioId: number;
  multiplier: number;
  offset: number;
}

/** What a module's packet is read against: its device type's mapping and what earlier packets left. */
export interface AvlMappingContext {
  parameters: readonly IoParameterMapping[];
  sendPeriodSeconds: number;
  /** The module's latest record stored so far (teltonika_last_records); null before its first packet. */
  lastRecord: WorkActivitySample | null;
  /** The card in the device's reader now (device_state.current_rfid); null when none. */
  currentCard: string | null;
}

export interface MappedPacket {
  batch: IngestBatch;
  /** The latest record after this packet, to store with its commit. */
  lastRecord: WorkActivitySample;
}

/**
 * One packet's records as the product's data (docs/teltonika.md, "From records to data"): positions from the GPS
 * element, readings from the IO-mapped parameters, work and active from ignition and movement, operator card
 * events from iButton (IO 78) or RFID (IO 207). Pure: the same records and context give the same batch, so a
 * packet sent again stores nothing new.
 */
export function mapAvlRecords(records: readonly AvlRecord[], context: AvlMappingContext): MappedPacket {
  if (records.length === 0) throw new RangeError('a packet has at least one record');
  const ordered = [...records].sort((a, b) => a.timestampMs - b.timestampMs);
  const samples = ordered.map((r) => workActivitySampleOf(r));
  const first = samples[0]!;
  const latest = samples.at(-1)!;
  // The stored last record opens the interval to this packet's first record, but only when it is older: a packet
  // sent again (or one of records older than it) lies at or before it, and its intervals were counted already.
  const { lastRecord } = context;
  const withPrevious = lastRecord && lastRecord.timestampMs < first.timestampMs ? [lastRecord, ...samples] : samples;
  const maxGapMs = 2 * context.sendPeriodSeconds * 1000;
  return {
    batch: {
      readings: [...ioReadings(ordered, context.parameters), ...workActivityReadings(withPrevious, maxGapMs)],
      positions: ordered.flatMap((r) => positionOf(r) ?? []),
      events: cardEvents(ordered, context.currentCard),
    },
    lastRecord: lastRecord && lastRecord.timestampMs > latest.timestampMs ? lastRecord : latest,
  };
}

/** A position only from a fix: with no satellites (or at 0/0) the device repeats its last known position. */
function positionOf(record: AvlRecord): PositionInput | null {
  const { latitude, longitude, satellites } = record.gps;
  if (satellites === 0 || (latitude === 0 && longitude === 0)) return null;
  return { ts: new Date(record.timestampMs), lat: latitude, lon: longitude, accuracy: null };
}

/** A fixed-size element's value as a number (8-byte values may lose precision past 2^53, as any double does). */
function numericValue(element: AvlIoElement): number | null {
  if (element.byteLength === 'variable') return null;
  return element.byteLength === 8 ? Number(element.value) : element.value;
}

function ioReadings(records: readonly AvlRecord[], parameters: readonly IoParameterMapping[]): ReadingInput[] {
  const readings: ReadingInput[] = [];
  if (parameters.length === 0) return readings;
  for (const record of records) {
    for (const mapping of parameters) {
      const element = record.io.find((e) => e.id === mapping.ioId);
      const raw = element ? numericValue(element) : null;
      if (raw === null) continue;
      readings.push({ parameter: mapping.parameter, ts: new Date(record.timestampMs), value: raw * mapping.multiplier + mapping.offset });
    }
  }
  return readings;
}

/** The card a record reports: its id as 16 uppercase hex digits, 0 for none in the reader, undefined when not reported. */
function cardOf(record: AvlRecord): string | 0 | undefined {
  let reported: string | 0 | undefined;
  for (const element of record.io) {
    if (element.id !== TELTONIKA_IO.iButton && element.id !== TELTONIKA_IO.rfid) continue;
    if (element.byteLength === 'variable') continue;
    const value = BigInt(element.value);
    if (value !== 0n) return value.toString(16).toUpperCase().padStart(16, '0');
    reported = 0;
  }
  return reported;
}

/**
 * A card that differs from the one in the reader is applied (rfid_on; the operator sessions end the previous one);
 * 0 after a card is its removal (rfid_off). The same card reported again changes nothing.
 */
function cardEvents(records: readonly AvlRecord[], currentCard: string | null): EventInput[] {
  const events: EventInput[] = [];
  let current = currentCard;
  for (const record of records) {
    const card = cardOf(record);
    if (card === undefined) continue;
    const ts = new Date(record.timestampMs);
    if (card === 0) {
      if (current !== null) events.push({ ts, type: 'rfid_off', rfid: current });
      current = null;
    } else if (current === null || !sameCard(current, card)) {
      events.push({ ts, type: 'rfid_on', rfid: card });
      current = card;
    }
  }
  return events;
}
