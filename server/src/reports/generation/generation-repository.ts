import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { claimStatement, renewLease, UNLEASED } from '../../jobs/claim.ts';

/** A file the generator holds: claimed (PROCESS), this claim's attempt number, its lease running. */
export interface ClaimedFile {
  id: number;
  companyId: number;
  configurationId: number | null;
  reportType: string;
  reportInterval: string;
  name: string;
  format: string;
  subject: { title?: string; deviceGroupIds?: number[]; operatorGroupIds?: number[] };
  from: string;
  to: string;
  requestedBy: number | null;
  attempt: number;
  timezone: string;
  language: string;
}

/** The generator's SQL: claims with SKIP LOCKED and a lease on the file's row, progress, and the outcome. */
export class GenerationRepository {
  constructor(readonly db: Kysely<DB>) {}

  /**
   * NEW → PROCESS for the oldest file that waits (or whose generator's lease ran out), counting the attempt: one
   * statement, so exactly one instance takes each file.
   */
  async claim(holder: string, leaseSeconds: number): Promise<ClaimedFile | undefined> {
    // A waiting file is NEW and nobody's; a PROCESS one whose lease ran out is a dead generator's.
    const claim = claimStatement(
      {
        table: 'report_files',
        due: sql<boolean>`status in ('NEW', 'PROCESS')`,
        orderBy: sql`id`,
        limit: 1,
        attemptsColumn: 'attempt',
        alsoSet: sql`status = 'PROCESS', progress = 0, error = null, started_at = now()`,
        holder,
        leaseSeconds,
      },
      sql`*`,
    );
    const result = await sql<ClaimedFile>`
      with claimed as (${claim})
      select f.id, f.company_id as "companyId", f.configuration_id as "configurationId", f.report_type as "reportType",
        f.report_interval as "reportInterval", f.name, f.format, f.subject, f.period_from::text as "from", f.period_to::text as "to",
        f.requested_by as "requestedBy", f.attempt, c.timezone, coalesce(u.language, 'pl') as language
      from claimed f join companies c on c.id = f.company_id left join users u on u.id = f.requested_by`.execute(this.db);
    const row = result.rows[0];
    return row ? { ...row, id: Number(row.id) } : undefined;
  }

  /** Extends the lease while the file is made; false when another generator took it over. */
  async renew(id: number, holder: string, attempt: number, leaseSeconds: number): Promise<boolean> {
    return (await renewLease(this.db, 'report_files', [id], holder, leaseSeconds, sql<boolean>`attempt = ${attempt} and status = 'PROCESS'`)) === 1;
  }

  /** The percentage while the claim holds; false when another generator took the file over. */
  async progress(id: number, holder: string, attempt: number, progress: number): Promise<boolean> {
    const result = await this.db
      .updateTable('report_files')
      .set({ progress })
      .where('id', '=', id)
      .where('locked_by', '=', holder)
      .where('attempt', '=', attempt)
      .where('status', '=', 'PROCESS')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** PROCESS → DONE with its size; the other attempts' chunks go. False when the claim was lost. */
  async done(id: number, holder: string, attempt: number, size: number, retentionDays: number): Promise<boolean> {
    const result = await this.db
      .updateTable('report_files')
      .set({
        status: 'DONE',
        progress: 100,
        size,
        finished_at: sql<Date>`now()`,
        expires_at: sql<Date>`now() + make_interval(days => ${retentionDays})`,
        ...UNLEASED,
      })
      .where('id', '=', id)
      .where('locked_by', '=', holder)
      .where('attempt', '=', attempt)
      .where('status', '=', 'PROCESS')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db.deleteFrom('report_file_chunks').where('file_id', '=', id).where('attempt', '<>', attempt).execute();
    return true;
  }

  /** PROCESS → ERROR with the reason; its chunks go. False when the claim was lost. */
  async failed(id: number, holder: string, attempt: number, error: string): Promise<boolean> {
    const result = await this.db
      .updateTable('report_files')
      .set({ status: 'ERROR', error: error.slice(0, 1000), finished_at: sql<Date>`now()`, ...UNLEASED })
      .where('id', '=', id)
      .where('locked_by', '=', holder)
      .where('attempt', '=', attempt)
      .where('status', '=', 'PROCESS')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db.deleteFrom('report_file_chunks').where('file_id', '=', id).execute();
    return true;
  }

  /** PROCESS → NEW (a shutdown hands the file back: another instance starts it again at once); its chunks go. */
  async release(id: number, holder: string, attempt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('report_files')
      .set({ status: 'NEW', progress: 0, ...UNLEASED })
      .where('id', '=', id)
      .where('locked_by', '=', holder)
      .where('attempt', '=', attempt)
      .where('status', '=', 'PROCESS')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db.deleteFrom('report_file_chunks').where('file_id', '=', id).where('attempt', '=', attempt).execute();
    return true;
  }
}
