// The demo machine's controller (docs/opcua.md, "The demo's machine"): a node-opcua server in this process with
// EUROMAP-77-like nodes, whose values follow the same generator that makes the fleet's data. Each minute the
// generator's work, activity and pieces of that minute become a timeline of the machine mode and the cycle counter,
// played in real time with each change's own source timestamp, so the connector's work, activity and parts add up to
// what the module of the JSON protocol would have sent for that minute.
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { DataType, MessageSecurityMode, SecurityPolicy, StatusCodes, Variant } from 'node-opcua-client';
import { OPCUAServer } from 'node-opcua-server';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { MINUTE_MS } from '../../time/calendar.ts';
import { DEMO_OPCUA } from '../demo-data.ts';
import type { FleetSimulator } from './generator.ts';
import type { SimDevice } from './fleet.ts';

/** What the machine does with a node-opcua variable. */
interface MachineVariable {
  setValueFromSource(value: Variant, status: typeof StatusCodes.Good, sourceTimestamp: Date): void;
}

/** One value the machine takes at an instant. */
export interface MachineChange {
  at: number;
  nodeId: string;
  value: number;
}

/** The value nodes and the parameter each shows (the mapping's `value` lines). */
const MEASUREMENTS: ReadonlyArray<readonly [parameter: number, nodeId: string]> = [
  [21, DEMO_OPCUA.nodes.supplyVoltage],
  [24, DEMO_OPCUA.nodes.hydraulicPressure],
  [25, DEMO_OPCUA.nodes.motorCurrent],
];

/**
 * What the machine does in the minute starting at `minute`: the mode is automatic for the minute's work seconds, then
 * manual (on, idle) for the rest of its powered seconds, then sleep; the minute's pieces are cycles spread over its
 * work; measurements at their own instants. Per minute the seconds and pieces are the generator's exactly (their
 * order inside the minute is the machine's own).
 */
export function minuteChanges(generator: FleetSimulator, device: SimDevice, minute: number): MachineChange[] {
  const batch = generator.generate(device.serial, minute, minute + MINUTE_MS, 'live');
  const valueOf = (parameter: number) => batch.readings.find((r) => r.parameter === parameter)?.value ?? 0;
  const work = valueOf(PARAMETER_NUMBERS.work);
  const powered = Math.max(work, valueOf(PARAMETER_NUMBERS.active));
  const pieces = valueOf(PARAMETER_NUMBERS.counter);
  const mode = DEMO_OPCUA.nodes.machineMode;
  const { automatic, manual, sleep } = DEMO_OPCUA.modes;
  const changes: MachineChange[] = [{ at: minute, nodeId: mode, value: work > 0 ? automatic : powered > 0 ? manual : sleep }];
  if (work > 0 && powered > work) changes.push({ at: minute + work * 1000, nodeId: mode, value: manual });
  if (powered > 0 && powered < 60) changes.push({ at: minute + powered * 1000, nodeId: mode, value: sleep });
  // A cycle ends every work/(pieces+1) seconds, on whole seconds strictly inside the work: distinct from the mode's.
  for (let i = 1; i <= pieces; i++) {
    const second = Math.min(work - 1, Math.max(1, Math.round((i * work) / (pieces + 1))));
    changes.push({ at: minute + second * 1000 + 500, nodeId: DEMO_OPCUA.nodes.cycleCounter, value: 1 });
  }
  for (const [parameter, nodeId] of MEASUREMENTS)
    for (const reading of batch.readings) if (reading.parameter === parameter) changes.push({ at: reading.ts.getTime(), nodeId, value: reading.value });
  return changes.sort((a, b) => a.at - b.at);
}

export interface DemoMachineOptions {
  /** Where the server keeps its own certificate (a server has one even for security None). */
  pkiFolder: string;
  clock?: () => number;
}

/**
 * The injection moulder's controller on 127.0.0.1 (security None, anonymous: only this host reaches it). The cycle
 * counter starts at 0 with the process, as a PLC's does after a restart; the connector counts that as a reset.
 */
export class DemoOpcuaMachine {
  private server: OPCUAServer | null = null;
  private readonly variables = new Map<string, { variable: MachineVariable; dataType: DataType }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly clock: () => number;
  private cycles = 0;

