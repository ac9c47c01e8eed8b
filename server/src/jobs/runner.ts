import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { JobRepository } from './job-repository.ts';
import type { ClaimedJob, NewJob } from './job-repository.ts';
import type { JobPayloads, TickKind } from './kinds.ts';
import { PROCESS_HOLDER } from './lease.ts';

/** What a handler gets: the transaction its writes go into (the job completes in it) and the job itself. */
export interface JobContext<Payload = unknown> {
  trx: Kysely<DB>;
  job: ClaimedJob<Payload>;
}
export type JobHandler<Payload = unknown> = (context: JobContext<Payload>) => Promise<void>;

/**
 * Work that is not a job row but a queue of its own, drained with the same loop and wake-up (the alert engine's
 * arrivals). `drain` must be exactly-once by itself (it takes its items in the transaction that applies them) and
 * returns how many items it handled; 0 lets the runner sleep.
 */
export interface JobSource {
  name: string;
  drain(): Promise<number>;
}

/** Counts outcomes for /metrics (metrics/metrics.ts jobObserver). */
export interface JobObserver {
  finished(kind: string, outcome: 'done' | 'retry' | 'failed' | 'lost', seconds: number): void;
}

export interface JobLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobRunnerOptions {
  /** Who this runner is in locked_by; defaults to the process. Tests run two runners in one process. */
  holder?: string;
  /** How long a claim lasts: after this, a runner that died mid-job is replaced. */
  leaseSeconds?: number;
  /** Idle polling period: the longest a job enqueued by another instance waits. */
  pollMs?: number;
  /** Delay before attempt n+1 after n failed attempts: exponential, capped. */
  backoffSeconds?: (attempts: number) => number;
  observer?: JobObserver;
  log?: JobLog;
}

interface Registration {
  handler: JobHandler<never>;
  maxAttempts: number;
}

export const exponentialBackoff = (attempts: number) => Math.min(3600, 2 ** Math.max(0, attempts - 1) * 5);
/** Jobs run per loop turn before the sources get their turn again. */
const JOBS_PER_TURN = 20;

/**
 * The durable job runner (ARCHITECTURE §6): jobs in the `jobs` table, claimed with FOR UPDATE SKIP LOCKED and a
 * lease, retried with exponential backoff up to their max attempts, then 'failed' with the last error. A handler's
 * writes and the job's completion commit in one transaction, under a row lock taken only while this runner still
 * holds the claim, so a job's effects happen exactly once with any number of runners. Works the same on PGlite.
 * Its kinds are those of `Kinds` (kinds.ts JobPayloads in the server), each with its payload's type.
 */
