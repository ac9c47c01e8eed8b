import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { IConnackPacket } from 'mqtt';
import type { MessageHandler, SubscriberLog } from './mqtt-message-handler.ts';

export interface DrainOptions {
  url: string;
  /** The id whose session is drained; it must not be in use by a running subscriber. */
  clientId: string;
  /** The filters the session subscribed to (the shared subscription), given up before draining. */
  filters: string[];
  /** Namespaces the end-of-queue marker's topic like the module topics. */
  topicPrefix: string;
  handle: MessageHandler;
  log: SubscriberLog;
}

/** `empty`: no session was kept under the id; `drained`: its messages are stored and it is ended; `failed`: kept. */
export type DrainResult = 'empty' | 'drained' | 'failed';

/**
 * Stores what the broker keeps in a session nobody will resume, then ends the session.
 *
 * Mosquitto keeps dealing a shared subscription's messages to a member whose session is disconnected and queues them
 * there, so the session of an instance gone for good (or of a connection no longer opened) would hold its share until
 * it expires, and lose it then. Draining resumes the session under its id, unsubscribes it so nothing new is dealt to
 * it, and publishes a marker to a topic of its own: the broker delivers a session's messages in order, so once the
 * marker arrives every message queued before it has been stored and acknowledged, one at a time, after its commit.
 * Only then is the session ended (a DISCONNECT with session expiry 0). A message that cannot be stored leaves the
 * session as it was, with that message unacknowledged, for a later attempt.
 */
export async function drainSession(options: DrainOptions): Promise<DrainResult> {
  const marker = `${options.topicPrefix}gearwatch/drain/${randomBytes(8).toString('hex')}`;
  let markerSeen!: () => void;
  const drained = new Promise<void>((resolve) => (markerSeen = resolve));
  let fail!: (error: Error) => void;
  const failed = new Promise<never>((_resolve, reject) => (fail = reject));
  // A message that could not be stored holds up the connection's later packets (acknowledgements of our own requests
  // among them), so every step also ends at the first failure.
  const step = <T>(promise: Promise<T>): Promise<T> => Promise.race([promise, failed]);
  // Messages of one connection are handed over one at a time (mqtt.js waits for the acknowledgement), in order.
  const client = mqtt.connect(options.url, {
    clientId: options.clientId,
    protocolVersion: 5,
    clean: false,
    // Not 0 yet: if the drain fails, the session and what it still holds must survive this connection.
    properties: { sessionExpiryInterval: 7 * 24 * 3600 },
    reconnectPeriod: 0,
    customHandleAcks: (topic, message, _packet, done) => {
      if (topic === marker) {
        done(0);
        markerSeen();
        return;
      }
      void options.handle(topic, message).then((outcome) => {
        if (outcome === 'acknowledge') done(0);
        else fail(new Error(`a message of ${options.clientId} could not be stored`));
      });
    },
  });
  // Only the first failure counts; one after the end (the connection closing) changes nothing.
  failed.catch(() => undefined);
  client.on('error', (error) => fail(error));
  client.on('close', () => fail(new Error('the broker connection closed while draining')));
  try {
    const connack = await new Promise<IConnackPacket>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('error', reject);
    });
    if (!connack.sessionPresent) {
      // Connecting made an empty session; ending with expiry 0 leaves nothing behind.
      await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
      return 'empty';
    }
    options.log.info({ clientId: options.clientId }, 'draining an MQTT session nobody resumes');
    await step(client.unsubscribeAsync(options.filters));
    await step(client.subscribeAsync(marker, { qos: 1 }));
    await step(client.publishAsync(marker, '', { qos: 1 }));
    await step(drained);
    await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
    options.log.info({ clientId: options.clientId }, 'MQTT session drained and ended');
    return 'drained';
  } catch (error) {
    options.log.warn({ err: error, clientId: options.clientId }, 'MQTT session not drained; it is kept for a later attempt');
    await client.endAsync(true).catch(() => undefined);
    return 'failed';
  }
}
