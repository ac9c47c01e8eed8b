import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { Lease } from '../src/jobs/lease.ts';
import { claimMqttClientId, defaultClientIdBase } from '../src/telemetry/mqtt-client-id.ts';

describe('leases: work one instance does at a time', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('is held by one holder at a time, and passes on when released', async () => {
    const a = new Lease(ctx.database.db, 'test-one', 'instance-a');
    const b = new Lease(ctx.database.db, 'test-one', 'instance-b');
    const [gotA, gotB] = await Promise.all([a.tryAcquire(), b.tryAcquire()]);
    expect([gotA, gotB].filter(Boolean)).toHaveLength(1);
    const [holder, other] = gotA ? [a, b] : [b, a];
    expect(await other.tryAcquire()).toBe(false);
    expect(await other.heldByLiveInstance()).toBe(true);
    await holder.release();
    expect(await other.tryAcquire()).toBe(true);
    await other.release();
  });

  it('is taken over once a holder that stopped renewing lets it expire', async () => {
    // Renewal is every third of the lifetime: a holder that stops (dies) is simulated by one whose timer never ran.
    const dead = new Lease(ctx.database.db, 'test-expiry', 'dead', { ttlSeconds: 1 });
    expect(await dead.tryAcquire()).toBe(true);
    await dead.release().then(() => ctx.database.db.insertInto('leases').values({ name: 'test-expiry', holder: 'dead', expires_at: new Date(Date.now() + 1000) }).execute());
    const next = new Lease(ctx.database.db, 'test-expiry', 'next', { ttlSeconds: 1 });
    expect(await next.tryAcquire()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await next.tryAcquire()).toBe(true);
    await next.release();
  });

  it('gives each process its own MQTT client id, and a restarted one its old id', async () => {
    const first = await claimMqttClientId(ctx.database.db, undefined, undefined, 'process-1');
    const second = await claimMqttClientId(ctx.database.db, undefined, undefined, 'process-2');
    expect(first.clientId).toBe(`${defaultClientIdBase()}-0`);
    expect(second.clientId).toBe(`${defaultClientIdBase()}-1`);
    await first.lease.release();
    const restarted = await claimMqttClientId(ctx.database.db, undefined, undefined, 'process-1-restarted');
    expect(restarted.clientId).toBe(`${defaultClientIdBase()}-0`);
    await expect(claimMqttClientId(ctx.database.db, restarted.clientId, undefined, 'process-3')).rejects.toThrow('in use by another running instance');
    await Promise.all([second.lease.release(), restarted.lease.release()]);
  });
});
