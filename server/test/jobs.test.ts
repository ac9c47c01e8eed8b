import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { JobRunner, exponentialBackoff } from '../src/jobs/runner.ts';
import type { JobHandler } from '../src/jobs/runner.ts';
import type { NoPayload } from '../src/jobs/kinds.ts';
import { JobRepository } from '../src/jobs/job-repository.ts';
import { instanceVariants } from './two-instances.ts';
import type { TwoInstances } from './two-instances.ts';

/**
 * The job runner (server/src/jobs/runner.ts) on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with two runners
 * on two connection pools of one database, as two instances would run.
 */

/** The kinds these tests run, in place of the server's (jobs/kinds.ts). */
interface TestJobs {
  effect: NoPayload;
  takeover: NoPayload;
  flaky: NoPayload;
  tick: NoPayload;
  'every-second': NoPayload;
}

describe.each(instanceVariants)('job runner on %s', (_name, setup, skip) => {
  let s: TwoInstances;
  beforeAll(async () => {
    if (skip) return;
    s = await setup();
    await sql`create table job_effects (job_key text not null, runner text not null)`.execute(s.a.db);
  });
  afterAll(async () => {
    if (!skip) await s.close();
  });

  /** A handler that records its job's key in job_effects, in the job's transaction. */
  const recording =
    (runner: string): JobHandler =>
    async ({ trx, job }) => {
      await sql`insert into job_effects (job_key, runner) values (${job.key}, ${runner})`.execute(trx);
    };

  const effects = async (prefix: string) =>
    (
      await sql<{ job_key: string; runner: string }>`select job_key, runner from job_effects where starts_with(job_key, ${prefix}) order by job_key`.execute(
        s.a.db,
      )
    ).rows;

  it.skipIf(skip)('runs each job exactly once with two runners on one database', async () => {
    const a = new JobRunner<TestJobs>(s.a.db, { holder: 'runner-a' });
    const b = new JobRunner<TestJobs>(s.b.db, { holder: 'runner-b' });
    a.register('effect', recording('a'));
    b.register('effect', recording('b'));
    const keys = Array.from({ length: 60 }, (_, i) => `once-${String(i).padStart(3, '0')}`);
    // Both instances enqueue every job (a retried tick, a second instance): one job per key.
    for (const key of keys) {
      await a.enqueue({ kind: 'effect', key });
      await b.enqueue({ kind: 'effect', key });
    }
    await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    const rows = await effects('once-');
    expect(rows.map((r) => r.job_key)).toEqual(keys);
    const states = await sql<{ state: string; n: number }>`select state, count(*)::int as n from jobs where kind = 'effect' group by state`.execute(s.a.db);
    expect(states.rows).toEqual([{ state: 'done', n: 60 }]);
  });

  it.skipIf(skip)('takes over the job of a runner whose lease expired, and that runner can no longer complete it', async () => {
    const repository = new JobRepository<TestJobs>(s.a.db);
    const b = new JobRunner<TestJobs>(s.b.db, { holder: 'runner-b' });
    b.register('takeover', recording('b'));
    await b.enqueue({ kind: 'takeover', key: 'takeover-1' });
    // Runner "dead" claims the job and dies before running it.
    const claimed = await repository.claim(['takeover'], 'dead', 600);
    expect(claimed?.key).toBe('takeover-1');
    await b.runUntilIdle();
    expect(await effects('takeover-')).toEqual([]);
    // Its lease runs out.
    await sql`update jobs set locked_until = now() - interval '1 second' where id = ${claimed!.id}`.execute(s.a.db);
    await b.runUntilIdle();
    expect(await effects('takeover-')).toEqual([{ job_key: 'takeover-1', runner: 'b' }]);
    expect((await repository.find('takeover', 'takeover-1'))?.state).toBe('done');
    expect((await repository.find('takeover', 'takeover-1'))?.attempts).toBe(2);
    // The dead runner's claim is gone: it cannot lock or complete the job any more.
    await s.a.db.transaction().execute(async (trx) => {
      expect(await new JobRepository(trx).lockClaim(claimed!.id, 'dead')).toBe(false);
      expect(await new JobRepository(trx).complete(claimed!.id, 'dead')).toBe(false);
    });
  });

  it.skipIf(skip)('retries a failing job with backoff, rolls back its writes, and marks it failed after its last attempt', async () => {
    const runner = new JobRunner<TestJobs>(s.a.db, { holder: 'runner-a', backoffSeconds: (attempts) => 100 * attempts });
    runner.register(
      'flaky',
      async ({ trx, job }) => {
        await sql`insert into job_effects (job_key, runner) values (${job.key}, 'a')`.execute(trx);
        throw new Error(`boom ${job.attempts}`);
      },
      { maxAttempts: 3 },
    );
    await runner.enqueue({ kind: 'flaky', key: 'flaky-1' });
    const repository = new JobRepository<TestJobs>(s.a.db);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runner.runUntilIdle();
      const job = await repository.find('flaky', 'flaky-1');
      expect(job?.attempts).toBe(attempt);
      expect(job?.lastError).toContain(`boom ${attempt}`);
      if (attempt < 3) {
        expect(job?.state).toBe('pending');
        // Not due again before its backoff: 100 s after the first failure, 200 s after the second.
        const wait = await sql<{ s: number }>`select extract(epoch from run_at - now())::float8 as s from jobs where id = ${job!.id}`.execute(s.a.db);
        expect(wait.rows[0]!.s).toBeGreaterThan(100 * attempt - 10);
        expect(wait.rows[0]!.s).toBeLessThanOrEqual(100 * attempt);
        await runner.runUntilIdle();
        expect((await repository.find('flaky', 'flaky-1'))?.attempts).toBe(attempt);
        await sql`update jobs set run_at = now() where id = ${job!.id}`.execute(s.a.db);
      } else {
        expect(job?.state).toBe('failed');
      }
    }
    // Every attempt's write was rolled back with it.
    expect(await effects('flaky-')).toEqual([]);
  });

  it.skipIf(skip)('enqueues one job per schedule tick however many instances tick', async () => {
    const a = new JobRunner<TestJobs>(s.a.db, { holder: 'runner-a' });
    const b = new JobRunner<TestJobs>(s.b.db, { holder: 'runner-b' });
    a.register('tick', recording('a'));
    b.register('tick', recording('b'));
    const at = new Date('2026-03-29T01:00:00.250Z');
    const created = await Promise.all([a.enqueueTick('tick', at), b.enqueueTick('tick', at), a.enqueueTick('tick', new Date('2026-03-29T01:00:00.900Z'))]);
    expect(created.filter(Boolean)).toHaveLength(1);
    await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    expect((await effects('2026-03-29T01:00:00')).length).toBe(1);
  });

  it.skipIf(skip)('a croner schedule enqueues its ticks while the runner runs, and stop ends it', async () => {
    const runner = new JobRunner<TestJobs>(s.a.db, { holder: 'runner-a', pollMs: 20 });
    let ran = 0;
    runner.register('every-second', async () => {
      ran++;
    });
    runner.schedule('every-second', '* * * * * *');
    runner.start();
    for (let i = 0; i < 200 && ran < 2; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    await runner.stop();
    expect(ran).toBeGreaterThanOrEqual(2);
    const keys = (await sql<{ key: string }>`select key from jobs where kind = 'every-second' order by key`.execute(s.a.db)).rows.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/T\d\d:\d\d:\d\d\.000Z$/);
  });
});

describe('exponential backoff', () => {
  it('doubles per attempt from 5 s and stops at an hour', () => {
    expect([1, 2, 3, 4].map(exponentialBackoff)).toEqual([5, 10, 20, 40]);
    expect(exponentialBackoff(30)).toBe(3600);
  });
});
