// Drives the simulated fleet against a real server: stores the history each demo module is missing (the 90-day
// backfill on an empty database, the gap after a restart), then streams every minute. History goes straight
// through the ingest service in big batches; the live stream goes through a sink (ingest, or MQTT).
import type { IngestBatch, IngestService, ModuleIdentity } from '../../telemetry/types.ts';
import type { FleetSimulator } from './generator.ts';
import { SLOT_MS } from './generator.ts';
import type { SimDevice } from './fleet.ts';
import { BackfillProgress } from './progress.ts';
import type { ProgressOutput } from './progress.ts';
import type { TelemetryEnds } from './repository.ts';
import type { DemoOpcua } from './opcua-demo.ts';
import type { DemoTeltonika } from './teltonika-demo.ts';
import type { TrackerEndpoint } from './tracker-client.ts';
import { ModuleIdentities } from './sinks.ts';
import type { SimulatorLog, TelemetrySink } from './sinks.ts';
import { DAY_MS, MINUTE_MS } from '../../time/calendar.ts';
import { timeZone } from '../../time/time-zone.ts';

export interface DemoSimulatorOptions {
  /** Days of history before today (local midnight in each company's timezone). */
  historyDays: number;
  /** Days of one module per ingest batch: big batches are the fast path. */
  batchDays: number;
  output: ProgressOutput;
  log: SimulatorLog;
  /** Where the live stream goes; the history always goes straight to the ingest service. */
  liveSink: TelemetrySink;
  /** The demo's Teltonika trackers; without it their modules are left out. */
  teltonika?: DemoTeltonika;
  /** The demo's OPC UA machine (its controller played as a server); without it its module is left out. */
  opcua?: DemoOpcua;
  clock?: () => number;
}

export interface HistorySummary {
  readings: number;
  duplicates: number;
  positions: number;
  events: number;
  batches: number;
  seconds: number;
}

interface Module {
  device: SimDevice;
  identity: ModuleIdentity;
  /** The live stream continues from here. */
  liveFrom: number;
}

interface Task {
  module: Module;
  from: number;
  to: number;
}

/** A live stream that fell behind (a suspended laptop) skips what is older than this rather than flooding. */
export const MAX_LIVE_CATCH_UP_MS = 3 * 60 * MINUTE_MS;
/** Each minute is sent a little after it ends, so its last second is in the past on every clock involved. */
const TICK_DELAY_MS = 2_000;

/**
 * Where to continue after stored data whose newest reading is at `last`. Every reading covers at most its own
 * period: 5 minutes in history (timestamps on 5-minute boundaries), a minute live. So after a reading on a 5-minute
 * boundary the next 5 minutes may be covered, after any other only the next minute; continuing there never counts
 * a second twice, and leaves out at most four unsent minutes.
 */
export function resumeAfter(last: number): number {
  return last % SLOT_MS === 0 ? last + SLOT_MS : (Math.floor(last / MINUTE_MS) + 1) * MINUTE_MS;
}

export class DemoSimulator {
  private readonly clock: () => number;
  private readonly identities: ModuleIdentities;
  private modules: Module[] = [];
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  /** The backfill or live tick in progress; stop() waits for it. */
  private running: Promise<unknown> = Promise.resolve();
  private readonly failing = new Set<string>();

  constructor(
    private readonly generator: FleetSimulator,
    private readonly ingest: IngestService,
    private readonly repository: TelemetryEnds,
    private readonly options: DemoSimulatorOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.identities = new ModuleIdentities(ingest, this.clock);
  }

  /**
   * Stores what each demo module is missing from `historyDays` ago (or from where its data ends) up to the current
   * 5-minute period. With `onlyIfEmpty`, does nothing once any demo device has readings. Returns null when there
   * was nothing to do or it was stopped before starting.
   */
  async fillHistory(onlyIfEmpty = false): Promise<HistorySummary | null> {
    const run = this.fill(onlyIfEmpty);
    this.running = run.catch(() => undefined);
    return run;
  }

