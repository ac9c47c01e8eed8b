import mqtt from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import { UnauthorizedError, ValidationError } from '../http/errors.ts';
import { DEFAULT_SHARE_GROUP, parseModuleTopic, subscriptionFilters } from './mqtt-topics.ts';
import { connectionClientIds } from './mqtt-client-id.ts';
import { parseMqttItems } from './payload.ts';
import type { IngestRejectLog, IngestService } from './types.ts';

export interface SubscriberLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MqttSubscriberOptions {
  url: string;
  /** Stable per instance: the broker keeps this client's session, and what it did not acknowledge, across restarts. */
  clientId: string;
  /** Connections to the broker, each a member of the share group (default DEFAULT_MQTT_CONNECTIONS). */
  connections?: number;
  shareGroup?: string;
  /** Namespaces the topics on a broker shared by several deployments (and test runs). */
  topicPrefix?: string;
  /** How long the broker keeps the session while the instance is away. */
  sessionExpirySeconds?: number;
  /** Wait before reconnecting after a batch could not be stored, so a database outage is not a tight loop. */
  retryDelayMs?: number;
  log: SubscriberLog;
}

type Outcome = 'acknowledge' | 'redeliver';

/**
 * Two connections store two messages at once: one is parsed and checked while the database writes the other, as two
 * HTTP clients' batches are. One connection alone ran at two thirds of that (docs/performance.md).
 */
export const DEFAULT_MQTT_CONNECTIONS = 2;

/**
 * Takes module batches from MQTT (QoS 1, shared subscription, persistent session) and acknowledges each message only
 * after its batch is committed. mqtt.js's customHandleAcks (MQTT 5) holds the PUBACK until we call back, and mqtt.js
 * reads a connection's next packet only after that: a connection stores one message at a time, in order. So the
 * subscriber opens several connections (`connections`), all members of the same share group, and the broker deals
 * the messages out between them; each keeps its own persistent session under an id derived from `clientId`.
 *
 * A refused batch (bad payload, unknown module) is acknowledged and kept in ingest_rejects, so it is not redelivered
 * forever; a batch the database could not take is not acknowledged: its connection is dropped, and on reconnect the
 * broker delivers the message again. Storing is idempotent, so a batch committed but whose acknowledgement was lost
 * changes nothing the second time.
 */
export class MqttIngestSubscriber {
  private readonly connections: BrokerConnection[];

  constructor(
    private readonly ingest: IngestService & IngestRejectLog,
    private readonly options: MqttSubscriberOptions,
  ) {
    const prefix = options.topicPrefix ?? '';
    const handle = (topic: string, message: Buffer) => this.handle(topic, message, prefix);
    this.connections = connectionClientIds(options.clientId, options.connections ?? DEFAULT_MQTT_CONNECTIONS).map(
      (clientId) => new BrokerConnection(clientId, options, subscriptionFilters(options.shareGroup ?? DEFAULT_SHARE_GROUP, prefix), handle),
    );
  }

  /**
   * Connects and subscribes every connection; resolves once all are subscribed, rejects on the first connection
   * error (the clients keep retrying in the background, and subscribe whenever they connect).
   */
  async start(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.start()));
  }

  /** Stops taking messages, lets the batches being stored finish (and be acknowledged), then disconnects. */
  async stop(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.stop()));
  }

  /** Handles one message; never throws. */
  private async handle(topic: string, message: Buffer, prefix: string): Promise<Outcome> {
    const payload = message.toString('utf8');
    const target = parseModuleTopic(topic, prefix);
    const reject = async (reason: string): Promise<Outcome> => {
      await this.ingest.recordReject({ source: 'mqtt', topic, serialNumber: target?.serialNumber ?? null, reason, payload });
      this.options.log.warn({ topic, reason }, 'mqtt batch refused');
      return 'acknowledge';
    };
    try {
      if (!target) return await reject('not a module topic');
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        return await reject('payload is not JSON');
      }
      const { code, items } = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; items?: unknown };
      if (typeof code !== 'string' || code === '') return await reject('code: the security code is missing');
      let module;
      try {
        module = await this.ingest.authenticate(target.serialNumber, code);
      } catch (error) {
        if (error instanceof UnauthorizedError) return await reject('unknown module, wrong code or inactive module');
        throw error;
      }
      const parsed = parseMqttItems(target.kind, items);
      if (!parsed.ok) return await reject(describeValidation(parsed.error));
      try {
        await this.ingest.ingest(module, parsed.batch);
      } catch (error) {
        if (error instanceof ValidationError) return await reject(describeValidation(error));
        throw error;
      }
      return 'acknowledge';
    } catch (error) {
      this.options.log.error({ err: error, topic }, 'mqtt batch not stored; it will be delivered again');
      return 'redeliver';
    }
  }
}

