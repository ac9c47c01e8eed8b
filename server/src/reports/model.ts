import type { Kysely } from 'kysely';
import type { ReportCell, ReportColumn, ReportInterval, ReportType } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';

/**
 * The seams of the reports feature (docs/reports.md). A builder computes one report type and writes it, section by
 * section and row by row, into a sink; the screen's sink keeps the rows in memory (`GET /api/reports/{type}/data`),
 * a file writer streams them into xlsx, CSV or PDF (the generation job). One code path makes both, so the numbers on
 * screen and in the file are the same.
 */

/** Whose report and how it is written: reports are always of one company, in its time zone. */
export interface ReportScope {
  companyId: number;
  /** IANA zone of the company: days, weeks, months, shifts and every shown time are in it. */
  timezone: string;
}

/**
 * What the report covers. Ids are as asked: the builder resolves groups to their members and ignores (never reveals)
 * ids of other companies. Device types use deviceIds/deviceGroupIds, operator types operatorIds/operatorGroupIds.
 */
export interface ReportSubject {
  type: ReportType;
  /** Inclusive local dates `YYYY-MM-DD` in the company's time zone. */
  from: string;
  to: string;
  interval: ReportInterval;
  deviceIds: readonly number[];
  deviceGroupIds: readonly number[];
  operatorIds: readonly number[];
  operatorGroupIds: readonly number[];
}

/** Where a builder writes. Calls are awaited in order: section, rows..., section, rows..., then the caller ends it. */
export interface ReportSink {
  /** Starts a table; `totals` says the section's last row will be its totals. */
  section(section: { title: string | null; columns: readonly ReportColumn[]; totals: boolean }): Promise<void>;
  /** Rows of the current section, in order, in chunks of any size (a writer applies back-pressure by awaiting). */
  rows(rows: readonly (readonly ReportCell[])[]): Promise<void>;
  /** 0..1 of the work done; the generation job turns it into the file's percentage (throttled). */
  progress(fraction: number): Promise<void>;
  /** How many more rows the sink takes (a screen's limit); absent when it takes every row (a file). */
  room?(): number;
}

/** Facts the builder found while writing. */
export interface ReportOutcome {
  /** No reading, session or alert at all fell in the period for the subject (the report says so; it is not skipped). */
  empty: boolean;
}

/** One report type. `db` is the pool (builders only read); large ranges are read in slices, never all at once. */
export interface ReportBuilder {
  type: ReportType;
  write(db: Kysely<DB>, scope: ReportScope, subject: ReportSubject, sink: ReportSink): Promise<ReportOutcome>;
}

/** A sink that makes a file: a writer streams its bytes to `output` and `end` flushes and closes the file. */
export interface ReportFileWriter extends ReportSink {
  /** Writes what remains (an empty-period note when nothing was written) and resolves when every byte is out. */
  end(outcome: ReportOutcome): Promise<void>;
}
