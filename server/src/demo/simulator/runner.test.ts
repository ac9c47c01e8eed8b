import { afterEach, describe, expect, it, vi } from 'vitest';
import { mqttIngestPayloadSchema } from '@gearwatch/contracts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { IngestBatch, IngestResult, IngestService, ModuleIdentity } from '../../telemetry/types.ts';
import { FleetSimulator, SLOT_MS } from './generator.ts';
import type { Resolution } from './generator.ts';
import { DemoSimulator, MAX_LIVE_CATCH_UP_MS, resumeAfter } from './runner.ts';
import type { DeviceParameters, TelemetryEnds } from './repository.ts';
import { toMqttMessages } from './sinks.ts';
import type { ModuleCredentials, TelemetrySink } from './sinks.ts';
import { MINUTE_MS } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';

/** Records every range it is asked for. */
class RecordingSimulator extends FleetSimulator {
  readonly ranges: Array<{ serial: string; from: number; to: number; resolution: Resolution }> = [];

  override generate(serial: string, from: number, to: number, resolution: Resolution): IngestBatch {
    this.ranges.push({ serial, from, to, resolution });
    return super.generate(serial, from, to, resolution);
  }
}

/** The ingest service's contract, kept in memory: modules are numbered by fleet position. */
class FakeIngest implements IngestService {
  readonly batches: Array<{ serial: string; batch: IngestBatch }> = [];
  removed = new Set<string>();
  hold: Promise<void> | null = null;

  constructor(private readonly simulator: FleetSimulator) {}

  async authenticate(serial: string, code: string): Promise<ModuleIdentity> {
    const device = this.simulator.fleet.devices.find((d) => d.serial === serial);
    if (!device || device.securityCode !== code || this.removed.has(serial)) throw new UnauthorizedError();
    return {
      sensorId: 100 + device.index,
      serialNumber: serial,
      companyId: device.company.index + 1,
      deviceId: 200 + device.index,
      timezone: device.company.timezone,
    };
  }

  async ingest(module: ModuleIdentity, batch: IngestBatch): Promise<IngestResult> {
    if (this.hold) await this.hold;
    this.batches.push({ serial: module.serialNumber, batch });
    return { readings: batch.readings.length, duplicates: 0, unassigned: 0, positions: batch.positions.length, events: batch.events.length };
  }
}

class FakeEnds implements TelemetryEnds {
  constructor(readonly last = new Map<number, Date>()) {}
  async lastReadingPerDevice(devices: DeviceParameters[]): Promise<Map<number, Date>> {
    return new Map([...this.last].filter(([id]) => devices.some((d) => d.deviceId === id)));
  }
}

