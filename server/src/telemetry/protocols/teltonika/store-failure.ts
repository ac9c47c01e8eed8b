import { ValidationError } from '../../../http/errors.ts';

/**
 * Whether a packet the ingest service would not store can never be stored (its data breaks a rule: acknowledge it
 * and keep it in ingest_rejects, or the device resends it for ever) rather than could not be stored now (the
 * database is unreachable or busy: no acknowledgement, the device resends it later). The one place the listener
 * decides this, so a shared classifier for every listener can replace it.
 */
export function isPermanentDataFault(error: unknown): error is ValidationError {
  return error instanceof ValidationError;
}
