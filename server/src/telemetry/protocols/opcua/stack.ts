/*
 * node-opcua, loaded on first use. Importing it prints Node 20's RSA PKCS#1 v1.5 warning (CVE-2023-46809) and costs
 * start-up time, so nothing imports it at start: only a module being connected, checked or browsed loads it
 * (docs/opcua.md "Stack"). Modules that need node-opcua's values take them from here; types are `import type`.
 */
import type * as CertificateManager from 'node-opcua-certificate-manager';
import type * as Client from 'node-opcua-client';

type ClientModule = typeof Client;
type CertificateManagerModule = typeof CertificateManager;

let client: Promise<ClientModule> | null = null;
let certificates: Promise<CertificateManagerModule> | null = null;

export function opcuaClient(): Promise<ClientModule> {
  client ??= import('node-opcua-client');
  return client;
}

export function opcuaCertificates(): Promise<CertificateManagerModule> {
  certificates ??= import('node-opcua-certificate-manager');
  return certificates;
}
