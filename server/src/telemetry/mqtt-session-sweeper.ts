import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { Lease, PROCESS_HOLDER } from '../jobs/lease.ts';
import { LeaseRepository } from '../jobs/lease-repository.ts';
import type { LeaseLog } from '../jobs/lease.ts';
import { CLIENT_ID_LEASE_PREFIX, DRAIN_HOLDER_PREFIX, MAX_MQTT_CONNECTIONS, connectionClientIds } from './mqtt-client-id.ts';

export interface SessionSweeperOptions {
  /** Stores what a session holds and ends it (MqttIngestSubscriber.drain); true when nothing is left. */
  drain: (clientIds: string[]) => Promise<boolean>;
  /**
   * How long an id's lease must have run out before its session counts as abandoned: a restarted instance takes its
   * own id back well within it (a crashed one after its 20 s lease expires).
   */
  graceSeconds?: number;
  everySeconds?: number;
  log?: LeaseLog;
}

/**
 * Drains the broker sessions of MQTT client ids that no instance holds any more: an instance removed for good, a
 * changed MQTT_CLIENT_ID, a container whose host name (and so slot id) changed. Mosquitto deals those sessions their
 * share of every message and keeps it until they expire; a running instance takes the id's lease (as a drain holder,
 * so nobody connects with the id meanwhile), stores what the sessions of the id and its connections hold, ends them,
 * and deletes the lease's row. An id whose drain failed is tried again on a later round.
 */
export class MqttSessionSweeper {
  private readonly repository: LeaseRepository;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: SessionSweeperOptions,
  ) {
    this.repository = new LeaseRepository(db);
  }

  /** Sweeps now and then every `everySeconds`. */
  start(): void {
    const round = () => {
      this.running = this.sweepOnce()
        .catch((error: unknown) => this.options.log?.warn({ err: error }, 'sweeping abandoned MQTT sessions failed'))
        .finally(() => {
          if (this.stopped) return;
          this.timer = setTimeout(round, (this.options.everySeconds ?? 30) * 1000);
          this.timer.unref();
        });
    };
    round();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One round: the ids drained completely. */
  async sweepOnce(): Promise<string[]> {
    const drained: string[] = [];
    for (const name of await this.repository.lapsedSince(CLIENT_ID_LEASE_PREFIX, this.options.graceSeconds ?? 120)) {
      if (this.stopped) break;
      const clientId = name.slice(CLIENT_ID_LEASE_PREFIX.length);
      const lease = new Lease(this.db, name, `${DRAIN_HOLDER_PREFIX}${PROCESS_HOLDER}`, { ttlSeconds: 30, log: this.options.log });
      if (!(await lease.tryAcquire())) continue;
      const complete = await this.options.drain(connectionClientIds(clientId, MAX_MQTT_CONNECTIONS)).catch(() => false);
      if (complete) {
        await lease.release();
        drained.push(clientId);
      } else {
        await lease.lapse();
      }
    }
    return drained;
  }
}
