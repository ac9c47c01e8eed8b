import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The tables whose rows are claimed with a lease (each has id, locked_by, locked_until and an attempts counter). */
export type ClaimedTable = 'jobs' | 'mail_outbox' | 'report_files';

export interface ClaimSpec {
  table: ClaimedTable;
  /** Which rows wait for work, beside the lease (the claim adds "nobody holds it, or its holder's lease ran out"). */
  due: RawBuilder<boolean>;
  /** The order rows are taken in (oldest first). */
  orderBy: RawBuilder<unknown>;
  limit: number;
  /** The column counting attempts: counted at the claim, so a holder that dies mid-work still uses one. */
  attemptsColumn: 'attempts' | 'attempt';
  /** Further assignments of the claim (a status, a reset of the last run's progress), before the lease's. */
  alsoSet?: RawBuilder<unknown>;
  holder: string;
  leaseSeconds: number;
}

/** `seconds` from now on the database's clock (every instance agrees on it): a lease's end, a retry's time. */
export const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

/** A row nobody holds: what a finished, failed or handed-back row's lease columns become. */
export const UNLEASED = { locked_by: null, locked_until: null } as const;

/**
 * The update that claims due rows (decision 013): one statement, whose FOR UPDATE SKIP LOCKED lets each row through
 * to exactly one holder, sets the lease and counts the attempt. Its RETURNING is the caller's (a bare statement, or
 * the body of a CTE the caller joins), so each table keeps its own columns.
 */
export function claimStatement(spec: ClaimSpec, returning: RawBuilder<unknown>): RawBuilder<unknown> {
  const table = sql.table(spec.table);
  const attempts = sql.ref(spec.attemptsColumn);
  const also = spec.alsoSet ? sql`${spec.alsoSet}, ` : sql``;
  return sql`
    update ${table} set ${also}locked_by = ${spec.holder}, locked_until = ${secondsFromNow(spec.leaseSeconds)}, ${attempts} = ${attempts} + 1
    where id in (
      select id from ${table}
      where (${spec.due}) and (locked_until is null or locked_until < now())
      order by ${spec.orderBy}
      limit ${spec.limit}
      for update skip locked
    )
    returning ${returning}`;
}

/** Claims due rows of `spec.table` (see claimStatement); the rows as `returning` names them. */
export async function claimDue<Row>(db: Kysely<DB>, spec: ClaimSpec, returning: RawBuilder<unknown>): Promise<Row[]> {
  const result = await sql<Row>`${claimStatement(spec, returning)}`.execute(db);
  return result.rows;
}

/**
 * Extends the lease of the rows `holder` still holds (`stillHeld` says what "still" means for the table: its state),
 * so slow work never lets another holder in. Answers how many rows were renewed.
 */
export async function renewLease(
  db: Kysely<DB>,
  table: ClaimedTable,
  ids: readonly number[],
  holder: string,
  leaseSeconds: number,
  stillHeld: RawBuilder<boolean>,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql`
    update ${sql.table(table)} set locked_until = ${secondsFromNow(leaseSeconds)}
    where id = any(${[...ids]}::bigint[]) and locked_by = ${holder} and (${stillHeld})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Renews a lease every third of its length while work runs (the outbox's SMTP calls, a report's build), so only a
 * holder that died lets another take the work over. Stop it when the work ends.
 */
export function keepLeased(leaseSeconds: number, renew: () => Promise<void>, onError: (error: unknown) => void): { stop(): void } {
  const timer = setInterval(() => void renew().catch(onError), (leaseSeconds * 1000) / 3);
  return { stop: () => clearInterval(timer) };
}

/**
 * Whether a failed attempt is the last, as SQL over the row: once `attempts` reached `maxAttempts`, or at once when
 * `permanent`. Otherwise the row is due again after its backoff (the caller's run_at).
 */
export function givesUp(maxAttempts: RawBuilder<number>, permanent = false): RawBuilder<boolean> {
  return permanent ? sql<boolean>`true` : sql<boolean>`(attempts >= ${maxAttempts})`;
}