/** One connection of the subscriber: its own client id and session, one message at a time. */
class BrokerConnection {
  private client: MqttClient | null = null;
  private stopping = false;
  private inFlight: Promise<void> = Promise.resolve();
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly clientId: string,
    private readonly options: MqttSubscriberOptions,
    private readonly filters: string[],
    private readonly handle: (topic: string, message: Buffer) => Promise<Outcome>,
  ) {}

  async start(): Promise<void> {
    const clientOptions: IClientOptions = {
      clientId: this.clientId,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: this.options.sessionExpirySeconds ?? 7 * 24 * 3600 },
      reconnectPeriod: 1000,
      customHandleAcks: (topic, message, _packet, done) => {
        if (this.stopping) return; // left unacknowledged: the broker delivers it again after the restart
        this.enqueue(topic, message, (outcome) => {
          if (outcome === 'acknowledge') done(0);
          else this.redeliverLater();
        });
      },
    };
    const client = mqtt.connect(this.options.url, clientOptions);
    this.client = client;
    // QoS 0 messages get no acknowledgement, so customHandleAcks never sees them; QoS 1 ones pass here too, after.
    client.on('message', (topic, message, packet) => {
      if (packet.qos === 0 && !this.stopping) this.enqueue(topic, message, () => undefined);
    });
    const subscribed = new Promise<void>((resolve, reject) => {
      client.once('error', reject);
      client.on('connect', (connack) => {
        this.options.log.info({ clientId: this.clientId, sessionPresent: connack.sessionPresent }, 'mqtt connected');
        // A resumed session keeps its subscriptions; subscribing again is harmless and covers an expired one.
        client.subscribeAsync(this.filters, { qos: 1 }).then(
          () => {
            client.off('error', reject);
            resolve();
          },
          (error: unknown) => {
            this.options.log.error({ err: error }, 'mqtt subscribe failed');
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    });
    client.on('error', (error) => this.options.log.warn({ err: error, clientId: this.clientId }, 'mqtt connection error'));
    await subscribed;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.inFlight;
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync();
  }

  /** Messages of this connection are handled strictly one after another, in the order they arrived. */
  private enqueue(topic: string, message: Buffer, then: (outcome: Outcome) => void): void {
    this.inFlight = this.inFlight
      .then(async () => then(await this.handle(topic, message)))
      .catch((error: unknown) => this.options.log.error({ err: error, topic }, 'mqtt acknowledgement failed'));
  }

  /**
   * The broker only redelivers an unacknowledged message when the session resumes, so the connection is dropped
   * and made again after a pause; the messages queued behind it are delivered again as well.
   */
  private redeliverLater(): void {
    const client = this.client;
    if (!client || this.stopping || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.stopping || this.client !== client) return;
      client.end(true, {}, () => {
        if (!this.stopping && this.client === client) client.reconnect();
      });
    }, this.options.retryDelayMs ?? 2000);
  }
}

function describeValidation(error: ValidationError): string {
  const fields = Object.entries(error.errors).map(([field, keys]) => `${field}: ${keys.join(', ')}`);
  return ['invalid items', ...error.rootErrors, ...fields].join('; ');
}
