import type { JobRunner } from '../../jobs/runner.ts';
import type { RepositoryFactory } from '../../db/repository-factory.ts';
import type { StreamRepository } from './stream-repository.ts';

export const PRUNE_EVENTS_JOB = 'user-events-prune';
/** How long the log keeps events: a client away for longer reloads what it shows instead of resuming. */
export const EVENT_RETENTION_HOURS = 24;

/** Deletes events older than a day, every hour at :17 (one job per tick whatever the number of instances). */
export function scheduleEventPruning(runner: JobRunner, repositories: RepositoryFactory<{ streams: StreamRepository }>): void {
  runner.register(PRUNE_EVENTS_JOB, async ({ trx }) => {
    await repositories(trx).streams.prune(new Date(Date.now() - EVENT_RETENTION_HOURS * 3_600_000));
  });
  runner.schedule(PRUNE_EVENTS_JOB, '17 * * * *');
}