  constructor(
    private readonly generator: FleetSimulator,
    readonly device: SimDevice,
    private readonly options: DemoMachineOptions,
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** Starts the server on `port` (0: any free one) and plays the machine from now on; resolves to the bound port. */
  async start(port: number): Promise<number> {
    const certificates = new OPCUACertificateManager({ rootFolder: this.options.pkiFolder, automaticallyAcceptUnknownCertificate: true });
    const server = new OPCUAServer({
      port,
      host: '127.0.0.1',
      hostname: '127.0.0.1',
      allowAnonymous: true,
      securityModes: [MessageSecurityMode.None],
      securityPolicies: [SecurityPolicy.None],
      serverCertificateManager: certificates,
      buildInfo: { productName: `Gearwatch demo: ${this.device.name}`, manufacturerName: 'Gearwatch demo' },
    });
    await server.initialize();
    const addressSpace = server.engine.addressSpace!;
    const namespace = addressSpace.getOwnNamespace();
    const root = namespace.addObject({ organizedBy: addressSpace.rootFolder.objects, browseName: 'InjectionMoulder4', nodeId: 's=IMM' });
    const folder = (name: string) => namespace.addObject({ componentOf: root, browseName: name, nodeId: `s=IMM.${name}` });
    const status = folder('MachineStatus');
    const jobs = namespace.addObject({ componentOf: folder('Jobs'), browseName: 'ActiveJobValues', nodeId: 's=IMM.Jobs.ActiveJobValues' });
    const add = (parent: typeof root, nodeId: string, dataType: DataType, value: number) => {
      const variable = namespace.addVariable({
        componentOf: parent,
        nodeId: nodeId.replace(/^ns=1;/, ''),
        browseName: nodeId.split('.').at(-1)!,
        dataType: DataType[dataType],
        minimumSamplingInterval: 100,
      });
      variable.setValueFromSource(new Variant({ dataType, value }), StatusCodes.Good, new Date(this.clock()));
      this.variables.set(nodeId, { variable, dataType });
    };
    add(status, DEMO_OPCUA.nodes.machineMode, DataType.Int32, DEMO_OPCUA.modes.sleep);
    add(jobs, DEMO_OPCUA.nodes.cycleCounter, DataType.UInt32, 0);
    add(folder('Cabinet'), DEMO_OPCUA.nodes.supplyVoltage, DataType.Double, 0);
    add(folder('Hydraulics'), DEMO_OPCUA.nodes.hydraulicPressure, DataType.Double, 0);
    add(folder('Drive'), DEMO_OPCUA.nodes.motorCurrent, DataType.Double, 0);
    this.showLastMeasurements();
    await server.start();
    this.server = server;
    this.playFrom(Math.floor(this.clock() / MINUTE_MS) * MINUTE_MS);
    return server.endpoints[0]!.port;
  }

  /** The cycle counter's value now. */
  get cycleCount(): number {
    return this.cycles;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.server?.shutdown(0);
    this.server = null;
    this.variables.clear();
  }

  /** The measurements of the last quarter hour, so the nodes start with what the machine last measured. */
  private showLastMeasurements(): void {
    const now = this.clock();
    const to = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const batch = this.generator.generate(this.device.serial, to - 15 * MINUTE_MS, to, 'live');
    for (const [parameter, nodeId] of MEASUREMENTS) {
      const last = batch.readings.filter((r) => r.parameter === parameter).at(-1);
      if (last) this.set({ at: last.ts.getTime(), nodeId, value: last.value });
    }
  }

  /** Plays the minute starting at `minute` (what is already past at once) and arms the next one. */
  private playFrom(minute: number): void {
    if (!this.server) return;
    const now = this.clock();
    const changes = minuteChanges(this.generator, this.device, minute);
    // What is past already: the mode and measurements as they last were, every cycle counted.
    const past = changes.filter((c) => c.at <= now);
    for (const change of past) if (change.nodeId === DEMO_OPCUA.nodes.cycleCounter) this.cycles += change.value;
    const latest = new Map(past.map((c) => [c.nodeId, c]));
    for (const change of latest.values()) this.set(change);
    for (const change of changes.filter((c) => c.at > now)) this.after(change.at - now, () => this.set(change, true));
    this.after(minute + MINUTE_MS - now, () => this.playFrom(minute + MINUTE_MS));
  }

  private after(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Sets a node as the machine saw it at the change's instant; a cycle adds to the counter when `count`. */
  private set(change: MachineChange, count = false): void {
    const node = this.variables.get(change.nodeId);
    if (!node) return;
    let value = change.value;
    if (change.nodeId === DEMO_OPCUA.nodes.cycleCounter) {
      if (count) this.cycles += change.value;
      value = this.cycles;
    }
    node.variable.setValueFromSource(new Variant({ dataType: node.dataType, value }), StatusCodes.Good, new Date(change.at));
  }
}
