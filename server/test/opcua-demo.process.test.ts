import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_OPCUA } from '../src/demo/demo-data.ts';
import { usingPostgres } from './context.ts';
import { crashDatabase } from './crash-database.ts';
import { startServerProcess } from './support/server-process.ts';
import type { ServerProcess } from './support/server-process.ts';
import { waitFor } from './wait-for.ts';

/**
 * `npm start` with the demo (server/src/main.ts as a process, a day of history): the banner names the demo machine
 * and where it is read from, on a free port (OPCUA_DEMO_PORT=0, so no test takes 4841 from a user's server); on
 * PostgreSQL, where the test can read the database beside the server, the connector's session to it comes up.
 */
describe('npm start with the demo: the OPC UA machine', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('names the demo machine in the banner, and the connector reads it', async () => {
    const { env, open } = await crashDatabase('gw-opcua-demo-start-', cleanups);
    server = await startServerProcess({ ...env, DEMO: 'on', SIMULATOR: 'on', DEMO_HISTORY_DAYS: '1', OPCUA_DEMO_PORT: '0', LOG_LEVEL: 'warn' }, 600_000);
    const banner = await waitFor('the banner', () => /Demo machine:\s+(.*)/.exec(server!.output())?.[1], { timeoutMs: 60_000 });
    const endpoint = /^Injection Moulder 4 at (opc\.tcp:\/\/127\.0\.0\.1:(\d+)), read over OPC UA$/.exec(banner);
    expect(endpoint, banner).not.toBeNull();
    expect(Number(endpoint![2])).not.toBe(DEMO_OPCUA.defaultPort);
    if (!usingPostgres()) return;
    const database = await open();
    cleanups.push(() => database.close());
    const module = () =>
      database.db
        .selectFrom('opcua_modules')
        .innerJoin('sensors', 'sensors.id', 'opcua_modules.sensor_id')
        .innerJoin('devices', 'devices.id', 'sensors.device_id')
        .select(['opcua_modules.endpoint_url as endpointUrl', 'opcua_modules.connection_state as state'])
        .where('devices.name', '=', DEMO_OPCUA.device)
        .executeTakeFirstOrThrow();
    expect((await module()).endpointUrl).toBe(endpoint![1]);
    // The connector polls every 10 s; the machine is up before the first poll.
    await waitFor('the session to the demo machine', async () => (await module()).state === 'connected', { timeoutMs: 60_000, intervalMs: 500 });
  }, 700_000);
});
