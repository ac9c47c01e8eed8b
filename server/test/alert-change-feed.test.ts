import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertChange } from '../src/push/changes/alert-change.ts';
import { AlertChangeFeed } from '../src/push/changes/alert-change-feed.ts';
import { createRepositories } from '../src/repositories.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice, createUser } from './fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';

/** The alert change feed (migration 016): every write to an alert reaches each listener once, in its transaction. */
describe('alert change feed', () => {
  let ctx: TestContext;
  let ids: { company: number; device: number; rule: number };

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const company = await createCompany(db);
    const user = await createUser(db, company.id);
    const device = (await createDevice(db, company.id, 'Press')).id;
    ids = { company: company.id, device, rule: await createRule(db, company.id, { devices: [device], users: [user.id] }) };
    // The app's own feed must not take the rows this test drains.
    await ctx.services.alertChanges.drain();
  });
  afterAll(() => ctx?.close());

  const recorder = () => {
    const seen: AlertChange[] = [];
    return { seen, listener: { name: 'recorder', handle: async (_trx: unknown, changes: readonly AlertChange[]) => void seen.push(...changes) } };
  };

  it('records opened, repeated, ended and confirmed, whichever code writes them, and hands each over once', async () => {
    const db = ctx.database.db;
    const feed = new AlertChangeFeed(db, createRepositories);
    const { seen, listener } = recorder();
    feed.listen(listener);
    const alert = await insertAlert(db, { companyId: ids.company, deviceId: ids.device, ruleId: ids.rule, importance: 'error' });
    await db.updateTable('alerts').set({ counter: 2 }).where('id', '=', alert).execute();
    await db.updateTable('alerts').set({ updated_at: new Date() }).where('id', '=', alert).execute();
    await db.updateTable('alerts').set({ ended_at: new Date() }).where('id', '=', alert).execute();
    await db.updateTable('alerts').set({ confirmed_at: new Date() }).where('id', '=', alert).execute();
    expect(await feed.drain()).toBe(4);
    expect(seen.map((c) => [c.alertId, c.kind])).toEqual([
      [alert, 'opened'],
      [alert, 'repeated'],
      [alert, 'ended'],
      [alert, 'confirmed'],
    ]);
    expect(seen[0]).toMatchObject({ companyId: ids.company, deviceId: ids.device, ruleId: ids.rule, source: 'rule', importance: 'error' });
    expect(await feed.drain()).toBe(0);
  });

  it('keeps the changes when a listener fails, and two feeds draining at once hand each change to one of them', async () => {
    const db = ctx.database.db;
    const failing = new AlertChangeFeed(db, createRepositories);
    failing.listen({ name: 'broken', handle: () => Promise.reject(new Error('SMTP is down')) });
    for (let i = 0; i < 3; i++) await insertAlert(db, { companyId: ids.company, deviceId: ids.device, ruleId: null, endedAt: new Date() });
    await expect(failing.drain()).rejects.toThrow('SMTP is down');
    const [a, b] = [recorder(), recorder()];
    const first = new AlertChangeFeed(db, createRepositories);
    const second = new AlertChangeFeed(db, createRepositories);
    first.listen(a.listener);
    second.listen(b.listener);
    await Promise.all([first.drain(), second.drain()]);
    await first.drain();
    expect([...a.seen, ...b.seen].map((c) => c.kind)).toEqual(['opened', 'opened', 'opened']);
  });
});
