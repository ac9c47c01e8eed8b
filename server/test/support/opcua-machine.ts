import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { DataType, MessageSecurityMode, SecurityPolicy, StatusCodes, Variant } from 'node-opcua-client';
import { OPCUAServer } from 'node-opcua-server';

/** What the tests use of a node-opcua variable. */
interface MachineVariable {
  setValueFromSource(value: Variant, status: typeof StatusCodes.Good, sourceTimestamp: Date): void;
}

/** The nodes the test machine has (namespace 1, string ids). */
export const MACHINE_NODES = {
  running: 'ns=1;s=Running',
  mode: 'ns=1;s=Mode',
  parts: 'ns=1;s=PartsProduced',
  temperature: 'ns=1;s=Temperature',
  label: 'ns=1;s=Label',
} as const;

export const MACHINE_USER = { userName: 'operator', password: 'lathe-secret' } as const;

/**
 * A machine for the tests: a real node-opcua server in this process with a running flag, a mode, a parts counter, a
 * temperature and a text, whose values the test sets with the source timestamps it chooses. It offers security None
 * and SignAndEncrypt (Basic256Sha256), anonymous and user/password; it can stop and start again on the same port with
 * the same certificate (a machine switched off and on).
 */
export class TestMachine {
  private server: OPCUAServer | null = null;
  private readonly variables = new Map<string, { variable: MachineVariable; dataType: DataType }>();
  private readonly pkiFolder = mkdtempSync(join(tmpdir(), 'gw-opcua-machine-'));

  constructor(readonly port: number) {}

  get endpointUrl(): string {
    return `opc.tcp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const certificates = new OPCUACertificateManager({ rootFolder: this.pkiFolder, automaticallyAcceptUnknownCertificate: true });
    const server = new OPCUAServer({
      port: this.port,
      hostname: '127.0.0.1',
      allowAnonymous: true,
      securityModes: [MessageSecurityMode.None, MessageSecurityMode.SignAndEncrypt],
      securityPolicies: [SecurityPolicy.None, SecurityPolicy.Basic256Sha256],
      serverCertificateManager: certificates,
      userManager: { isValidUser: (userName: string, password: string) => userName === MACHINE_USER.userName && password === MACHINE_USER.password },
    });
    await server.initialize();
    const addressSpace = server.engine.addressSpace!;
    const namespace = addressSpace.getOwnNamespace();
    const machine = namespace.addObject({ organizedBy: addressSpace.rootFolder.objects, browseName: 'Machine' });
    const add = (id: string, dataType: DataType, value: unknown) => {
      const variable = namespace.addVariable({
        componentOf: machine,
        nodeId: `s=${id}`,
        browseName: id,
        dataType: DataType[dataType],
        minimumSamplingInterval: 100,
      });
      variable.setValueFromSource(new Variant({ dataType, value }), StatusCodes.Good, new Date());
      this.variables.set(`ns=1;s=${id}`, { variable, dataType });
    };
    add('Running', DataType.Boolean, false);
    add('Mode', DataType.Int32, 0);
    add('PartsProduced', DataType.UInt32, 0);
    add('Temperature', DataType.Double, 20);
    add('Label', DataType.String, 'lathe');
    await server.start();
    this.server = server;
  }

  /** Sets a node's value as the machine saw it at `at`. */
  set(nodeId: string, value: number | boolean, at: Date): void {
    const node = this.variables.get(nodeId);
    if (!node) throw new Error(`no node ${nodeId}`);
    node.variable.setValueFromSource(new Variant({ dataType: node.dataType, value }), StatusCodes.Good, at);
  }

  /** The sessions the machine has open now (one per connected client). */
  sessionCount(): number {
    return this.server?.engine.currentSessionCount ?? 0;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(0);
    this.server = null;
    this.variables.clear();
  }
}