  private async fill(onlyIfEmpty: boolean): Promise<HistorySummary | null> {
    const now = this.clock();
    const end = Math.floor(now / SLOT_MS) * SLOT_MS;
    this.modules = await this.identifyModules(end);
    const assigned = this.modules.filter((m) => m.identity.deviceId !== null);
    const last = await this.repository.lastReadingPerDevice(
      assigned.map((m) => ({ deviceId: m.identity.deviceId as number, parameters: [...m.device.parameters] })),
    );
    if (onlyIfEmpty && last.size > 0) return null;
    const tasks: Task[] = [];
    for (const module of assigned) {
      const zone = timeZone(module.device.company.timezone);
      const firstDay = zone.dayOf(now) - this.options.historyDays;
      const stored = last.get(module.identity.deviceId as number);
      // A tracker's readings are at its records' instants, each covering the time after it: it resumes right after.
      // The OPC UA connector's work and activity are pieces cut at 5-minute boundaries, at any second: after its last
      // reading, only the next 5-minute period is sure not to be counted already.
      const resume = (at: number) =>
        module.device.protocol === 'teltonika' ? at + 1 : module.device.protocol === 'opcua' ? Math.floor(at / SLOT_MS) * SLOT_MS + SLOT_MS : resumeAfter(at);
      const from = Math.max(zone.startOfDay(firstDay), stored ? resume(stored.getTime()) : 0);
      module.liveFrom = Math.max(end, from);
      if (from >= end) continue;
      // Batches of `batchDays` whole local days counted from the first day; the first may start later in its days.
      for (let day = firstDay; ; day += this.options.batchDays) {
        const chunkEnd = Math.min(end, zone.startOfDay(day + this.options.batchDays));
        if (chunkEnd > from) tasks.push({ module, from: Math.max(from, zone.startOfDay(day)), to: chunkEnd });
        if (chunkEnd >= end) break;
      }
    }
    if (tasks.length === 0 || this.stopping) return null;
    // Oldest first across all modules, so an interrupted backfill leaves every module with a continuous history.
    tasks.sort((a, b) => a.from - b.from || a.module.device.index - b.module.device.index);
    return this.store(tasks);
  }

  private async store(tasks: Task[]): Promise<HistorySummary> {
    const began = performance.now();
    const total = tasks.reduce((sum, t) => sum + (t.to - t.from), 0);
    // A bar for a real backfill; a restart that fills a few hours just gets its summary line.
    const modules = new Set(tasks.map((t) => t.module)).size;
    const progress = total > modules * DAY_MS ? new BackfillProgress(this.options.output, 'Demo history') : null;
    const summary: HistorySummary = { readings: 0, duplicates: 0, positions: 0, events: 0, batches: 0, seconds: 0 };
    let done = 0;
    let sent = 0;
    let completed = 0;
    const generate = (task: Task) => this.generator.generate(task.module.device.serial, task.from, task.to, 'history');
    // A tracker's range is made and stored on its own (teltonika-demo.ts); the batch slot stays empty for it.
    const tracker = (task: Task) => (task.module.device.protocol === 'teltonika' ? this.options.teltonika : undefined);
    const prepare = (task: Task): IngestBatch => (tracker(task) ? { readings: [], positions: [], events: [] } : generate(task));
    let next: IngestBatch | null = prepare(tasks[0] as Task);
    for (let i = 0; i < tasks.length && next && !this.stopping; i++) {
      const task = tasks[i] as Task;
      const empty = next.readings.length + next.positions.length + next.events.length === 0;
      const teltonika = tracker(task);
      const pending = teltonika ? teltonika.history(task.module.device, task.from, task.to) : empty ? null : this.ingest.ingest(task.module.identity, next);
      // Generating the next batch while the database writes this one (it overlaps on PostgreSQL).
      next = i + 1 < tasks.length ? prepare(tasks[i + 1] as Task) : null;
      const result = await pending;
      if (result) {
        summary.readings += result.readings;
        summary.duplicates += result.duplicates;
        summary.positions += result.positions;
        summary.events += result.events;
        summary.batches++;
        sent += result.readings + result.duplicates;
      }
      completed++;
      done += task.to - task.from;
      progress?.update(done / total, sent);
      // PGlite answers without real I/O, so this loop would never give the event loop a turn: no signal (SIGTERM)
      // would be handled and no timer would fire until the whole backfill was done.
      await new Promise((resolve) => setImmediate(resolve));
    }
    summary.seconds = (performance.now() - began) / 1000;
    const interrupted = completed < tasks.length ? ' (stopped early; the next start continues)' : '';
    const line =
      `Demo history: ${summary.readings.toLocaleString('en-US')} readings, ${summary.positions.toLocaleString('en-US')} positions, ` +
      `${summary.events.toLocaleString('en-US')} events stored in ${summary.seconds.toFixed(1)} s${interrupted}`;
    if (progress) progress.finish(line);
    else this.options.output.write(`${line}\n`);
    return summary;
  }

  /**
   * Authenticates every demo module as the module itself would; one an administrator removed is left out. A
   * database without the demo (seeded before, or by someone else) gets one line, not a warning per module.
   */
  private async identifyModules(liveFrom: number): Promise<Module[]> {
    const modules: Module[] = [];
    const refused: Array<{ serial: string; error: unknown }> = [];
    for (const device of this.generator.fleet.devices) {
      const teltonika = device.protocol === 'teltonika' ? this.options.teltonika : undefined;
      const opcua = device.protocol === 'opcua' ? this.options.opcua : undefined;
      if ((device.protocol === 'teltonika' && !teltonika) || (device.protocol === 'opcua' && !opcua)) continue;
      try {
        const identity = teltonika
          ? await teltonika.identify(device)
          : opcua
            ? await opcua.identify(device)
            : await this.identities.identify({ serial: device.serial, securityCode: device.securityCode });
        modules.push({ device, identity, liveFrom });
      } catch (error) {
        refused.push({ serial: device.serial, error });
      }
    }
    if (modules.length === 0) this.options.log.info('demo simulator: no demo module in this database, nothing to simulate');
    else for (const { serial, error } of refused) this.options.log.warn({ serial, err: error }, 'demo simulator: module not accepted by ingest, left out');
    return modules;
  }

