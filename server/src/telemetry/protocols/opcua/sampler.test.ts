import { describe, expect, it } from 'vitest';
import type { OpcuaMapping } from '@gearwatch/contracts';
import { dateText } from '../../../time/calendar.ts';
import { timeZone } from '../../../time/time-zone.ts';
import { ModuleSampler, STATE_HEARTBEAT_MS, stateOf } from './sampler.ts';

const RUNNING: OpcuaMapping = { kind: 'running', nodeId: 'ns=1;s=Running', parameter: null, multiplier: 1, offset: 0, workValues: [], activeValues: [] };
const STATE: OpcuaMapping = { kind: 'state', nodeId: 'ns=1;s=Mode', parameter: null, multiplier: 1, offset: 0, workValues: [1], activeValues: [2] };
const COUNTER: OpcuaMapping = { kind: 'counter', nodeId: 'ns=1;s=Parts', parameter: 3, multiplier: 1, offset: 0, workValues: [], activeValues: [] };
const warsaw = timeZone('Europe/Warsaw');

/** A seeded pseudo-random sequence, so a failure repeats. */
function random(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Per local day (Warsaw): the readings' sums of parameters 1 and 2. */
function perDay(readings: { parameter: number; ts: Date; value: number }[]): Map<string, { work: number; active: number }> {
  const days = new Map<string, { work: number; active: number }>();
  for (const r of readings) {
    const day = dateText(warsaw.dayOf(r.ts.getTime()));
    const sums = days.get(day) ?? { work: 0, active: 0 };
    if (r.parameter === 1) sums.work += r.value;
    if (r.parameter === 2) sums.active += r.value;
    days.set(day, sums);
  }
  return days;
}

/**
 * The raw computation: second by second over the session, the state last sampled at or before that second, summed
 * per local day; nothing outside [sessionStart, lostAt).
 */
function rawPerDay(changes: { at: number; running: boolean }[], from: number, to: number): Map<string, { work: number; active: number }> {
  const days = new Map<string, { work: number; active: number }>();
  let i = -1;
  for (let t = from; t < to; t += 1000) {
    while (i + 1 < changes.length && changes[i + 1]!.at <= t) i++;
    if (i < 0) continue;
    const day = dateText(warsaw.dayOf(t));
    const sums = days.get(day) ?? { work: 0, active: 0 };
    sums.active += 1;
    if (changes[i]!.running) sums.work += 1;
    days.set(day, sums);
  }
  return days;
}

describe('OPC UA samples to work and activity', () => {
  it('a running node gives work and activity per local day equal to a raw computation, across midnight and a DST day', () => {
    for (const [start, end] of [
      ['2026-03-28T20:00:00Z', '2026-03-30T03:00:00Z'], // spring forward in Warsaw: a 23-hour day
      ['2026-10-24T20:00:00Z', '2026-10-26T03:00:00Z'], // fall back: a 25-hour day
    ] as const) {
      const from = Date.parse(start);
      const to = Date.parse(end);
      const next = random(from / 1000);
      const sampler = new ModuleSampler([RUNNING], 7, {});
      sampler.sessionStarted(from);
      const changes: { at: number; running: boolean }[] = [];
      const readings = [];
      let running = false;
      // Changes at whole seconds, minutes to hours apart; the connector's flush once a second with its heartbeat.
      const at = from + 2000;
      changes.push({ at, running });
      sampler.add({ nodeId: RUNNING.nodeId, value: running, sourceMs: at });
      let nextChange = at + Math.floor(next() * 3 * 3600) * 1000;
      for (let now = at; now <= to; now += 10_000) {
        if (now >= nextChange) {
          running = !running;
          changes.push({ at: nextChange, running });
          sampler.add({ nodeId: RUNNING.nodeId, value: running, sourceMs: nextChange });
          nextChange += (60 + Math.floor(next() * 3 * 3600)) * 1000;
        }
        sampler.heartbeat(now);
        readings.push(...sampler.drain().readings);
      }
      sampler.sessionLost(to);
      readings.push(...sampler.drain().readings);
      expect(perDay(readings)).toEqual(rawPerDay(changes, from, to));
      // No reading spans a 5-minute boundary, so every rollup level buckets it with the seconds it stands for.
      for (const r of readings) expect(Math.floor(r.ts.getTime() / 300_000)).toBe(Math.floor((r.ts.getTime() + Math.max(1, r.value * 1000) - 1) / 300_000));
    }
  });

  it('counts nothing while the session is down, nor before it began', () => {
    const sampler = new ModuleSampler([RUNNING], 7, {}, STATE_HEARTBEAT_MS);
    const t0 = Date.parse('2026-06-01T10:00:00Z');
    sampler.sessionStarted(t0);
    // The machine says it has been running since an hour before the session: counted from the session's start.
    sampler.add({ nodeId: RUNNING.nodeId, value: true, sourceMs: t0 - 3_600_000 });
    sampler.heartbeat(t0 + 120_000);
    sampler.sessionLost(t0 + 150_000);
    sampler.sessionStarted(t0 + 600_000);
    sampler.add({ nodeId: RUNNING.nodeId, value: true, sourceMs: t0 + 600_000 });
    sampler.heartbeat(t0 + 660_000);
    const readings = sampler.drain().readings;
    const active = readings.filter((r) => r.parameter === 2);
    expect(active.reduce((sum, r) => sum + r.value, 0)).toBe(150 + 60);
    expect(active.every((r) => r.ts.getTime() < t0 + 150_000 || r.ts.getTime() >= t0 + 600_000)).toBe(true);
  });

  it('a state node: work values, active values and anything else off; an unknown status counts nothing', () => {
    expect(stateOf(STATE, 1)).toEqual({ on: true, working: true });
    expect(stateOf(STATE, 2)).toEqual({ on: true, working: false });
    expect(stateOf(STATE, 0)).toEqual({ on: false, working: false });
    expect(stateOf(STATE, null)).toEqual({ on: null, working: null });
    expect(stateOf(RUNNING, false)).toEqual({ on: true, working: false });
  });

  it('a counter: increases counted, a reset counted from zero, marks of another device not used', () => {
    const sampler = new ModuleSampler([COUNTER], 7, { [COUNTER.nodeId]: { raw: 100, deviceId: 6 } });
    const at = (s: number) => Date.parse('2026-06-01T10:00:00Z') + s * 1000;
    for (const [s, raw] of [
      [0, 120],
      [1, 125],
      [2, 4],
      [3, 4],
      [4, 9],
    ] as const)
      sampler.add({ nodeId: COUNTER.nodeId, value: raw, sourceMs: at(s) });
    const batch = sampler.drain();
    expect(batch.readings.map((r) => [r.ts.getTime(), r.value])).toEqual([
      [at(1), 5],
      [at(2), 4],
      [at(4), 5],
    ]);
    expect(batch.counters).toEqual({ [COUNTER.nodeId]: { raw: 9, deviceId: 7 } });
  });
});
