import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobPayloads, NoPayload } from './kinds.ts';
import { claimDue, givesUp, secondsFromNow, UNLEASED } from './claim.ts';

export interface ClaimedJob<Payload = unknown> {
  id: number;
  kind: string;
  key: string;
  payload: Payload;
  attempts: number;
  maxAttempts: number;
}

/** A job of `Kind` (once per kind and key); its payload may be left out only when the kind carries none. */
export type NewJob<Kinds extends object = JobPayloads, Kind extends keyof Kinds & string = keyof Kinds & string> = {
  kind: Kind;
  key: string;
  /** When the job becomes due; now when absent. */
  runAt?: Date;
  maxAttempts?: number;
} & (Kinds[Kind] extends NoPayload ? { payload?: Kinds[Kind] } : { payload: Kinds[Kind] });

export type JobState = 'pending' | 'done' | 'failed';

/** The SQL of the job runner (migration 013), over the kinds of `Kinds` (the server's JobPayloads). */
export class JobRepository<Kinds extends object = JobPayloads> {
  constructor(private readonly db: Kysely<DB>) {}

  /** Adds the job unless one of the same (kind, key) exists; true when this call created it. */
  async enqueue<Kind extends keyof Kinds & string>(job: NewJob<Kinds, Kind>): Promise<boolean> {
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
    const spec = {
      table: 'jobs' as const,
      due: sql<boolean>`state = 'pending' and run_at <= now() and kind = any(${kinds}::text[])`,
      orderBy: sql`run_at, id`,
      limit: 1,
      attemptsColumn: 'attempts' as const,
      holder,
      leaseSeconds,
    };
    const rows = await claimDue<ClaimedJob>(this.db, spec, sql`id, kind, key, payload, attempts, max_attempts as "maxAttempts"`);
    return rows[0];
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
      .set({ state: 'done', finished_at: sql<Date>`now()`, ...UNLEASED, last_error: null })
      .where('id', '=', id)
      .where('locked_by', '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a failed attempt: due again after `retryInSeconds`, or 'failed' once its attempts are used up. */
  async fail(id: number, holder: string, error: string, retryInSeconds: number): Promise<JobState | undefined> {
    const last = givesUp(sql`max_attempts`);
    const result = await sql<{ state: JobState }>`
      update jobs set
        state = case when ${last} then 'failed' else 'pending' end,
        finished_at = case when ${last} then now() end,
        run_at = ${secondsFromNow(retryInSeconds)},
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
