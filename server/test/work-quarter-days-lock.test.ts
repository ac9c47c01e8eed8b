import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LOCK_CLASS } from '../src/telemetry/operator-sessions-repository.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';

/**
 * The work matrix fills its stored days holding, shared, the lock an ingest batch holds exclusively (migration 022):
 * the SQL name the reports use must be the class the ingest takes, or a fill could store cells a batch is changing.
 */
describe('the device batch lock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it("device_batch_lock_class() is the ingest's session lock class", async () => {
    const result = await sql<{ lockClass: number }>`select device_batch_lock_class() as "lockClass"`.execute(ctx.database.db);
    expect(result.rows[0]!.lockClass).toBe(SESSION_LOCK_CLASS);
  });
});
