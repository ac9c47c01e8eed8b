// The demo's OPC UA machine (docs/opcua.md, "The demo's machine"). Its history goes in-process through the ingest
// service like every demo module's; its live data is not sent by the simulator at all: the simulator plays the
// machine's controller as an OPC UA server, and the connector (telemetry/protocols/opcua/) reads it like any machine.
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import type { ModuleIdentity } from '../../telemetry/types.ts';
import type { SimDevice } from './fleet.ts';
import type { FleetSimulator } from './generator.ts';
import { DemoOpcuaMachine } from './opcua-machine.ts';
import { OpcuaDemoRepository } from './opcua-demo-repository.ts';

export interface DemoOpcuaOptions {
  /** The port the machine's server listens on (0: any free one); null: no machine, so no live data for it. */
  port: number | null;
  /** The data directory: the machine's server certificate is kept in it. */
  dataDir: string;
  clock?: () => number;
}

export class DemoOpcua {
  private readonly repository: OpcuaDemoRepository;
  private readonly machines: DemoOpcuaMachine[] = [];
  private readonly endpoints: string[] = [];

  constructor(
    private readonly generator: FleetSimulator,
    db: Kysely<DB>,
    private readonly options: DemoOpcuaOptions,
  ) {
    this.repository = new OpcuaDemoRepository(db);
  }

  /** The machine's module as the connector finds it; refused like an unknown module when it is not active. */
  async identify(device: SimDevice): Promise<ModuleIdentity> {
    const module = await this.repository.findModule(device.serial);
    if (!module) throw new UnauthorizedError();
    const { sensorId, serialNumber, companyId, deviceId, timezone } = module;
    return { sensorId, serialNumber, companyId, deviceId, timezone };
  }

  get enabled(): boolean {
    return this.options.port !== null;
  }

  /** The endpoints the machines listen at, once started. */
  get endpointUrls(): readonly string[] {
    return this.endpoints;
  }

  /**
   * Starts the controller of each machine (`devices`) and points its module at it; resolves to the endpoints. A port
   * in use is reported and leaves that machine without live data, as a machine switched off would be.
   */
  async start(devices: readonly SimDevice[]): Promise<string[]> {
    if (this.options.port === null) return [];
    for (const device of devices) {
      const module = await this.repository.findModule(device.serial);
      if (!module) continue;
      const machine = new DemoOpcuaMachine(this.generator, device, {
        pkiFolder: join(this.options.dataDir, 'opcua-demo-machine-pki'),
        clock: this.options.clock,
      });
      this.machines.push(machine);
      const port = await machine.start(this.options.port);
      const endpointUrl = `opc.tcp://127.0.0.1:${port}`;
      if (module.endpointUrl !== endpointUrl) await this.repository.pointAt(module.sensorId, endpointUrl);
      this.endpoints.push(endpointUrl);
    }
    return [...this.endpoints];
  }

  /** The machine of `serial`, when it runs (tests). */
  machine(serial: string): DemoOpcuaMachine | undefined {
    return this.machines.find((m) => m.device.serial === serial);
  }

  async stop(): Promise<void> {
    await Promise.all(this.machines.map((machine) => machine.stop()));
    this.machines.length = 0;
    this.endpoints.length = 0;
  }
}
