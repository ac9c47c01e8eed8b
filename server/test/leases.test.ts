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
    await dead.release().then(() =>
      ctx.database.db
        .insertInto('leases')
        .values({ name: 'test-expiry', holder: 'dead', expires_at: new Date(Date.now() + 1000) })
        .execute(),
    );
    const next = new Lease(ctx.database.db, 'test-expiry', 'next', { ttlSeconds: 1 });
    expect(await next.tryAcquire()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await next.tryAcquire()).toBe(true);
    await next.release();
  });

  it('gives each process its own MQTT client id, and a restarted one its old id', async () => {
    const first = await claimMqttClientId(ctx.database.db, undefined, { holder: 'process-1' });
    const second = await claimMqttClientId(ctx.database.db, undefined, { holder: 'process-2' });
    expect(first.clientId).toBe(`${defaultClientIdBase()}-0`);
    expect(second.clientId).toBe(`${defaultClientIdBase()}-1`);
    await first.lease.release();
    const restarted = await claimMqttClientId(ctx.database.db, undefined, { holder: 'process-1-restarted' });
    expect(restarted.clientId).toBe(`${defaultClientIdBase()}-0`);
    await expect(claimMqttClientId(ctx.database.db, restarted.clientId, { holder: 'process-3' })).rejects.toThrow('in use by another running instance');
    await Promise.all([second.lease.release(), restarted.lease.release()]);
  });
  it("keeps a stopped instance's id on record, free at once, and lets a configured id wait out another's drain", async () => {
    const stopped = await claimMqttClientId(ctx.database.db, 'gw-configured', { holder: 'process-a' });
    await stopped.lease.lapse();
    const row = () => ctx.database.db.selectFrom('leases').select('holder').where('name', '=', 'mqtt-client-id:gw-configured').executeTakeFirst();
    expect(await row()).toEqual({ holder: 'process-a' });
    // Another instance drains the id's session; the instance started with that id waits for it rather than refusing.
    const drain = new Lease(ctx.database.db, 'mqtt-client-id:gw-configured', 'drain:process-b', { ttlSeconds: 30 });
    expect(await drain.tryAcquire()).toBe(true);
    const claim = claimMqttClientId(ctx.database.db, 'gw-configured', { holder: 'process-a-restarted' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await drain.release();
    const restarted = await claim;
    expect(restarted.clientId).toBe('gw-configured');
    expect(await row()).toEqual({ holder: 'process-a-restarted' });
    await restarted.lease.release();
  });
});
