import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { IngestService } from '../../telemetry/types.ts';
import { FleetSimulator } from './generator.ts';
import { SimulatorRepository } from './repository.ts';
import { DemoSimulator } from './runner.ts';
import type { ProgressOutput } from './progress.ts';
import { IngestSink, ModuleIdentities, MqttSink } from './sinks.ts';
import { DemoOpcua } from './opcua-demo.ts';
import { DemoTeltonika } from './teltonika-demo.ts';
import type { SimulatorLog } from './sinks.ts';

export { DemoSimulator } from './runner.ts';
export type { HistorySummary } from './runner.ts';

/** Days of history the demo shows on first start. */
export const DEMO_HISTORY_DAYS = 90;
/** A week of one module per batch: large enough to be the fast path, small enough for a smooth progress bar. */
export const DEMO_BATCH_DAYS = 7;

export interface DemoSimulatorDeps {
  db: Kysely<DB>;
  ingest: IngestService;
  /** Live data goes to this broker when set, to the ingest service otherwise; null: no live stream will be started. */
  live: { mqttUrl: string | undefined; topicPrefix?: string } | null;
  log: SimulatorLog;
  output: ProgressOutput;
  /** Days of history the first start stores; DEMO_HISTORY_DAYS by default. */
  historyDays?: number;
  /** The demo OPC UA machine's port (0: any free one, null: no machine) and where its certificate is kept. */
  opcua?: { port: number | null; dataDir: string };
}

export function createDemoSimulator(deps: DemoSimulatorDeps): DemoSimulator {
  const liveSink = deps.live?.mqttUrl
    ? MqttSink.open({ url: deps.live.mqttUrl, topicPrefix: deps.live.topicPrefix, log: deps.log })
    : new IngestSink(deps.ingest, new ModuleIdentities(deps.ingest));
  const generator = new FleetSimulator();
  return new DemoSimulator(generator, deps.ingest, new SimulatorRepository(deps.db), {
    historyDays: deps.historyDays ?? DEMO_HISTORY_DAYS,
    batchDays: DEMO_BATCH_DAYS,
    output: deps.output,
    log: deps.log,
    liveSink,
    teltonika: new DemoTeltonika(generator, deps.ingest, deps.db),
    opcua: deps.opcua ? new DemoOpcua(generator, deps.db, deps.opcua) : undefined,
  });
}
