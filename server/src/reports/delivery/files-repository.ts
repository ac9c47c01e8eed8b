import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ReportFileListFilter, ReportFileSortField } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import type { ListRequest, Page } from '../../http/list.ts';
import { likePattern } from '../../http/list.ts';
import { pagedList } from '../../db/paged-list.ts';

/** Who looks at files: a company's user sees the files they asked for or receive; a super-admin every company's files. */
export interface FileViewer {
  companyId: number;
  userId: number;
  everyFile: boolean;
}

/** What a file covers, fixed when it is made. */
export interface FileSubject {
  title: string;
  deviceGroupIds: number[];
  operatorGroupIds: number[];
}

export interface NewReportFile {
  companyId: number;
  configurationId: number | null;
  reportType: string;
  reportInterval: string;
  name: string;
  format: string;
  subject: FileSubject;
  from: string;
  to: string;
  requestedBy: number | null;
  recipientUserIds: readonly number[];
  retentionDays: number;
}

export interface FileRecord {
  id: number;
  companyId: number;
  configurationId: number | null;
  reportType: string;
  reportInterval: string;
  name: string;
  format: string;
  subject: FileSubject;
  status: string;
  progress: number;
  size: number | null;
  from: string;
  to: string;
  requestedBy: number | null;
  requestedByName: string | null;
  /** Made for a period of a cyclic configuration (report_periods), not asked for by a person. */
  scheduled: boolean;
  error: string | null;
  attempt: number;
  createdAt: Date;
  finishedAt: Date | null;
}

const SORT = {
  createdAt: sql`f.created_at`,
  name: sql`lower(f.name)`,
  status: sql`f.status`,
  reportType: sql`f.report_type`,
  size: sql`f.size`,
} as const;

/** The SQL of generated files and their bytes (migration 020). */
export class FilesRepository {
  constructor(readonly db: Kysely<DB>) {}

