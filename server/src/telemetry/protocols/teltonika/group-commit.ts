import { UnstorableBatchError } from '../../../http/errors.ts';
import { describeStorageFailure, isDatabaseUnavailable } from '../../storage-failures.ts';
import type { GroupEntry, GroupIngest, IngestResult } from '../../types.ts';

/** At most this many packets in one transaction: a bigger group would hold its locks (and its devices) too long. */
export const MAX_GROUP_PACKETS = 256;

interface Waiting {
  entry: GroupEntry;
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the Teltonika listener: packets of many connections that arrive while a group is being stored
 * wait and are stored together in the next transaction (one commit for all), each acknowledged only after that
 * commit. One connection has at most one packet waiting (its packets are handled in order), so a group never holds
 * two packets of one connection; under light load a group is one packet, stored at once.
 *
 * `store` resolves with the packet's result after its group committed; rejects with the packet's ValidationError
 * when the batch rules refuse it (the others are stored), or with the group's error when the database is unavailable.
 * A group the database refused for its data is stored again a packet at a time, so the one packet at fault is refused
 * (UnstorableBatchError) and the others are stored: one bad packet never holds back the packets grouped with it.
 */
export class GroupCommitter {
  private waiting: Waiting[] = [];
  private flushing = false;

  constructor(private readonly ingest: GroupIngest) {}

  store(entry: GroupEntry): Promise<IngestResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  /** Packets waiting for the next group (tests wait for them to gather). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    // Packets decoded in the same turn of the event loop join the first group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, MAX_GROUP_PACKETS);
      try {
        this.settle(group, await this.ingest.ingestGroup(group.map((w) => w.entry)));
      } catch (error) {
        if (isDatabaseUnavailable(error)) for (const waiting of group) waiting.reject(error);
        else if (group.length === 1) group[0]!.reject(unstorable(error));
        else await this.storeOneByOne(group);
      }
    }
    this.flushing = false;
  }

  private settle(group: readonly Waiting[], outcomes: Awaited<ReturnType<GroupIngest['ingestGroup']>>): void {
    outcomes.forEach((outcome, i) => (outcome.stored ? group[i]!.resolve(outcome.result) : group[i]!.reject(outcome.error)));
  }

  /** After a group failed for its data: each packet in a transaction of its own, to find the one at fault. */
  private async storeOneByOne(group: readonly Waiting[]): Promise<void> {
    for (const waiting of group) {
      try {
        this.settle([waiting], await this.ingest.ingestGroup([waiting.entry]));
      } catch (error) {
        // Alone it failed again for its data: this packet is one at fault.
        waiting.reject(isDatabaseUnavailable(error) ? error : unstorable(error));
      }
    }
  }
}

function unstorable(error: unknown): UnstorableBatchError {
  return new UnstorableBatchError(describeStorageFailure(error), { cause: error });
}
