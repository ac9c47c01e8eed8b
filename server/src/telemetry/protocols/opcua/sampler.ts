import type { OpcuaMapping } from '@gearwatch/contracts';
import { MINUTE_MS } from '../../../time/calendar.ts';
import type { ReadingInput } from '../../types.ts';
import type { WorkActivitySample } from '../teltonika/work-activity.ts';
import { workActivityReadings } from '../teltonika/work-activity.ts';

/** One sample of a monitored node: its value (null when its status is not Good) and its source timestamp. */
export interface NodeSample {
  nodeId: string;
  value: number | boolean | null;
  sourceMs: number;
}

/** A counter node's last raw value, and the device it counted for (a module moved to another device starts over). */
export interface CounterMark {
  raw: number;
  deviceId: number | null;
}
export type CounterState = Record<string, CounterMark>;

/** What one flush stores: the readings and the counters' marks after them (saved in the same transaction). */
export interface SamplerBatch {
  readings: ReadingInput[];
  counters: CounterState;
}

/**
 * How often an unchanged running or state node is closed into readings while the machine is connected, so the
 * dashboard sees the minute's work without waiting for the next change.
 */
export const STATE_HEARTBEAT_MS = MINUTE_MS;
/**
 * Intervals between state samples longer than this are no data. The connector closes an interval at least every
 * STATE_HEARTBEAT_MS while it hears from the machine, and ends it with an unknown sample when the session is lost,
 * so this only guards against a stalled process: the keep-alive (10 s) and the heartbeat with a wide margin.
 */
export const STATE_MAX_GAP_MS = 5 * MINUTE_MS;

/** The machine's activity as a work/activity sample: switched on (ignition) and working (moving); null unknown. */
export function stateOf(mapping: OpcuaMapping, value: number | boolean | null): { on: boolean | null; working: boolean | null } {
  if (value === null) return { on: null, working: null };
  if (mapping.kind === 'running') return { on: true, working: value === true || value === 1 };
  const code = Number(value);
  if (mapping.workValues.includes(code)) return { on: true, working: true };
  if (mapping.activeValues.includes(code)) return { on: true, working: false };
  return { on: false, working: false };
}

/**
 * Turns one module's node samples into readings (docs/opcua.md "From nodes to data"), for one session at a time:
 * - `value` nodes: each Good sample is `raw × multiplier + offset` at its source timestamp;
 * - `counter` nodes: each rise over the last raw value is a reading of the increase × multiplier; a fall is a reset
 *   (a PLC restart) and the new raw value is what was counted since; the first sample ever only sets the mark;
 * - the `running` or `state` node: the Teltonika rule of work and activity (work-activity.ts) over samples whose
 *   times are the source timestamps but never before the session began or an earlier sample, so only time while a
 *   session was up is counted, and the time the session was lost ends the last interval with an unknown state.
 */
export class ModuleSampler {
  private readonly byNode = new Map<string, OpcuaMapping>();
  private readings: ReadingInput[] = [];
  private stateSamples: WorkActivitySample[] = [];
  private counters: CounterState;
  private sessionStartMs: number | null = null;

  constructor(
    mapping: readonly OpcuaMapping[],
    private readonly deviceId: number | null,
    counters: CounterState,
    /** STATE_HEARTBEAT_MS; tests shorten it. */
    private readonly heartbeatMs: number = STATE_HEARTBEAT_MS,
  ) {
    for (const m of mapping) this.byNode.set(m.nodeId, m);
    // Marks counted for another device are not this device's: its first sample sets a new mark.
    this.counters = Object.fromEntries(Object.entries(counters).filter(([, mark]) => mark.deviceId === deviceId));
  }

  /** A session began at `atMs`: nothing before it is counted as work or activity. */
  sessionStarted(atMs: number): void {
    this.sessionStartMs = atMs;
  }

  /** The session was lost; `lastHeardMs` is the last time the machine answered. The state is unknown from then on. */
  sessionLost(lastHeardMs: number): void {
    const last = this.stateSamples.at(-1);
    if (last && last.ignition !== null) {
      const at = Math.max(lastHeardMs, last.timestampMs);
      this.stateSamples.push({ ...last, timestampMs: at }, { timestampMs: at, ignition: null, moving: null });
    }
    this.sessionStartMs = null;
  }

  add(sample: NodeSample): void {
    const mapping = this.byNode.get(sample.nodeId);
    if (!mapping) return;
    if (mapping.kind === 'running' || mapping.kind === 'state') return this.addState(mapping, sample);
    if (sample.value === null) return;
    const raw = Number(sample.value);
    if (!Number.isFinite(raw)) return;
    const ts = new Date(sample.sourceMs);
    if (mapping.kind === 'value') {
      this.readings.push({ parameter: mapping.parameter!, ts, value: raw * mapping.multiplier + mapping.offset });
      return;
    }
    const mark = this.counters[mapping.nodeId];
    this.counters[mapping.nodeId] = { raw, deviceId: this.deviceId };
    if (!mark) return;
    const increase = raw >= mark.raw ? raw - mark.raw : raw;
    if (increase > 0) this.readings.push({ parameter: mapping.parameter!, ts, value: increase * mapping.multiplier });
  }

  /** While the machine answers (`lastHeardMs`), closes the current state into readings once a STATE_HEARTBEAT_MS. */
  heartbeat(lastHeardMs: number): void {
    const last = this.stateSamples.at(-1);
    if (this.sessionStartMs === null || !last || last.ignition === null) return;
    if (lastHeardMs - last.timestampMs >= this.heartbeatMs) this.stateSamples.push({ ...last, timestampMs: lastHeardMs });
  }

  /** The readings gathered since the last drain; the last state sample stays to start the next interval. */
  drain(): SamplerBatch {
    const readings = [...this.readings, ...workActivityReadings(this.stateSamples, STATE_MAX_GAP_MS)];
    this.readings = [];
    this.stateSamples = this.stateSamples.slice(-1);
    return { readings, counters: { ...this.counters } };
  }

  private addState(mapping: OpcuaMapping, sample: NodeSample): void {
    if (this.sessionStartMs === null) return;
    const { on, working } = stateOf(mapping, sample.value);
    const last = this.stateSamples.at(-1);
    const at = Math.max(sample.sourceMs, this.sessionStartMs, last?.timestampMs ?? -Infinity);
    this.stateSamples.push({ timestampMs: at, ignition: on, moving: working });
  }
}
