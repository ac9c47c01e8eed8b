import { finished } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Language, ReportFormat, ReportInterval, ReportType } from '@gearwatch/contracts';
import { REPORT_FILE_ERROR_KEYS } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import type { JobLog, JobSource } from '../../jobs/runner.ts';
import { PROCESS_HOLDER } from '../../jobs/lease.ts';
import { keepLeased } from '../../jobs/claim.ts';
import { textLanguage } from '../../i18n/translator.ts';
import type { ReportBuilder, ReportFileWriter, ReportScope, ReportSink } from '../model.ts';
import { ChunkOutput, CHUNK_BYTES } from './chunk-output.ts';
import type { ClaimedFile } from './generation-repository.ts';
import type { GenerationRepository } from './generation-repository.ts';
import type { ReportRepositoryFactory } from '../work-repositories.ts';
import { tell } from '../delivery/file-events.ts';

/** The builder of a type: REPORT_BUILDERS[type] (builders/registry.ts); undefined when this build has none. */
export type BuilderLookup = (type: ReportType) => ReportBuilder | undefined;

/** writers/index.ts createReportFileWriter's shape. */
export type WriterFactory = (
  format: ReportFormat,
  output: NodeJS.WritableStream,
  options: { language: Language; scope: ReportScope; title: string; period: { from: string; to: string }; type: ReportType },
) => ReportFileWriter;

/** Runs in the transaction that marks a file DONE (the mail to its recipients). */
export type FileDoneListener = (trx: Kysely<DB>, file: ClaimedFile, size: number) => Promise<void>;

export interface GeneratorOptions {
  builders: BuilderLookup;
  writers: WriterFactory;
  retentionDays: number;
  holder?: string;
  /** How long a claim lasts without renewal: how long a dead instance's file waits before another takes it. */
  leaseSeconds?: number;
  chunkBytes?: number;
  /** Generate in the background of the runner's turn (the server) and `wake` it when done; tests run it inline. */
  background?: boolean;
  wake?: () => void;
  log?: JobLog;
}

/** A percentage is written when it grew by this much, or by anything after PROGRESS_EVERY_MS. */
const PROGRESS_STEP = 10;
const PROGRESS_EVERY_MS = 1000;

class ClaimLost extends Error {
  constructor() {
    super('the file was taken over by another generator');
  }
}

class Stopping extends Error {
  constructor() {
    super('the server is shutting down');
  }
}

/**
 * The report generation (docs/reports.md), a source of the job runner like the mail sender: claims a NEW file
 * (PROCESS) with SKIP LOCKED and a lease in a committed statement of its own, runs the type's builder into the
 * format's writer, whose bytes are stored in chunks as they come; the percentage is written in short transactions
 * with a `report-file` event to each user who asked for or receives the file; then DONE (with the recipients' mail,
 * in the same transaction) or ERROR with the reason. No transaction stays open while a report is built, so it works
 * on PGlite's single connection and a long report holds no lock; the lease is renewed while it runs.
 */
