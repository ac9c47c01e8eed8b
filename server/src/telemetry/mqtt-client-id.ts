import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { Lease, PROCESS_HOLDER } from '../jobs/lease.ts';
import type { LeaseLog } from '../jobs/lease.ts';

/** Instances one host may run with the default ids. */
const MAX_SLOTS = 64;
/** A short lease: a crashed instance's id is free again this soon. */
const CLIENT_ID_LEASE_SECONDS = 20;

export function defaultClientIdBase(): string {
  return `gearwatch-${hostname().replace(/[^\w.:-]/g, '-').slice(0, 48)}`;
}

/**
 * The MQTT client id this process connects with, held through a lease so no two live instances use one id (the
 * broker would throw one off each time the other connects).
 *
 * The id must also be stable across restarts: the subscription is a persistent session, and what the broker queued
 * for it while the instance was down is delivered only to a client with the same id. So ids are slots,
 * `<base>-0`, `<base>-1`, …: a process takes the lowest slot no live instance holds. A slot whose holder stopped
 * renewing (it died) is waited for and taken over when its lease expires, rather than skipped, so a restarted
 * instance gets its old session back. A configured id (MQTT_CLIENT_ID) is used as it is; starting a second live
 * instance with the same one fails with a clear message.
 */
export async function claimMqttClientId(
  db: Kysely<DB>,
  configured: string | undefined,
  log?: LeaseLog,
  holder: string = PROCESS_HOLDER,
): Promise<{ clientId: string; lease: Lease }> {
  const candidates = configured ? [configured] : Array.from({ length: MAX_SLOTS }, (_, slot) => `${defaultClientIdBase()}-${slot}`);
  for (const clientId of candidates) {
    const lease = new Lease(db, `mqtt-client-id:${clientId}`, holder, { ttlSeconds: CLIENT_ID_LEASE_SECONDS, log });
    if (await lease.tryAcquire()) return { clientId, lease };
    if (!(await lease.heldByLiveInstance())) {
      const wait = (await lease.secondsLeft()) + 0.5;
      log?.info({ clientId, wait }, 'waiting for the MQTT client id of an instance that stopped, to resume its session');
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      if (await lease.tryAcquire()) return { clientId, lease };
    }
  }
  throw new Error(
    configured
      ? `MQTT_CLIENT_ID=${configured} is in use by another running instance; give each instance its own id (or leave it unset)`
      : `all ${MAX_SLOTS} MQTT client ids of this host are in use by running instances`,
  );
}

/**
 * The ids of the subscriber's connections: the instance's id, then `<id>/1`, `<id>/2`, …. The first is the id itself,
 * so a session kept under it before the subscriber had several connections is still resumed. `/` is in no configured
 * id nor slot, so a derived id never meets another instance's.
 */
export function connectionClientIds(clientId: string, connections: number): string[] {
  return Array.from({ length: Math.max(1, connections) }, (_, i) => (i === 0 ? clientId : `${clientId}/${i}`));
}
