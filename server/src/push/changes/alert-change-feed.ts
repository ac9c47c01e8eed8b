import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { RepositoryFactory } from '../../db/repository-factory.ts';
import type { AlertChangeListener } from './alert-change.ts';
import type { AlertChangeRepository } from './alert-change-repository.ts';

const BATCH = 500;

/**
 * The alert changes as a job-runner source (services.ts adds it): every change the trigger of migration 016 records,
 * whichever code wrote the alert (the engine, confirming in the API, deleting a device's alerts), reaches every
 * listener once.
 */
export class AlertChangeFeed {
  private readonly listeners: AlertChangeListener[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly repositories: RepositoryFactory<{ alertChanges: AlertChangeRepository }>,
  ) {}

  listen(listener: AlertChangeListener): void {
    this.listeners.push(listener);
  }

  /** Handles up to a batch of changes in one transaction; returns how many (0 lets the runner sleep). */
  async drain(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const changes = await this.repositories(trx).alertChanges.take(BATCH);
      if (changes.length === 0) return 0;
      for (const listener of this.listeners) await listener.handle(trx, changes);
      return changes.length;
    });
  }
}