  /** Where the Teltonika listener took connections (its bound port), or null when it is off; call before startLive(). */
  useTeltonikaListener(endpoint: TrackerEndpoint | null): void {
    this.options.teltonika?.useListener(endpoint);
  }

  /**
   * Starts the controllers of the demo's OPC UA machines (their live data is read by the connector, not sent by the
   * simulator); call after fillHistory(), before startLive(). Resolves to "<machine> at <endpoint>" lines, empty when
   * OPCUA_DEMO_PORT is off; a machine that could not start is logged and stays without live data.
   */
  async startOpcuaMachines(): Promise<string[]> {
    const opcua = this.options.opcua;
    const machines = this.modules.filter((m) => m.device.protocol === 'opcua').map((m) => m.device);
    if (!opcua?.enabled || machines.length === 0 || this.stopping) return [];
    try {
      const endpoints = await opcua.start(machines);
      return machines.map((device, i) => `${device.name} at ${endpoints[i] ?? '(not started)'}`);
    } catch (error) {
      this.options.log.warn({ err: error }, 'demo simulator: the OPC UA machine could not start, so it sends no live data');
      await opcua.stop();
      return [];
    }
  }

  /** Streams every minute from where the history ends; call after fillHistory(). */
  startLive(): void {
    if (this.stopping || this.timer || this.modules.length === 0) return;
    const arm = () => {
      const now = this.clock();
      const wait = Math.ceil((now - TICK_DELAY_MS + 1) / MINUTE_MS) * MINUTE_MS + TICK_DELAY_MS - now;
      this.timer = setTimeout(() => {
        const tick = this.tick();
        this.running = tick;
        void tick.then(() => {
          if (!this.stopping) arm();
        });
      }, wait);
      this.timer.unref();
    };
    this.options.log.info(`demo simulator: live data every minute for ${this.modules.length} modules through ${this.options.liveSink.description}`);
    const trackers = this.modules.filter((m) => m.device.protocol === 'teltonika').map((m) => `${m.device.name} (IMEI ${m.device.serial})`);
    if (trackers.length > 0) {
      this.options.log.info(
        this.options.teltonika?.listening
          ? `demo simulator: the Teltonika tracker of ${trackers.join(', ')} sends to the listener over TCP`
          : `demo simulator: the Teltonika listener is off (TELTONIKA_PORT=off), so the tracker of ${trackers.join(', ')} sends no live data`,
      );
    }
    const machines = this.modules.filter((m) => m.device.protocol === 'opcua').map((m) => m.device.name);
    if (machines.length > 0) {
      this.options.log.info(
        this.options.opcua?.endpointUrls.length
          ? `demo simulator: ${machines.join(', ')} is read over OPC UA from ${this.options.opcua.endpointUrls.join(', ')} by the connector`
          : `demo simulator: the OPC UA machine is off (OPCUA_DEMO_PORT=off), so ${machines.join(', ')} has no live data`,
      );
    }
    arm();
  }

  /** Sends every module's minutes up to the last whole minute; a module whose send failed is retried next time. */
  async tick(): Promise<void> {
    const to = Math.floor(this.clock() / MINUTE_MS) * MINUTE_MS;
    for (const module of this.modules) {
      if (this.stopping) return;
      const from = Math.max(module.liveFrom, to - MAX_LIVE_CATCH_UP_MS);
      if (from >= to) continue;
      // The OPC UA machine's live data is what the connector reads from its controller: nothing is sent for it here.
      if (module.device.protocol === 'opcua') continue;
      const teltonika = module.device.protocol === 'teltonika' ? this.options.teltonika : undefined;
      if (teltonika && !teltonika.listening) continue;
      const credentials = { serial: module.device.serial, securityCode: module.device.securityCode };
      try {
        if (teltonika) await teltonika.live(module.device, from, to);
        else await this.options.liveSink.send(credentials, this.generator.generate(module.device.serial, from, to, 'live'));
        module.liveFrom = to;
        this.failing.delete(module.device.serial);
      } catch (error) {
        if (!this.failing.has(module.device.serial))
          this.options.log.warn({ serial: module.device.serial, err: error }, 'demo simulator: live data not accepted, will resend');
        this.failing.add(module.device.serial);
      }
    }
  }

  /** Stops the stream: the batch or tick in progress finishes, nothing new starts. The caller closes the database. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.options.liveSink.close();
    this.options.teltonika?.close();
    await this.options.opcua?.stop();
  }
}
