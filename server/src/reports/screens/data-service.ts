import type { Kysely } from 'kysely';
import { MESSAGE_KEYS, REPORT_LIMITS, REPORT_MESSAGE_KEYS, isOperatorReport, isPagedReport } from '@gearwatch/contracts';
import type { ReportDocument, ReportType, reportDataQuerySchema } from '@gearwatch/contracts';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../../http/errors.ts';
import type { AuthContext } from '../../security/context.ts';
import { inclusiveDays, parseDate } from '../../time/calendar.ts';
import { reportBuilderOf } from '../builders/registry.ts';
import { workDetailsPage } from '../builders/work-details-pages.ts';
import { alertsReportPage } from '../builders/alerts-pages.ts';
import { deviceOperatorsPage } from '../builders/device-operators-pages.ts';
import { MemorySink, ReportSinkFull } from '../generation/memory-sink.ts';
import type { ReportBuilder, ReportOutcome, ReportScope, ReportSink, ReportSubject } from '../model.ts';
import { ReportRepository } from '../builders/data/report-repository.ts';
import { WorkDetailsCounts } from '../builders/data/work-details-counts.ts';

/** The parsed query of `GET /api/reports/{type}/data`. */
export type ReportDataRequest = z.output<typeof reportDataQuerySchema>;

/**
 * Runs a subject's builder into a sink: the one way a report is made, on screen (MemorySink) and in a file (a
 * ReportFileWriter of the generation job). Throws ValidationError for a subject the builder cannot answer (shifts
 * for a company without production shifts: 400 on `interval`) and NotFoundError for a type without a builder.
 */
export function writeReport(
  db: Kysely<DB>,
  scope: ReportScope,
  subject: ReportSubject,
  sink: ReportSink,
  builderOf: (type: ReportType) => ReportBuilder = reportBuilderOf,
): Promise<ReportOutcome> {
  return builderOf(subject.type).write(db, scope, subject, sink);
}

/** The company's report scope (its time zone); NotFoundError when the company is gone. */
export async function reportScopeOf(db: Kysely<DB>, companyId: number): Promise<ReportScope> {
  const timezone = await new ReportRepository(db).companyTimezone(companyId);
  if (timezone === null) throw new NotFoundError();
  return { companyId, timezone };
}

/**
 * Every field error of a screen's query at once: a reversed or too long range, a missing selection (devices or
 * groups for the device types, operators or operator groups for the operator types), and a page asked of a type
 * that answers at once (a page of it would be a part of a table the reader could not tell from the whole).
 */
export function checkReportRequest(type: ReportType, request: ReportDataRequest): void {
  const errors: Record<string, string[]> = {};
  if (parseDate(request.to) < parseDate(request.from)) errors.to = [REPORT_MESSAGE_KEYS.rangeInvalid];
  else if (inclusiveDays(request.from, request.to) > REPORT_LIMITS.maxRangeDays) errors.to = [REPORT_MESSAGE_KEYS.rangeTooLong];
  if (isOperatorReport(type)) {
    if (!request.deviceOperators?.length && !request.deviceOperatorsGroups?.length) errors.deviceOperators = [MESSAGE_KEYS.notBlank];
  } else if (!request.devices?.length && !request.groups?.length) {
    errors.devices = [MESSAGE_KEYS.notBlank];
  }
  if (request.page !== undefined && !isPagedReport(type)) errors.page = [REPORT_MESSAGE_KEYS.incorrect];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The subject a screen's query asks for; ids are taken as given, the builder keeps those of the company. */
export function subjectOf(type: ReportType, request: ReportDataRequest): ReportSubject {
  return {
    type,
    from: request.from,
    to: request.to,
    interval: request.interval,
    deviceIds: request.devices ?? [],
    deviceGroupIds: request.groups ?? [],
    operatorIds: request.deviceOperators ?? [],
    operatorGroupIds: request.deviceOperatorsGroups ?? [],
  };
}

/** `GET /api/reports/{type}/data`: a report of the caller's company (a super-admin's too: they impersonate to see another). */
export class ReportDataService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly builderOf: (type: ReportType) => ReportBuilder = reportBuilderOf,
    /** The work details' row counts per device and date, kept for this server's calls (work-details-counts.ts). */
    private readonly detailCounts = new WorkDetailsCounts(),
  ) {}

  async data(auth: AuthContext, type: ReportType, request: ReportDataRequest): Promise<ReportDocument> {
    checkReportRequest(type, request);
    const scope = await reportScopeOf(this.db, auth.companyId);
    const subject = subjectOf(type, request);
    // A page reads only its own rows; the whole document is what a file holds.
    if (request.page !== undefined && type === 'device-work-details-report') {
      return workDetailsPage(this.db, scope, subject, request.page, REPORT_LIMITS.screenPageRows, this.detailCounts);
    }
    if (request.page !== undefined && type === 'alerts-report') {
      return alertsReportPage(this.db, scope, subject, request.page, REPORT_LIMITS.screenPageRows);
    }
    if (request.page !== undefined && type === 'device-operators-report') {
      return deviceOperatorsPage(this.db, scope, subject, request.page, REPORT_LIMITS.screenPageRows);
    }
    const sink = new MemorySink();
    let outcome: ReportOutcome;
    try {
      outcome = await writeReport(this.db, scope, subject, sink, this.builderOf);
    } catch (error) {
      // A full screen is an answer: rows were there, so the period was not empty.
      if (!(error instanceof ReportSinkFull)) throw error;
      outcome = { empty: false };
    }
    return sink.document(subject, scope.timezone, outcome);
  }
}
