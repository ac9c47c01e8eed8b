import mqtt from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import { DEFAULT_SHARE_GROUP, subscriptionFilters } from './mqtt-topics.ts';
import { MAX_MQTT_CONNECTIONS, connectionClientIds } from './mqtt-client-id.ts';
import { createMessageHandler } from './mqtt-message-handler.ts';
import type { MessageHandler, Outcome, SubscriberLog } from './mqtt-message-handler.ts';
import { drainSession } from './mqtt-session-drain.ts';
import type { IngestRejectLog, IngestService } from './types.ts';

export type { SubscriberLog } from './mqtt-message-handler.ts';

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
  private readonly handle: MessageHandler;
  private readonly filters: string[];
  private surplusDrained: Promise<void> = Promise.resolve();

  constructor(
    ingest: IngestService & IngestRejectLog,
    private readonly options: MqttSubscriberOptions,
  ) {
    this.handle = createMessageHandler(ingest, options.log, options.topicPrefix ?? '');
    this.filters = subscriptionFilters(options.shareGroup ?? DEFAULT_SHARE_GROUP, options.topicPrefix ?? '');
    this.connections = connectionClientIds(options.clientId, options.connections ?? DEFAULT_MQTT_CONNECTIONS).map(
      (clientId) => new BrokerConnection(clientId, options, this.filters, this.handle),
    );
  }

  /**
   * Connects and subscribes every connection; resolves once all are subscribed, rejects on the first connection
   * error (the clients keep retrying in the background, and subscribe whenever they connect). Then, in the
   * background, drains the sessions of connections this id opened before with a higher MQTT_CONNECTIONS.
   */
  async start(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.start()));
    const surplus = connectionClientIds(this.options.clientId, MAX_MQTT_CONNECTIONS).slice(this.connections.length);
    this.surplusDrained = this.drain(surplus).then(() => undefined);
  }

  /** Stops taking messages, lets the batches being stored finish (and be acknowledged), then disconnects. */
  async stop(): Promise<void> {
    await this.surplusDrained;
    await Promise.all(this.connections.map((connection) => connection.stop()));
  }

  /**
   * Stores what the broker kept for sessions nobody resumes (ids no running subscriber uses) and ends them; true
   * when none is left holding anything.
   */
  async drain(clientIds: string[]): Promise<boolean> {
    let complete = true;
    for (const clientId of clientIds) {
      const result = await drainSession({
        url: this.options.url,
        clientId,
        filters: this.filters,
        topicPrefix: this.options.topicPrefix ?? '',
        handle: this.handle,
        log: this.options.log,
      });
      if (result === 'failed') complete = false;
    }
    return complete;
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
    private readonly handle: MessageHandler,
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
