import { join } from 'node:path';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { OPCUAClient } from 'node-opcua-client';

/**
 * The OPC UA client's certificate store (docs/opcua.md "Certificates"), in `<DATA_DIR>/opcua-pki`: the client's own
 * certificate and key, made once on the first start and kept, and the machines' server certificates it trusts.
 * An unknown server certificate is refused, unless the module says to accept it (`acceptServerCertificate`).
 */
export class OpcuaPki {
  readonly manager: OPCUACertificateManager;
  private ready: Promise<void> | null = null;

  constructor(dataDir: string) {
    this.manager = new OPCUACertificateManager({ rootFolder: join(dataDir, 'opcua-pki'), automaticallyAcceptUnknownCertificate: false });
  }

  /** Creates the store and the client's own certificate when missing (a few seconds, once). */
  initialize(): Promise<void> {
    this.ready ??= this.manager.initialize();
    return this.ready;
  }

  /**
   * Trusts the certificate the machine at `endpointUrl` presents, on the module's explicit word: asks for its
   * endpoints over an unsecured channel (GetEndpoints needs no security) and adds their certificate to the store.
   */
  async trustServerOf(endpointUrl: string): Promise<void> {
    const client = OPCUAClient.create({ endpointMustExist: false, connectionStrategy: { maxRetry: 0 }, clientCertificateManager: this.manager });
    try {
      await client.connect(endpointUrl);
      const endpoints = await client.getEndpoints();
      const certificates = new Map(endpoints.flatMap((e) => (e.serverCertificate ? [[e.serverCertificate.toString('base64'), e.serverCertificate]] : [])));
      for (const certificate of certificates.values()) await this.manager.trustCertificate(certificate);
    } finally {
      await client.disconnect().catch(() => undefined);
    }
  }
}
