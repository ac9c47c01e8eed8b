// Where the live stream goes: straight into the ingest service, or, when MQTT_URL is set, to the broker on the
// modules' topics so the demo exercises the real MQTT path (docs/ingest.md: modules/{serial}/readings|positions|
// events, payload {code, items}, QoS 1). Either way the module authenticates with its serial and security code.
import { connect } from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { IngestRequest, MqttIngestKind, MqttIngestPayload } from '@gearwatch/contracts';
import type { IngestBatch, IngestService, ModuleIdentity } from '../../telemetry/types.ts';
import { moduleTopic } from '../../telemetry/mqtt-topics.ts';

/** A module as the simulator knows it: what is printed on it. */
export interface ModuleCredentials {
  serial: string;
  securityCode: string;
}

export interface SimulatorLog {
  info(message: string): void;
  warn(details: object, message: string): void;
}

export interface TelemetrySink {
  readonly description: string;
  /**
   * Sends one module's batch (an empty one is a heartbeat: the module is online with nothing to report). Resolves
   * once stored (ingest) or acknowledged by the broker (MQTT); rejects when it was not, so the caller resends.
   */
  send(module: ModuleCredentials, batch: IngestBatch): Promise<void>;
  close(): Promise<void>;
}

/** How long a module's identity is trusted before asking again: an administrator may move or deactivate it. */
const IDENTITY_TTL_MS = 10 * 60_000;

/** Authenticates modules like the HTTP route does and keeps the identity for a while. */
export class ModuleIdentities {
  private readonly cache = new Map<string, { identity: ModuleIdentity; until: number }>();

  constructor(
    private readonly ingest: IngestService,
    private readonly clock: () => number = Date.now,
  ) {}

  async identify(module: ModuleCredentials): Promise<ModuleIdentity> {
    const cached = this.cache.get(module.serial);
    if (cached && cached.until > this.clock()) return cached.identity;
    const identity = await this.ingest.authenticate(module.serial, module.securityCode);
    this.cache.set(module.serial, { identity, until: this.clock() + IDENTITY_TTL_MS });
    return identity;
  }

  forget(serial: string): void {
    this.cache.delete(serial);
  }
}

export class IngestSink implements TelemetrySink {
  readonly description = 'the ingest service';

  constructor(
    private readonly ingest: IngestService,
    private readonly identities: ModuleIdentities,
  ) {}

  async send(module: ModuleCredentials, batch: IngestBatch): Promise<void> {
    try {
      await this.ingest.ingest(await this.identities.identify(module), batch);
    } catch (error) {
      this.identities.forget(module.serial);
      throw error;
    }
  }

  async close(): Promise<void> {}
}

/** The wire form of a batch per topic kind (contracts/src/ingest.ts), timestamps in epoch milliseconds. */
export function toMqttMessages(code: string, batch: IngestBatch): Array<{ kind: MqttIngestKind; payload: MqttIngestPayload }> {
  const readings: NonNullable<IngestRequest['readings']> = batch.readings.map((r) => ({ p: r.parameter, t: r.ts.getTime(), v: r.value }));
  const positions: NonNullable<IngestRequest['positions']> = batch.positions.map((p) => ({ t: p.ts.getTime(), lat: p.lat, lon: p.lon, acc: p.accuracy }));
  const events: NonNullable<IngestRequest['events']> = batch.events.map((e) =>
    e.rfid ? { t: e.ts.getTime(), type: e.type, rfid: e.rfid } : { t: e.ts.getTime(), type: e.type },
  );
  const messages: Array<{ kind: MqttIngestKind; payload: MqttIngestPayload }> = [];
  // Readings always go out, empty or not: the message is the module's heartbeat.
  messages.push({ kind: 'readings', payload: { code, items: readings } });
  if (positions.length > 0) messages.push({ kind: 'positions', payload: { code, items: positions } });
  if (events.length > 0) messages.push({ kind: 'events', payload: { code, items: events } });
  return messages;
}

export interface MqttSinkOptions {
  url: string;
  /** Namespaces the topics on a shared broker (tests); the subscriber must use the same prefix. */
  topicPrefix?: string;
  log: SimulatorLog;
}

export class MqttSink implements TelemetrySink {
  readonly description: string;
  private warnedOffline = false;

  private constructor(
    private readonly client: MqttClient,
    private readonly options: MqttSinkOptions,
  ) {
    this.description = `MQTT at ${redact(options.url)}`;
  }

  /** Connects in the background: the broker may come up after the server, and mqtt.js reconnects on its own. */
  static open(options: MqttSinkOptions): MqttSink {
    const { url, log } = options;
    // A fresh id per process: the simulator plays the modules, it needs no session kept for it across restarts.
    const client = connect(url, {
      clientId: `gearwatch-simulator-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
      reconnectPeriod: 5_000,
      connectTimeout: 10_000,
    });
    const sink = new MqttSink(client, options);
    client.on('connect', () => {
      // The first connection is announced with the live stream; only a recovery after a warning is news.
      if (sink.warnedOffline) log.info(`demo simulator: publishing to ${sink.description} again`);
      sink.warnedOffline = false;
    });
    // Connection errors are retried by the client; they must not crash the server.
    client.on('error', (error) => log.warn({ err: error }, 'demo simulator: MQTT error'));
    return sink;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  async send(module: ModuleCredentials, batch: IngestBatch): Promise<void> {
    if (!this.client.connected) {
      // Messages would pile up in memory while the broker is away; the caller resends the range later instead.
      if (!this.warnedOffline) this.options.log.warn({ broker: this.description }, 'demo simulator: broker not connected, live data waits');
      this.warnedOffline = true;
      throw new Error('MQTT broker not connected');
    }
    for (const { kind, payload } of toMqttMessages(module.securityCode, batch)) {
      await this.client.publishAsync(moduleTopic(module.serial, kind, this.options.topicPrefix), JSON.stringify(payload), { qos: 1 });
    }
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}

/** A broker URL without its password, for logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured broker';
  }
}
