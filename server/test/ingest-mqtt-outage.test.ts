import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { createModule } from './ingest-fixtures.ts';
import { freePort } from './support/server-process.ts';
import { MqttIngestSubscriber } from '../src/telemetry/mqtt-subscriber.ts';
import type { SubscriberLog } from '../src/telemetry/mqtt-subscriber.ts';
import { moduleTopic } from '../src/telemetry/mqtt-topics.ts';

const MESSAGES = 1000;
const OUTAGE_MS = 30_000;
const quiet: SubscriberLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The server's MQTT client is away for 30 s (a restart, a deploy) while modules publish 1,000 messages at QoS 1:
 * its subscription is a persistent session, so the broker keeps them and delivers every one when it is back. The
 * broker is a Mosquitto of the test's own, configured as docs/ingest.md tells a deployment to (its queue per client
 * raised from the default 1,000), so the test does not depend on how this machine's broker is set up.
 */
describe('MQTT: nothing the broker kept is lost while the server is away', () => {
  let ctx: TestContext;
  let module: TestModule;
  let broker: ChildProcess;
  let brokerUrl: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-mosquitto-'));

  beforeAll(async () => {
    const port = await freePort();
    writeFileSync(
      path.join(dir, 'mosquitto.conf'),
      [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'persistence false', 'max_queued_messages 100000', 'max_inflight_messages 100', ''].join('\n'),
    );
    broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    brokerUrl = `mqtt://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      const probe = await mqtt.connectAsync(brokerUrl, { reconnectPeriod: 0, connectTimeout: 1000 }).catch(() => null);
      if (probe) {
        await probe.endAsync();
        break;
      }
      if (attempt > 50) throw new Error('the test broker did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db);
    module = await createModule(ctx.database.db, company.id, (await createDevice(ctx.database.db, company.id)).id);
  });

  afterAll(async () => {
    broker?.kill('SIGTERM');
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers all 1,000 messages published during a 30 s absence', { timeout: 120_000 }, async () => {
    const clientId = `gwtest-outage-${randomBytes(4).toString('hex')}`;
    const options = { url: brokerUrl, clientId, topicPrefix: 'outage/', retryDelayMs: 100, log: quiet };
    const first = new MqttIngestSubscriber(ctx.services.ingest, options);
    await first.start();
    await first.stop();

    const publisher = await mqtt.connectAsync(brokerUrl, { clientId: `${clientId}-pub`, protocolVersion: 5 });
    const from = Date.now() - 2 * 3_600_000;
    const started = Date.now();
    for (let i = 0; i < MESSAGES; i++) {
      const items = [{ p: 1, t: new Date(from + i * 1000).toISOString(), v: 1 }];
      await publisher.publishAsync(moduleTopic(module.serial, 'readings', 'outage/'), JSON.stringify({ code: module.code, items }), { qos: 1 });
    }
    await publisher.endAsync();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - started))));

    const second = new MqttIngestSubscriber(ctx.services.ingest, options);
    await second.start();
    const count = async () =>
      (
        await ctx.database.db
          .selectFrom('readings')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('device_id', '=', module.identity.deviceId as number)
          .executeTakeFirstOrThrow()
      ).n;
    const until = Date.now() + 60_000;
    while ((await count()) < MESSAGES && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
    await second.stop();
    expect(await count()).toBe(MESSAGES);
  });
});
