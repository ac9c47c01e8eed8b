import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { Lease, PROCESS_HOLDER } from '../jobs/lease.ts';
import type { LeaseLog } from '../jobs/lease.ts';

/** Connections one instance may open (config MQTT_CONNECTIONS): ids `<id>/1` up to this are drained when unused. */
export const MAX_MQTT_CONNECTIONS = 16;
/** Instances one host may run with the default ids. */
const MAX_SLOTS = 64;
/** A short lease: a crashed instance's id is free again this soon. */
const CLIENT_ID_LEASE_SECONDS = 20;
/** Leases of client ids are named this and the id; their rows outlive the process as a record of its session. */
export const CLIENT_ID_LEASE_PREFIX = 'mqtt-client-id:';
/** The holder an instance uses while it drains another id's abandoned session (mqtt-session-sweeper.ts). */
export const DRAIN_HOLDER_PREFIX = 'drain:';

export function defaultClientIdBase(): string {
  return `gearwatch-${hostname()
    .replace(/[^\w.:-]/g, '-')
    .slice(0, 48)}`;
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
 *
 * On shutdown the lease lapses rather than being deleted: its row records that the broker keeps a session under the
 * id. An id nobody takes back within a grace period is drained by a running instance (mqtt-session-sweeper.ts).
 */
export async function claimMqttClientId(
  db: Kysely<DB>,
  configured: string | undefined,
  options: { log?: LeaseLog; holder?: string; onLost?: () => void } = {},
): Promise<{ clientId: string; lease: Lease }> {
  const { log, holder = PROCESS_HOLDER, onLost } = options;
  const candidates = configured ? [configured] : Array.from({ length: MAX_SLOTS }, (_, slot) => `${defaultClientIdBase()}-${slot}`);
  for (const clientId of candidates) {
    const lease = new Lease(db, `${CLIENT_ID_LEASE_PREFIX}${clientId}`, holder, { ttlSeconds: CLIENT_ID_LEASE_SECONDS, log });
    if (await lease.tryAcquire(onLost)) return { clientId, lease };
    // A configured id being drained by another instance (it was away long enough) is ours again once drained.
    while (configured && (await lease.currentHolder())?.startsWith(DRAIN_HOLDER_PREFIX) && (await lease.heldByLiveInstance())) {
      log?.info({ clientId }, 'waiting for another instance to finish draining the session of this MQTT client id');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      if (await lease.tryAcquire(onLost)) return { clientId, lease };
    }
    if (!(await lease.heldByLiveInstance())) {
      const wait = (await lease.secondsLeft()) + 0.5;
      log?.info({ clientId, wait }, 'waiting for the MQTT client id of an instance that stopped, to resume its session');
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      if (await lease.tryAcquire(onLost)) return { clientId, lease };
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