export class ReportGenerator implements JobSource {
  readonly name = 'report-files';
  private readonly repository: GenerationRepository;
  private readonly holder: string;
  private readonly leaseSeconds: number;
  private readonly listeners: FileDoneListener[] = [];
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly repositories: ReportRepositoryFactory,
    private readonly options: GeneratorOptions,
  ) {
    this.repository = repositories(db).reportGeneration;
    this.holder = options.holder ?? PROCESS_HOLDER;
    this.leaseSeconds = options.leaseSeconds ?? 120;
  }

  useLog(log: JobLog): void {
    this.options.log = log;
  }

  onDone(listener: FileDoneListener): void {
    this.listeners.push(listener);
  }

  async drain(): Promise<number> {
    if (this.stopping) return 0;
    if (!this.options.background) return this.generateOne();
    if (this.running) return 0;
    const file = await this.claim();
    if (!file) return 0;
    this.running = this.generate(file)
      .catch((error: unknown) => this.options.log?.error({ err: error, fileId: file.id }, 'report generation failed'))
      .finally(() => {
        this.running = null;
        this.options.wake?.();
      });
    return 1;
  }

  /** Generates until no file waits (tests, catch-up). */
  async drainUntilIdle(max = 1000): Promise<number> {
    await this.settled();
    let done = 0;
    while (done < max && (await this.generateOne()) > 0) done++;
    return done;
  }

  /**
   * Shutdown (after the runner stopped): the file being made is abandoned at its next row and handed back as NEW, so
   * another instance (or this one after the restart) makes it at once, rather than after its lease runs out.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.settled();
  }

  /** Resolves once the file being made in the background is finished. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async generateOne(): Promise<number> {
    if (this.stopping) return 0;
    const file = await this.claim();
    if (!file) return 0;
    await this.generate(file);
    return 1;
  }

  /** The claim and its PROCESS event, in one transaction. */
  private claim(): Promise<ClaimedFile | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const file = await this.repositories(trx).reportGeneration.claim(this.holder, this.leaseSeconds);
      if (file) await tell(trx, file.id, 'PROCESS', 0);
      return file;
    });
  }

  private async generate(file: ClaimedFile): Promise<void> {
    let lost = false;
    const renewal = keepLeased(
      this.leaseSeconds,
      async () => void (lost ||= !(await this.repository.renew(file.id, this.holder, file.attempt, this.leaseSeconds))),
      (error) => this.options.log?.warn({ err: error, fileId: file.id }, 'report lease not renewed'),
    );
    try {
      const builder = this.options.builders(file.reportType as ReportType);
      if (!builder) throw Object.assign(new Error(REPORT_FILE_ERROR_KEYS.unsupported), { reason: REPORT_FILE_ERROR_KEYS.unsupported });
      const files = this.repositories(this.db).reportFiles;
      const output = new ChunkOutput((seq, data) => files.writeChunk(file.id, file.attempt, seq, data), this.options.chunkBytes ?? CHUNK_BYTES);
      const scope: ReportScope = { companyId: file.companyId, timezone: file.timezone };
      const writer = this.options.writers(file.format as ReportFormat, output, {
        language: textLanguage(file.language),
        scope,
        title: file.subject.title ?? file.name,
        period: { from: file.from, to: file.to },
        type: file.reportType as ReportType,
      });
      const sink = this.progressSink(file, writer, () => lost);
      const outcome = await builder.write(this.db, scope, subjectOf(file), sink);
      if (this.stopping) throw new Stopping();
      await writer.end(outcome);
      // The writer ends its output; should one not, the last chunk is stored here all the same.
      if (!output.writableEnded) output.end();
      await finished(output);
      if (lost) throw new ClaimLost();
      const size = output.size;
      const committed = await this.db.transaction().execute(async (trx) => {
        if (!(await this.repositories(trx).reportGeneration.done(file.id, this.holder, file.attempt, size, this.options.retentionDays))) return false;
        await tell(trx, file.id, 'DONE', 100);
        for (const listener of this.listeners) await listener(trx, file, size);
        return true;
      });
      if (!committed) this.options.log?.warn({ fileId: file.id }, 'report finished after another generator took it over; dropped');
    } catch (error) {
      if (error instanceof ClaimLost) return;
      if (error instanceof Stopping) {
        await this.db
          .transaction()
          .execute(async (trx) => {
            if (await this.repositories(trx).reportGeneration.release(file.id, this.holder, file.attempt)) await tell(trx, file.id, 'NEW', 0);
          })
          .catch((releaseError: unknown) => this.options.log?.warn({ err: releaseError, fileId: file.id }, 'report not handed back; its lease will run out'));
        return;
      }
      const reason = (error as { reason?: string }).reason ?? REPORT_FILE_ERROR_KEYS.failed;
      this.options.log?.warn({ err: error, fileId: file.id, type: file.reportType }, 'report file failed');
      await this.db
        .transaction()
        .execute(async (trx) => {
          if (await this.repositories(trx).reportGeneration.failed(file.id, this.holder, file.attempt, reason)) await tell(trx, file.id, 'ERROR', 0);
        })
        .catch((recordError: unknown) => this.options.log?.error({ err: recordError, fileId: file.id }, 'report failure not recorded; the lease will run out'));
    } finally {
      renewal.stop();
    }
  }

  /** The writer, with the builder's progress turned into the file's percentage (throttled) and its events. */
  private progressSink(file: ClaimedFile, writer: ReportFileWriter, lost: () => boolean): ReportSink {
    let shown = 0;
    let shownAt = Date.now();
    return {
      section: (section) => writer.section(section),
      rows: (rows) => {
        if (lost()) throw new ClaimLost();
        if (this.stopping) throw new Stopping();
        return writer.rows(rows);
      },
      progress: async (fraction) => {
        await writer.progress(fraction);
        const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
        if (percent <= shown || (percent < shown + PROGRESS_STEP && Date.now() - shownAt < PROGRESS_EVERY_MS)) return;
        shown = percent;
        shownAt = Date.now();
        const held = await this.db.transaction().execute(async (trx) => {
          if (!(await this.repositories(trx).reportGeneration.progress(file.id, this.holder, file.attempt, percent))) return false;
          await tell(trx, file.id, 'PROCESS', percent);
          return true;
        });
        if (!held) throw new ClaimLost();
      },
    };
  }
}

function subjectOf(file: ClaimedFile) {
  return {
    type: file.reportType as ReportType,
    from: file.from,
    to: file.to,
    interval: file.reportInterval as ReportInterval,
    deviceIds: [],
    deviceGroupIds: file.subject.deviceGroupIds ?? [],
    operatorIds: [],
    operatorGroupIds: file.subject.operatorGroupIds ?? [],
  };
}
