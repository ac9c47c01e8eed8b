import { join } from 'node:path';
import type { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { leafCertificate } from './certificates.ts';
import { opcuaCertificates, opcuaClient } from './stack.ts';

/**
 * The OPC UA client's certificate store (docs/opcua.md "Certificates"), in `<DATA_DIR>/opcua-pki`: the client's own
 * certificate and key, made once on the first use and kept, and the machines' server certificates it trusts. An
 * unknown server certificate is refused unless a super-admin trusted it (trust on first use, certificates.ts) or the
 * module says to accept it (`acceptServerCertificate`). node-opcua is loaded only when the store is first used.
 */
export class OpcuaPki {
  private ready: Promise<OPCUACertificateManager> | null = null;

  constructor(private readonly dataDir: string) {}

  /** The store, created with the client's own certificate when missing (a few seconds, once). */
  manager(): Promise<OPCUACertificateManager> {
    this.ready ??= (async () => {
      const { OPCUACertificateManager } = await opcuaCertificates();
      const manager = new OPCUACertificateManager({ rootFolder: join(this.dataDir, 'opcua-pki'), automaticallyAcceptUnknownCertificate: false });
      await manager.initialize();
      return manager;
    })();
    return this.ready;
  }

  /** Trusts a machine's certificate (DER) in this instance's store. */
  async trust(certificate: Buffer): Promise<void> {
    await (await this.manager()).trustCertificate(certificate);
  }

  /** Moves a machine's certificate (DER) to the rejected ones of this instance's store: its sessions are refused. */
  async reject(certificate: Buffer): Promise<void> {
    await (await this.manager()).rejectCertificate(certificate);
  }

  /**
   * The certificate the machine at `endpointUrl` presents, asked over an unsecured channel (GetEndpoints needs no
   * security); null when its endpoints carry none (a machine offering security None only).
   */
  async serverCertificateOf(endpointUrl: string): Promise<Buffer | null> {
    const { OPCUAClient } = await opcuaClient();
    const client = OPCUAClient.create({
      endpointMustExist: false,
      connectionStrategy: { maxRetry: 0 },
      clientCertificateManager: await this.manager(),
      transportTimeout: 5000,
    });
    try {
      await client.connect(endpointUrl);
      const endpoints = await client.getEndpoints();
      const presented = endpoints.find((endpoint) => endpoint.serverCertificate && endpoint.serverCertificate.length > 0)?.serverCertificate;
      return presented ? leafCertificate(presented) : null;
    } finally {
      await client.disconnect().catch(() => undefined);
    }
  }

  /**
   * Trusts the certificate the machine at `endpointUrl` presents, on the module's explicit word
   * (`acceptServerCertificate`).
   */
  async trustServerOf(endpointUrl: string): Promise<void> {
    const certificate = await this.serverCertificateOf(endpointUrl);
    if (certificate) await this.trust(certificate);
  }
}