  transaction<T>(work: (repository: FilesRepository, trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new FilesRepository(trx), trx));
  }

  async insert(file: NewReportFile): Promise<number> {
    const row = await this.db
      .insertInto('report_files')
      .values({
        company_id: file.companyId,
        configuration_id: file.configurationId,
        report_type: file.reportType,
        report_interval: file.reportInterval,
        name: file.name,
        format: file.format,
        subject: JSON.stringify(file.subject),
        period_from: file.from,
        period_to: file.to,
        requested_by: file.requestedBy,
        expires_at: sql<Date>`now() + make_interval(days => ${file.retentionDays})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (file.recipientUserIds.length > 0)
      await this.db
        .insertInto('report_file_users')
        .values(file.recipientUserIds.map((user_id) => ({ file_id: row.id, user_id })))
        .execute();
    return row.id;
  }

  private base() {
    return this.db
      .selectFrom('report_files as f')
      .leftJoin('users as u', 'u.id', 'f.requested_by')
      .select([
        'f.id',
        'f.company_id as companyId',
        'f.configuration_id as configurationId',
        'f.report_type as reportType',
        'f.report_interval as reportInterval',
        'f.name',
        'f.format',
        sql<FileSubject>`f.subject`.as('subject'),
        'f.status',
        'f.progress',
        'f.size',
        sql<string>`f.period_from::text`.as('from'),
        sql<string>`f.period_to::text`.as('to'),
        'f.requested_by as requestedBy',
        sql<string | null>`case when u.id is null then null else trim(u.firstname || ' ' || u.lastname) end`.as('requestedByName'),
        sql<boolean>`exists (select 1 from report_periods p where p.file_id = f.id)`.as('scheduled'),
        'f.error',
        'f.attempt',
        'f.created_at as createdAt',
        'f.finished_at as finishedAt',
      ]);
  }

  async list(viewer: FileViewer, request: ListRequest<ReportFileSortField, ReportFileListFilter>): Promise<Page<FileRecord>> {
    const { filter } = request;
    let matching = this.db.selectFrom('report_files as f').where(visible(viewer)).where(unexpired);
    if (filter.status) matching = matching.where('f.status', '=', filter.status);
    if (filter.reportType) matching = matching.where('f.report_type', '=', filter.reportType);
    if (filter.configuration) matching = matching.where('f.configuration_id', '=', filter.configuration);
    if (request.search) matching = matching.where('f.name', 'ilike', likePattern(request.search));
    const page = await pagedList(matching, (query) => query.select('f.id'), request, { columns: SORT, tiebreak: sql`f.id`, nullsLast: true });
    const ids = page.entries.map((row) => row.id);
    const rows = ids.length === 0 ? [] : await this.base().where('f.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { total: page.total, entries: ids.map((id) => byId.get(id)!).filter(Boolean) };
  }

  /** The file when the viewer sees it and it has not expired. */
  find(viewer: FileViewer, id: number): Promise<FileRecord | undefined> {
    return this.base().where(visible(viewer)).where(unexpired).where('f.id', '=', id).executeTakeFirst();
  }

  /** The file by id for a signed mail link: whoever asks, but not once it has expired. */
  findLinked(id: number): Promise<FileRecord | undefined> {
    return this.base().where(unexpired).where('f.id', '=', id).executeTakeFirst();
  }

  /** The file by id, whoever asks and however old (the generator and the mail attaching it). */
  byId(id: number): Promise<FileRecord | undefined> {
    return this.base().where('f.id', '=', id).executeTakeFirst();
  }

  /** ERROR → NEW (the generator takes it again); false unless the file was ERROR. */
  async retry(companyId: number, id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('report_files')
      .set({ status: 'NEW', progress: 0, error: null, finished_at: null })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .where('status', '=', 'ERROR')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The users told of a file's changes: who asked for it and who receives it. */
  async audience(id: number): Promise<number[]> {
    const rows = await sql<{ userId: number }>`
      select requested_by as "userId" from report_files where id = ${id} and requested_by is not null
      union select user_id from report_file_users where file_id = ${id}`.execute(this.db);
    return rows.rows.map((row) => row.userId);
  }

  /** The sequence numbers of the finished attempt's chunks, in order (read one by one: a file may be large). */
  async chunkSeqs(id: number, attempt: number): Promise<number[]> {
    const rows = await this.db.selectFrom('report_file_chunks').select('seq').where('file_id', '=', id).where('attempt', '=', attempt).orderBy('seq').execute();
    return rows.map((row) => row.seq);
  }

  async chunk(id: number, attempt: number, seq: number): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom('report_file_chunks')
      .select('data')
      .where('file_id', '=', id)
      .where('attempt', '=', attempt)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row ? Buffer.from(row.data) : undefined;
  }

  async writeChunk(id: number, attempt: number, seq: number, data: Buffer): Promise<void> {
    await this.db.insertInto('report_file_chunks').values({ file_id: id, attempt, seq, data }).execute();
  }

  /** Deletes files whose time is up (with their chunks, by cascade), a batch at a time; how many went. */
  async deleteExpired(limit: number): Promise<number> {
    const result = await sql`
      delete from report_files where id in (
        select id from report_files where expires_at < now() and status in ('DONE', 'ERROR') order by expires_at limit ${limit} for update skip locked)`.execute(
      this.db,
    );
    return Number(result.numAffectedRows ?? 0);
  }
}

/**
 * A file is gone for its readers the moment its retention ends, not when the hourly clean-up deletes it (docs/api.md);
 * a file without an expiry (none is written so, the column allows it) never expires.
 */
const unexpired = sql<boolean>`(f.expires_at is null or f.expires_at > now())`;

/** Tenancy and visibility of files, in the WHERE clause (over `report_files as f`). */
function visible(viewer: FileViewer) {
  if (viewer.everyFile) return sql<boolean>`true`;
  return sql<boolean>`f.company_id = ${viewer.companyId} and (f.requested_by = ${viewer.userId} or exists (select 1 from report_file_users r where r.file_id = f.id and r.user_id = ${viewer.userId}))`;
}
