import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { DataType, StatusCodes, Variant, VariantArrayType } from 'node-opcua-client';
import { OPCUAServer } from 'node-opcua-server';

/**
 * A machine whose address space looks like the companion specifications' (docs/opcua.md "Presets"), for the preset
 * tests: a machine tool after umati / OPC 40501 (Monitoring/MachineTool/OperationMode,
 * Production/Statistics/PartsProducedInLifetime) and an injection moulder after EUROMAP 77 (MachineStatus/MachineMode,
 * Jobs/ActiveJobValues/JobCycleCounter), in namespace 1 with numeric ids, so a preset must find them by browse name.
 * The moulder also shows a `MachineMode` of type String nearer the top, which the preset must pass over.
 */
export class CompanionMachine {
  private server: OPCUAServer | null = null;
  private readonly pkiFolder = mkdtempSync(join(tmpdir(), 'gw-opcua-companion-'));
  /** Node ids of the variables, by `<machine>/<path>`. */
  readonly nodeIds = new Map<string, string>();

  constructor(readonly port: number) {}

  get endpointUrl(): string {
    return `opc.tcp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new OPCUAServer({
      port: this.port,
      hostname: '127.0.0.1',
      allowAnonymous: true,
      serverCertificateManager: new OPCUACertificateManager({ rootFolder: this.pkiFolder, automaticallyAcceptUnknownCertificate: true }),
    });
    await server.initialize();
    const addressSpace = server.engine.addressSpace!;
    const namespace = addressSpace.getOwnNamespace();
    type Parent = ReturnType<typeof namespace.addObject>;
    const object = (parent: Parent | undefined, browseName: string): Parent =>
      parent ? namespace.addObject({ componentOf: parent, browseName }) : namespace.addObject({ organizedBy: addressSpace.rootFolder.objects, browseName });
    const variable = (parent: Parent, path: string, browseName: string, dataType: DataType, value: unknown) => {
      const node = namespace.addVariable({ componentOf: parent, browseName, dataType: DataType[dataType] });
      node.setValueFromSource(new Variant({ dataType, arrayType: VariantArrayType.Scalar, value }), StatusCodes.Good, new Date());
      this.nodeIds.set(path, node.nodeId.toString());
    };
    const lathe = object(undefined, 'Lathe');
    variable(object(object(lathe, 'Monitoring'), 'MachineTool'), 'Lathe/OperationMode', 'OperationMode', DataType.Int32, 1);
    variable(object(object(lathe, 'Production'), 'Statistics'), 'Lathe/PartsProducedInLifetime', 'PartsProducedInLifetime', DataType.UInt32, 1234);
    const moulder = object(undefined, 'Moulder');
    variable(object(object(moulder, 'Jobs'), 'ActiveJobValues'), 'Moulder/JobCycleCounter', 'JobCycleCounter', DataType.UInt64, [0, 77]);
    const status = object(moulder, 'MachineStatus');
    variable(status, 'Moulder/MachineMode', 'MachineMode', DataType.Int32, 1);
    // Shallower than the enumeration, and of a type a state cannot read.
    variable(object(moulder, 'Display'), 'Moulder/MachineModeText', 'MachineMode', DataType.String, 'AUTOMATIC');
    await server.start();
    this.server = server;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(0);
    this.server = null;
  }
}
