import { UnauthorizedError, UnstorableBatchError, ValidationError } from '../http/errors.ts';
import { parseModuleTopic } from './mqtt-topics.ts';
import { parseMqttItems } from './payload.ts';
import { describeStorageFailure, isDatabaseUnavailable } from './storage-failures.ts';
import type { IngestRejectLog, IngestService } from './types.ts';

export interface SubscriberLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What becomes of a message: acknowledged (stored, or refused for good) or left with the broker to come again. */
export type Outcome = 'acknowledge' | 'redeliver';

export type MessageHandler = (topic: string, message: Buffer) => Promise<Outcome>;

/**
 * Stores one module message (docs/ingest.md); never throws. A message that can never be stored (bad payload,
 * unknown module, data the database refuses) is kept in ingest_rejects and acknowledged, so it is not delivered
 * for ever, holding back the messages behind it; only one that found the database unavailable is delivered again.
 */
export function createMessageHandler(ingest: IngestService & IngestRejectLog, log: SubscriberLog, prefix: string): MessageHandler {
  return async (topic, message) => {
    const payload = message.toString('utf8');
    const target = parseModuleTopic(topic, prefix);
    const reject = async (reason: string): Promise<Outcome> => {
      await ingest.recordReject({ source: 'mqtt', topic, serialNumber: target?.serialNumber ?? null, reason, payload });
      log.warn({ topic, reason }, 'mqtt batch refused');
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
        module = await ingest.authenticate(target.serialNumber, code);
      } catch (error) {
        if (error instanceof UnauthorizedError) return await reject('unknown module, wrong code or inactive module');
        throw error;
      }
      const parsed = parseMqttItems(target.kind, items);
      if (!parsed.ok) return await reject(describeValidation(parsed.error));
      try {
        await ingest.ingest(module, parsed.batch);
      } catch (error) {
        if (error instanceof ValidationError && !(error instanceof UnstorableBatchError)) return await reject(describeValidation(error));
        throw error;
      }
      return 'acknowledge';
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        log.error({ err: error, topic }, 'mqtt batch not stored; it will be delivered again');
        return 'redeliver';
      }
      return rejectUnstorable(error, reject, log, topic, payload);
    }
  };
}

/**
 * Keeps a message whose storing failed for its data (or for a fault of ours that would recur) in ingest_rejects.
 * If even that fails for a reason other than the database being unavailable, the message is logged whole and
 * acknowledged: it cannot be kept, and delivering it again would only fail again.
 */
async function rejectUnstorable(
  error: unknown,
  reject: (reason: string) => Promise<Outcome>,
  log: SubscriberLog,
  topic: string,
  payload: string,
): Promise<Outcome> {
  const detail = error instanceof UnstorableBatchError ? error.detail : describeStorageFailure(error);
  try {
    return await reject(`not storable: ${detail}`);
  } catch (rejectError) {
    if (isDatabaseUnavailable(rejectError)) {
      log.error({ err: rejectError, topic }, 'mqtt batch not stored; it will be delivered again');
      return 'redeliver';
    }
    log.error({ err: rejectError, cause: detail, topic, payload }, 'mqtt batch neither stored nor kept as a reject; dropped');
    return 'acknowledge';
  }
}

/** A refused batch's field errors as one line for ingest_rejects.reason. */
export function describeValidation(error: ValidationError): string {
  const fields = Object.entries(error.errors).map(([field, keys]) => `${field}: ${keys.join(', ')}`);
  return ['invalid items', ...error.rootErrors, ...fields].join('; ');
}