export class JobRunner<Kinds extends object = JobPayloads> {
  private readonly repository: JobRepository<Kinds>;
  private readonly handlers = new Map<string, Registration>();
  private readonly sources: JobSource[] = [];
  private readonly schedules: { kind: TickKind<Kinds>; pattern: string; timezone: string }[] = [];
  private crons: Cron[] = [];
  private readonly holder: string;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly backoff: (attempts: number) => number;
  private loop: Promise<void> | null = null;
  private stopped = true;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private lastPurge = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.repository = new JobRepository<Kinds>(db);
    this.holder = options.holder ?? PROCESS_HOLDER;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.pollMs = options.pollMs ?? 1000;
    this.backoff = options.backoffSeconds ?? exponentialBackoff;
  }

  /** Logs failed jobs to `log` from now on (the app's logger exists only after the services). */
  useLog(log: JobLog): void {
    this.options.log = log;
  }

  register<Kind extends keyof Kinds & string>(kind: Kind, handler: JobHandler<Kinds[Kind]>, options: { maxAttempts?: number } = {}): void {
    this.handlers.set(kind, { handler, maxAttempts: options.maxAttempts ?? 5 });
  }

  addSource(source: JobSource): void {
    this.sources.push(source);
  }

  /**
   * Runs `kind` on a croner schedule (in `timezone`, UTC by default). Every tick enqueues one job keyed by the tick's
   * time, so with N instances each tick is enqueued N times and exists once.
   */
  schedule(kind: TickKind<Kinds>, pattern: string, options: { timezone?: string } = {}): void {
    this.schedules.push({ kind, pattern, timezone: options.timezone ?? 'Etc/UTC' });
    if (!this.stopped) this.crons.push(this.cronOf(this.schedules.at(-1)!));
  }

  /**
   * A schedule's timer, made only while the runner runs: croner arms a timer even for a paused job, and a runner
   * that is never started (tests, benchmarks, scripts) must not keep the process alive.
   */
  private cronOf(schedule: { kind: TickKind<Kinds>; pattern: string; timezone: string }): Cron {
    return new Cron(schedule.pattern, { timezone: schedule.timezone, protect: true }, async (self: Cron) => {
      const at = self.currentRun() ?? new Date();
      await this.enqueueTick(schedule.kind, at).catch((error: unknown) =>
        this.options.log?.warn({ err: error, kind: schedule.kind }, 'scheduled job could not be enqueued'),
      );
    });
  }

  /** Enqueues the job of a schedule's tick at `at` (the key is the tick's time to the second). */
  async enqueueTick(kind: TickKind<Kinds>, at: Date): Promise<boolean> {
    const key = new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString();
    // A tick kind's payload is NoPayload, which the compiler cannot see through the generic NewJob.
    return this.enqueue({ kind, key, maxAttempts: this.handlers.get(kind)?.maxAttempts } as NewJob<Kinds, TickKind<Kinds>>);
  }

  /** Adds a job (once per kind and key) and wakes this runner. */
  async enqueue<Kind extends keyof Kinds & string>(job: NewJob<Kinds, Kind>): Promise<boolean> {
    const created = await this.repository.enqueue({ maxAttempts: this.handlers.get(job.kind)?.maxAttempts, ...job });
    if (created) this.wake();
    return created;
  }

  /** Ends the idle wait at once (work was enqueued or committed in this process). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.crons = this.schedules.map((schedule) => this.cronOf(schedule));
    this.loop = this.run();
  }

  /** Stops the schedules, lets the job in progress finish (commit or roll back), and resolves when idle. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const cron of this.crons) cron.stop();
    this.crons = [];
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** One turn: the due jobs (up to a batch) and every source once. Returns how much was done; tests call it. */
  async runOnce(): Promise<number> {
    let done = 0;
    const kinds = [...this.handlers.keys()];
    for (let i = 0; i < JOBS_PER_TURN && !(this.stopped && this.loop); i++) {
      const job = await this.repository.claim(kinds, this.holder, this.leaseSeconds);
      if (!job) break;
      await this.process(job);
      done++;
    }
    for (const source of this.sources) {
      try {
        done += await source.drain();
      } catch (error) {
        this.options.log?.error({ err: error, source: source.name }, 'job source failed; retrying');
      }
    }
    return done;
  }

  /** Runs turns until nothing is due (tests and catch-up). */
  async runUntilIdle(maxTurns = 1000): Promise<void> {
    for (let turn = 0; turn < maxTurns; turn++) if ((await this.runOnce()) === 0) return;
  }

  private async process(job: ClaimedJob): Promise<void> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    const registration = this.handlers.get(job.kind);
    if (!registration) return;
    try {
      await this.db.transaction().execute(async (trx) => {
        const repository = new JobRepository<Kinds>(trx);
        if (!(await repository.lockClaim(job.id, this.holder))) throw new ClaimLostError();
        // The claimed row's kind is the registration's, so its payload is that kind's.
        await registration.handler({ trx, job: job as never });
        if (!(await repository.complete(job.id, this.holder))) throw new ClaimLostError();
      });
      this.options.observer?.finished(job.kind, 'done', seconds());
    } catch (error) {
      if (error instanceof ClaimLostError) {
        this.options.observer?.finished(job.kind, 'lost', seconds());
        return;
      }
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const state = await this.repository.fail(job.id, this.holder, message, this.backoff(job.attempts)).catch(() => undefined);
      this.options.observer?.finished(job.kind, state === 'failed' ? 'failed' : 'retry', seconds());
      this.options.log?.warn({ err: error, kind: job.kind, key: job.key, attempt: job.attempts, state }, 'job failed');
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let done = 0;
      try {
        done = await this.runOnce();
        await this.purgeHourly();
      } catch (error) {
        this.options.log?.error({ err: error }, 'job runner turn failed; retrying');
      }
      if (done > 0 || this.stopped) continue;
      await this.idle();
    }
  }

  private async idle(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeUp = null;
    this.woken = false;
  }

  private async purgeHourly(): Promise<void> {
    if (Date.now() - this.lastPurge < 3_600_000) return;
    this.lastPurge = Date.now();
    await this.repository.purgeFinished(14);
  }
}

class ClaimLostError extends Error {
  constructor() {
    super('job claim lost to another runner');
  }
}
