import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  kind: string;
  key: string;
  payload?: unknown;
  /** When the job becomes due; now when absent. */
  runAt?: Date;
  maxAttempts?: number;
}

export type JobState = 'pending' | 'done' | 'failed';

/** The SQL of the job runner (migration 013). */
export class JobRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Adds the job unless one of the same (kind, key) exists; true when this call created it. */
  async enqueue(job: NewJob): Promise<boolean> {
    const row = await this.db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        key: job.key,
        payload: JSON.stringify(job.payload ?? {}),
        ...(job.runAt ? { run_at: job.runAt } : {}),
        ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
      })
      .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Claims the oldest due job of `kinds` that nobody holds (or whose holder's lease ran out): one statement, the
   * row lock of SKIP LOCKED lets exactly one runner through. The attempt is counted at the claim, so a runner that
   * dies mid-job still uses one of the job's attempts.
   */
  async claim(kinds: string[], holder: string, leaseSeconds: number): Promise<ClaimedJob | undefined> {
    if (kinds.length === 0) return undefined;
    const result = await sql<ClaimedJob>`
      update jobs set locked_by = ${holder}, locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id = (
        select id from jobs
        where state = 'pending' and run_at <= now() and kind = any(${kinds}::text[])
          and (locked_until is null or locked_until < now())
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, key, payload, attempts, max_attempts as "maxAttempts"`.execute(this.db);
    return result.rows[0];
  }

  /**
   * In the handler's transaction, before its writes: locks the job's row if `holder` still holds the claim, so no
   * other runner can take it over while the handler runs. False when another runner took it (our lease expired).
   */
  async lockClaim(id: number, holder: string): Promise<boolean> {
    const row = await sql<{ id: number }>`select id from jobs where id = ${id} and locked_by = ${holder} and state = 'pending' for update`.execute(this.db);
    return row.rows.length === 1;
  }

  /** Marks the job done, in the handler's transaction. */
  async complete(id: number, holder: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ state: 'done', finished_at: sql<Date>`now()`, locked_by: null, locked_until: null, last_error: null })
      .where('id', '=', id)
      .where('locked_by', '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a failed attempt: due again after `retryInSeconds`, or 'failed' once its attempts are used up. */
  async fail(id: number, holder: string, error: string, retryInSeconds: number): Promise<JobState | undefined> {
    const result = await sql<{ state: JobState }>`
      update jobs set
        state = case when attempts >= max_attempts then 'failed' else 'pending' end,
        finished_at = case when attempts >= max_attempts then now() end,
        run_at = now() + make_interval(secs => ${retryInSeconds}),
        locked_by = null, locked_until = null, last_error = ${error.slice(0, 4000)}
      where id = ${id} and locked_by = ${holder}
      returning state`.execute(this.db);
    return result.rows[0]?.state;
  }

  /** Seconds until the next pending job of `kinds` is due (0 when one is due now), or null when none is pending. */
  async secondsUntilDue(kinds: string[]): Promise<number | null> {
    if (kinds.length === 0) return null;
    const result = await sql<{ seconds: number | null }>`
      select extract(epoch from min(greatest(run_at, coalesce(locked_until, run_at))) - now())::float8 as seconds
      from jobs where state = 'pending' and kind = any(${kinds}::text[])`.execute(this.db);
    const seconds = result.rows[0]?.seconds ?? null;
    return seconds === null ? null : Math.max(0, seconds);
  }

  /** Forgets finished jobs older than `days` (their keys may then be enqueued again, which no schedule does). */
  async purgeFinished(days: number): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('state', '<>', 'pending')
      .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async find(kind: string, key: string) {
    return this.db
      .selectFrom('jobs')
      .select(['id', 'state', 'attempts', 'last_error as lastError', 'locked_by as lockedBy', 'run_at as runAt'])
      .where('kind', '=', kind)
      .where('key', '=', key)
      .executeTakeFirst();
  }
}
