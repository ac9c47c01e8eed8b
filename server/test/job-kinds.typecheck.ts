import type { JobRunner } from '../src/jobs/runner.ts';
import type { JobRepository } from '../src/jobs/job-repository.ts';
import type { NoPayload } from '../src/jobs/kinds.ts';

/**
 * The job kinds are typed (decision 013): `npm run typecheck` compiles this file, and each @ts-expect-error line fails
 * the typecheck the day the call it marks compiles (an unknown kind, a wrong payload). Nothing runs it: it is not a
 * test file of vitest, only of the compiler.
 */

interface TestJobs {
  tick: NoPayload;
  export: { fileId: number };
}

export function typeChecks(runner: JobRunner<TestJobs>, server: JobRunner, repository: JobRepository): void {
  runner.register('export', async ({ job }) => {
    const fileId: number = job.payload.fileId;
    // @ts-expect-error: the payload of 'export' has no such field
    void job.payload.reportId;
    void fileId;
  });
  void runner.enqueue({ kind: 'export', key: 'a', payload: { fileId: 1 } });
  // @ts-expect-error: a payload of the wrong type
  void runner.enqueue({ kind: 'export', key: 'b', payload: { fileId: 'one' } });
  // @ts-expect-error: 'export' carries a payload, so it cannot be left out
  void runner.enqueue({ kind: 'export', key: 'c' });
  void runner.enqueue({ kind: 'tick', key: 'd' });
  // @ts-expect-error: a kind the registry does not list
  void runner.enqueue({ kind: 'unknown', key: 'e' });
  // @ts-expect-error: a kind the registry does not list
  runner.register('unknown', async () => undefined);
  runner.schedule('tick', '* * * * *');
  // @ts-expect-error: only a kind without a payload runs on a schedule
  runner.schedule('export', '* * * * *');
  void server.enqueueTick('report-periods', new Date());
  // @ts-expect-error: the server's registry (jobs/kinds.ts) has no such kind
  void server.enqueueTick('report-period', new Date());
  void repository.enqueue({ kind: 'alert-engine.tick', key: 'f' });
  // @ts-expect-error: a job enqueued in a transaction is checked against the same registry
  void repository.enqueue({ kind: 'alert-engine.tock', key: 'g' });
}