class RecordingSink implements TelemetrySink {
  readonly description = 'a test sink';
  readonly sent: Array<{ module: ModuleCredentials; batch: IngestBatch }> = [];
  refuse = new Set<string>();
  closed = false;
  async send(module: ModuleCredentials, batch: IngestBatch): Promise<void> {
    if (this.refuse.has(module.serial)) throw new Error('refused');
    this.sent.push({ module, batch });
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

const NOW = Date.parse('2026-06-10T10:07:30Z');

/** The modules these runners drive: the Teltonika tracker needs its own path (teltonika-demo.test.ts), left out here. */
const modulesOf = (simulator: FleetSimulator) => simulator.fleet.devices.filter((d) => d.protocol === 'gearwatch');

function setup(options: { last?: Map<number, Date>; historyDays?: number } = {}) {
  const simulator = new RecordingSimulator();
  const ingest = new FakeIngest(simulator);
  const sink = new RecordingSink();
  const output = {
    text: '',
    isTTY: false,
    write(chunk: string) {
      this.text += chunk;
      return true;
    },
  };
  const warnings: string[] = [];
  const infos: string[] = [];
  const clock = { now: NOW };
  const runner = new DemoSimulator(simulator, ingest, new FakeEnds(options.last), {
    historyDays: options.historyDays ?? 2,
    batchDays: 1,
    output,
    log: { info: (message) => infos.push(message), warn: (details, message) => warnings.push(`${message} ${JSON.stringify(details)}`) },
    liveSink: sink,
    clock: () => clock.now,
  });
  return { simulator, ingest, sink, output, warnings, infos, clock, runner };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('demo simulator: history', () => {
  it('stores each module’s missing days oldest first, a day per batch, up to the current 5-minute period', async () => {
    const { simulator, ingest, output, runner } = setup();
    const summary = await runner.fillHistory();
    const end = Math.floor(NOW / SLOT_MS) * SLOT_MS;
    for (const device of modulesOf(simulator)) {
      const ranges = simulator.ranges.filter((r) => r.serial === device.serial);
      const zone = timeZone(device.company.timezone);
      expect(ranges[0]?.from).toBe(zone.startOfDay(zone.dayOf(NOW) - 2));
      expect(ranges.at(-1)?.to).toBe(end);
      ranges.forEach((r, i) => {
        expect(r.resolution).toBe('history');
        if (i > 0) expect(r.from).toBe(ranges[i - 1]?.to);
        expect(r.to - r.from).toBeLessThanOrEqual(25 * 3_600_000);
      });
    }
    const starts = simulator.ranges.map((r) => r.from);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const stored = ingest.batches.reduce((sum, b) => sum + b.batch.readings.length, 0);
    expect(summary).toMatchObject({ readings: stored, batches: ingest.batches.length });
    expect(stored).toBeGreaterThan(1000);
    expect(output.text).toContain('Demo history: starting');
    expect(output.text).toMatch(/Demo history: \d+% [\d,]+ readings, [\d,]+\/s, ETA \d+:\d\d/);
    expect(output.text).toContain(`Demo history: ${stored.toLocaleString('en-US')} readings,`);
  });

  it('continues after the stored data, and leaves out a module the database no longer accepts', async () => {
    const lastTs = new Date(NOW - 5 * 3_600_000 - 7 * MINUTE_MS);
    const probe = setup();
    const resumed = probe.simulator.fleet.devices[3];
    const removed = probe.simulator.fleet.devices[5];
    if (!resumed || !removed) throw new Error('fleet too small');
    const { simulator, ingest, warnings, runner } = setup({ last: new Map([[200 + resumed.index, lastTs]]) });
    ingest.removed.add(removed.serial);
    await runner.fillHistory();
    expect(simulator.ranges.filter((r) => r.serial === resumed.serial)[0]?.from).toBe(resumeAfter(lastTs.getTime()));
    expect(ingest.batches.some((b) => b.serial === removed.serial)).toBe(false);
    expect(warnings.join('\n')).toContain(removed.serial);
  });

  it('says once that there is nothing to simulate in a database without the demo modules', async () => {
    const { simulator, ingest, warnings, infos, sink, runner } = setup();
    for (const device of simulator.fleet.devices) ingest.removed.add(device.serial);
    expect(await runner.fillHistory()).toBeNull();
    runner.startLive();
    await runner.tick();
    expect(sink.sent).toEqual([]);
    expect(warnings).toEqual([]);
    expect(infos).toEqual(['demo simulator: no demo module in this database, nothing to simulate']);
  });

  it('leaves a demo that already has data alone when asked to fill only an empty one', async () => {
    const { ingest, runner } = setup({ last: new Map([[200, new Date(NOW - 86_400_000)]]) });
    expect(await runner.fillHistory(true)).toBeNull();
    expect(ingest.batches).toEqual([]);
  });

  it('stops after the batch it is writing when asked to stop', async () => {
    const { ingest, sink, runner } = setup();
    let release = () => undefined as void;
    ingest.hold = new Promise<void>((resolve) => (release = resolve));
    const filling = runner.fillHistory();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const stopping = runner.stop();
    release();
    const summary = await filling;
    await stopping;
    expect(summary?.batches).toBe(1);
    expect(ingest.batches).toHaveLength(1);
    expect(sink.closed).toBe(true);
  });

  it('fills a restart’s gap with a summary line but no bar, and sends no empty batch', async () => {
    const probe = setup();
    const last = new Map(probe.simulator.fleet.devices.map((d) => [200 + d.index, new Date(NOW - 3_600_000)] as const));
    const { simulator, ingest, output, runner } = setup({ last });
    const summary = await runner.fillHistory();
    expect(simulator.ranges.length).toBe(modulesOf(simulator).length);
    expect(ingest.batches.length).toBe(summary?.batches);
    expect(ingest.batches.length).toBeLessThan(simulator.ranges.length);
    expect(ingest.batches.every(({ batch }) => batch.readings.length + batch.positions.length + batch.events.length > 0)).toBe(true);
    expect(output.text).not.toContain('starting');
    expect(output.text).toMatch(/^Demo history: [\d,]+ readings, [\d,]+ positions, [\d,]+ events stored in [\d.]+ s\n$/);
  });

  it('continues after the period the last stored reading covers', () => {
    expect(new Date(resumeAfter(Date.parse('2026-06-10T10:10:00Z'))).toISOString()).toBe('2026-06-10T10:15:00.000Z');
    expect(new Date(resumeAfter(Date.parse('2026-06-10T10:14:00Z'))).toISOString()).toBe('2026-06-10T10:15:00.000Z');
    expect(new Date(resumeAfter(Date.parse('2026-06-10T10:12:00Z'))).toISOString()).toBe('2026-06-10T10:13:00.000Z');
  });
});

describe('demo simulator: live', () => {
  it('sends every module the minutes since the history ended, and resends what a sink refused', async () => {
    const { simulator, sink, clock, runner } = setup();
    await runner.fillHistory();
    const historyEnd = Math.floor(NOW / SLOT_MS) * SLOT_MS;
    const refused = simulator.fleet.devices[0]?.serial as string;
    sink.refuse.add(refused);
    clock.now = NOW + 3 * MINUTE_MS;
    await runner.tick();
    const minute = Math.floor(clock.now / MINUTE_MS) * MINUTE_MS;
    const live = () => simulator.ranges.filter((r) => r.resolution === 'live');
    expect(live()).toHaveLength(modulesOf(simulator).length);
    expect(live().every((r) => r.from === historyEnd && r.to === minute)).toBe(true);
    expect(sink.sent).toHaveLength(modulesOf(simulator).length - 1);

    sink.refuse.clear();
    clock.now += MINUTE_MS;
    await runner.tick();
    const second = live().slice(modulesOf(simulator).length);
    expect(second.find((r) => r.serial === refused)).toMatchObject({ from: historyEnd, to: minute + MINUTE_MS });
    expect(second.filter((r) => r.serial !== refused).every((r) => r.from === minute)).toBe(true);

    // A stream that fell hours behind (a suspended machine) skips what is older than the catch-up limit.
    clock.now += 10 * 3_600_000;
    await runner.tick();
    const third = live().slice(2 * modulesOf(simulator).length);
    expect(third.every((r) => r.to - r.from === MAX_LIVE_CATCH_UP_MS)).toBe(true);
  });

  it('ticks a little after each minute once started, until stopped', async () => {
    const { simulator, sink, clock, runner } = setup();
    await runner.fillHistory();
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    runner.startLive();
    clock.now = Date.parse('2026-06-10T10:08:02Z');
    await vi.advanceTimersByTimeAsync(Date.parse('2026-06-10T10:08:02Z') - NOW);
    expect(sink.sent).toHaveLength(modulesOf(simulator).length);
    await runner.stop();
    clock.now += 5 * MINUTE_MS;
    await vi.advanceTimersByTimeAsync(5 * MINUTE_MS);
    expect(sink.sent).toHaveLength(modulesOf(simulator).length);
  });

  it('publishes the MQTT payloads the ingest contract accepts, readings always (a heartbeat)', () => {
    const simulator = new FleetSimulator();
    // The start of a Wednesday morning shift in Warsaw: some truck has card and power events and drives.
    const from = Date.parse('2026-06-10T03:30:00Z');
    const batches = simulator.fleet.devices.map((d) => ({ device: d, batch: simulator.generate(d.serial, from, from + 2 * 3_600_000, 'live') }));
    const busy = batches.find(({ batch }) => batch.positions.length > 0 && batch.events.length > 0);
    if (!busy) throw new Error('no truck started work');
    const messages = toMqttMessages(busy.device.securityCode, busy.batch);
    expect(messages.map((m) => m.kind)).toEqual(['readings', 'positions', 'events']);
    for (const message of messages) expect(mqttIngestPayloadSchema.parse(message.payload)).toEqual(message.payload);
    expect(toMqttMessages('CODE', { readings: [], positions: [], events: [] })).toEqual([{ kind: 'readings', payload: { code: 'CODE', items: [] } }]);
  });
});
