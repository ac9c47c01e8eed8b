import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createApp } from './app.ts';
import { createServices } from './services.ts';
import { Metrics } from './metrics/metrics.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { DEMO_OPCUA, DEMO_TELTONIKA } from './demo/demo-data.ts';
import { MqttIngestSubscriber } from './telemetry/mqtt-subscriber.ts';
import { createDemoSimulator } from './demo/simulator/index.ts';
import { Lease } from './jobs/lease.ts';
import { claimMqttClientId } from './telemetry/mqtt-client-id.ts';
import { MqttSessionSweeper } from './telemetry/mqtt-session-sweeper.ts';
import { OpcuaConnectors } from './telemetry/protocols/opcua/connectors.ts';
import { TeltonikaListener } from './telemetry/protocols/teltonika/listener.ts';
import { TeltonikaPacketHandler } from './telemetry/protocols/teltonika/packet-handler.ts';

/** config -> database -> migrations -> services -> demo data and its history -> http -> the demo's live stream. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  const applied = await migrate(database);
  // Process metrics (RSS, event-loop lag) and the database pool only here: tests build many apps in one process.
  const metrics = new Metrics({ poolStats: () => database.poolStats() });
  const services = await createServices(database.db, config, { metrics });
  const readiness = { accepting: true };
  const app = await createApp({ config, database, services, readiness });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  services.jobs.useLog(app.log);
  services.mail.useLog(app.log);
  services.alertEngine.useLog(app.log);

  const seeded = config.DEMO ? await seedDemoIfEmpty(database.db, { historyDays: config.DEMO_HISTORY_DAYS }) : false;
  const simulator = config.DEMO
    ? createDemoSimulator({
        db: database.db,
        ingest: services.ingest,
        live: config.SIMULATOR ? { mqttUrl: config.MQTT_URL, topicPrefix: config.MQTT_TOPIC_PREFIX } : null,
        log: app.log,
        output: process.stdout,
        historyDays: config.DEMO_HISTORY_DAYS,
        opcua: { port: config.SIMULATOR ? config.OPCUA_DEMO_PORT : null, dataDir: config.DATA_DIR },
      })
    : null;
  // Exactly one instance runs the demo fleet (its history and its live data); the others serve, and one of them takes
  // over when the runner stops renewing its lease.
  const simulatorLease = simulator ? new Lease(database.db, 'demo-simulator', undefined, { log: app.log }) : null;
  const runsSimulator = simulatorLease ? await simulatorLease.tryAcquire(() => void simulator?.stop()) : false;

  let shuttingDown = false;
  let reason: string | undefined;
  let exitCode = 0;

  // Module batches from the broker (docs/ingest.md); acknowledged only after commit, so it stops before the database.
  // An instance that lost its client id (it could not renew it, and another instance drained its session) must not
  // go on connecting with it: it stops, and its supervisor starts it again with an id of its own.
  const mqttClient = config.MQTT_URL
    ? await claimMqttClientId(database.db, config.MQTT_CLIENT_ID, { log: app.log, onLost: () => shutdown('MQTT client id lost', 1) })
    : null;
  const mqttIngest =
    config.MQTT_URL && mqttClient
      ? new MqttIngestSubscriber(services.ingest, {
          url: config.MQTT_URL,
          clientId: mqttClient.clientId,
          connections: config.MQTT_CONNECTIONS,
          topicPrefix: config.MQTT_TOPIC_PREFIX,
          log: app.log,
        })
      : null;
  // Broker sessions of ids no instance holds any more (an instance removed, a host renamed) are drained by one of us.
  const sessionSweeper = mqttIngest ? new MqttSessionSweeper(database.db, { drain: (ids) => mqttIngest.drain(ids), log: app.log }) : null;

  // Teltonika trackers' TCP connections, in every instance (a device's connection lands on any of them); packets are
  // acknowledged only after commit, so it stops before the database.
  const teltonika =
    config.TELTONIKA_PORT === null
      ? null
      : new TeltonikaListener(new TeltonikaPacketHandler({ db: database.db, ingest: services.ingest, unknownModules: services.unknownModules }), {
          host: config.TELTONIKA_HOST,
          port: config.TELTONIKA_PORT,
          idleTimeoutMs: config.TELTONIKA_IDLE_TIMEOUT_SECONDS * 1000,
          log: app.log,
        });

  // OPC UA machines: this instance holds the sessions of the modules whose leases it takes (one instance per machine).
  const opcua = config.OPCUA
    ? new OpcuaConnectors({ db: database.db, ingest: services.ingest, secrets: services.opcuaSecrets, pki: services.opcuaPki, log: app.log })
    : null;

  // One shutdown for SIGTERM, SIGINT and the other termination signals, an uncaught error, and a lost MQTT client
  // id: stop accepting connections, let requests in flight finish, then release the database. A second signal, or
  // 15 seconds without finishing, ends the process at once (exit 1).
  const closer = closeWithGrace({ delay: 15_000, logger: app.log }, async ({ signal, err }) => {
    shuttingDown = true;
    readiness.accepting = false;
    // The job in progress commits or rolls back; no new one starts.
    await services.jobs.stop();
    // The mail batch being sent is recorded, so no mail the SMTP server took goes out again after the restart.
    await services.mail.settled();
    // A report being made is handed back (NEW) for another instance or the next start.
    await services.reportGenerator.stop();
    if (err) app.log.error({ err }, 'shutting down after an uncaught error');
    else app.log.info({ signal: signal ?? reason }, 'shutting down');
    // The simulator finishes the batch it is writing first, so nothing is cut off mid-transaction.
    await simulator?.stop();
    await simulatorLease?.release();
    // Lets the batch being stored commit and be acknowledged; the rest stays with the broker for the next start.
    await sessionSweeper?.stop();
    await mqttIngest?.stop();
    // The packets being stored commit and are acknowledged; the rest their devices send again to another instance.
    await teltonika?.stop();
    // Each session's gathered samples are stored and its lease given up, so another instance takes the machine at once.
    await opcua?.stop();
    // The lease's row stays: it records that the broker keeps this id's session, for whoever comes after.
    await mqttClient?.lease.lapse();
    await app.close();
    await database.close();
    // close-with-grace exits 0 after a signal; a shutdown the server asked for itself may need another code.
    if (exitCode !== 0) process.exit(exitCode);
  });
  function shutdown(why: string, code: number): void {
    if (shuttingDown) return;
    reason = why;
    exitCode = code;
    void closer.close();
  }

  // The demo history is stored before the server listens, so the first page anyone opens already has data. With
  // SIMULATOR=off only an empty demo gets it; otherwise whatever the demo missed while the server was down.
  if (simulator && runsSimulator) {
    try {
      await simulator.fillHistory(!config.SIMULATOR);
    } catch (error) {
      app.log.error({ err: error }, 'demo history could not be stored; the server starts without it');
    }
  }
  if (shuttingDown) return;

  if (mqttIngest) {
    // A broker that is down now is retried in the background; the server serves HTTP meanwhile.
    await mqttIngest.start().catch((error: unknown) => app.log.warn({ err: error }, 'MQTT broker not reachable yet; retrying'));
    if (shuttingDown) return;
    sessionSweeper?.start();
  }
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const teltonikaPort = teltonika ? await teltonika.start() : null;
  // The demo's tracker connects to the port the listener actually bound (TELTONIKA_PORT=0 picks any), on this host.
  simulator?.useTeltonikaListener(teltonikaPort === null ? null : { host: localAddress(config.TELTONIKA_HOST), port: teltonikaPort });
  opcua?.start();
  // Background jobs: the alert engine's arrivals, windows and timers (and whatever it missed while down).
  services.jobs.start();
  // The demo machine's controller is up before the connector's first poll finds its module (10 s), so it connects.
  const demoMachines = simulator && config.SIMULATOR && runsSimulator ? await simulator.startOpcuaMachines() : [];
  if (simulator && config.SIMULATOR && runsSimulator) simulator.startLive();
  if (simulator && simulatorLease && !runsSimulator) {
    app.log.info('the demo simulator runs on another instance; this one takes over if that one stops');
    void simulatorLease
      .waitToAcquire(10, () => void simulator.stop())
      .then(async () => {
        if (shuttingDown) return;
        app.log.info('taking over the demo simulator');
        await simulator.fillHistory(!config.SIMULATOR).catch((error: unknown) => app.log.error({ err: error }, 'demo history could not be stored'));
        if (config.SIMULATOR && !shuttingDown) await simulator.startOpcuaMachines();
        if (config.SIMULATOR && !shuttingDown) simulator.startLive();
      });
  }
  const port = new URL(address).port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  Gearwatch is running at ${url}`,
    `  API documentation:     ${url}/api/docs`,
    `  Teltonika trackers:    ${teltonikaPort === null ? 'off (TELTONIKA_PORT=off)' : `TCP port ${teltonikaPort}`}`,
    `  OPC UA machines:       ${opcua ? 'connector on (OPCUA=off disables it)' : 'off (OPCUA=off)'}`,
    `  Database:              ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.DEMO) {
    lines.push(
      seeded ? '  Demo data created.' : '  Demo data present.',
      config.SIMULATOR
        ? `  Demo telemetry:  live every minute${config.MQTT_URL ? ' through MQTT' : ''} (SIMULATOR=off stops it)`
        : '  Demo telemetry:  history only (SIMULATOR=off)',
      '  Demo sign-ins:  demo / demo (Demo Factory)   admin / admin (super-admin)   north / north (Northwind Logistics)',
      `  Demo tracker:   ${DEMO_TELTONIKA.device} has Teltonika IMEI ${DEMO_TELTONIKA.imei}${config.SIMULATOR && teltonikaPort !== null ? `, live over TCP port ${teltonikaPort}` : ''}`,
      `  Demo machine:   ${demoMachineLine(demoMachines, { simulator: config.SIMULATOR, runsHere: runsSimulator, port: config.OPCUA_DEMO_PORT, connector: opcua !== null })}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/** The banner's line of the demo's OPC UA machine: where it is read from, or why it is not live. */
function demoMachineLine(started: string[], state: { simulator: boolean; runsHere: boolean; port: number | null; connector: boolean }): string {
  const name = DEMO_OPCUA.device;
  if (!state.simulator) return `${name} over OPC UA (history only: SIMULATOR=off)`;
  if (!state.runsHere) return `${name} over OPC UA (its server runs with the demo simulator on another instance)`;
  if (state.port === null) return `${name} over OPC UA, off (OPCUA_DEMO_PORT=off)`;
  if (started.length === 0) return `${name} over OPC UA, not started (see the log)`;
  return `${started.join(', ')}, read over OPC UA${state.connector ? '' : ' by another instance (OPCUA=off here)'}`;
}

/** An address to reach a listener bound to `host` from this process: the loopback one for a wildcard address. */
function localAddress(host: string | undefined): string {
  if (host === undefined || host === '0.0.0.0' || host === '') return '127.0.0.1';
  return host === '::' ? '::1' : host;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Gearwatch failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
