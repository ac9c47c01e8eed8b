import { UnstorableBatchError, ValidationError } from '../../../http/errors.ts';
import { describeValidation } from '../../mqtt-message-handler.ts';
import { describeStorageFailure, isDatabaseUnavailable } from '../../storage-failures.ts';

/**
 * Why a packet the ingest service did not store can never be stored, as the ingest_rejects reason; null when it could
 * not be stored now (the database is unavailable: no acknowledgement, the device resends it later). The classification
 * is the one every ingest path shares (storage-failures.ts, docs/ingest.md "Failures"): anything but an unavailable
 * database is a fault that would recur, so the packet is acknowledged and kept, or the device would send it for ever
 * and hold back its later records.
 */
export function permanentFaultReason(error: unknown): string | null {
  if (error instanceof UnstorableBatchError) return `not storable: ${error.detail}`;
  if (error instanceof ValidationError) return describeValidation(error);
  if (isDatabaseUnavailable(error)) return null;
  return `not storable: ${describeStorageFailure(error)}`;
}
