import type { OpcuaSecurityMode, OpcuaSecurityPolicy } from '@gearwatch/contracts';
import type { ClientSession, UserIdentityInfo } from 'node-opcua-client';
import { classifyFailure, MachineSessionError } from './failures.ts';
import type { OpcuaPki } from './pki.ts';
import { opcuaClient } from './stack.ts';

/** How to reach a machine, the password in plain text (only in memory, for one short session). */
export interface OpcuaEndpointSettings {
  endpointUrl: string;
  securityMode: OpcuaSecurityMode;
  securityPolicy: OpcuaSecurityPolicy;
  userName: string | null;
  password: string | null;
  acceptServerCertificate: boolean;
  /** The machine certificate (base64 DER) a super-admin trusted for the module; null for none. */
  trustedCertificate: string | null;
}

export type OpcuaStack = Awaited<ReturnType<typeof opcuaClient>>;

/**
 * Puts the module's trust into this instance's store before a secured connection: the certificate a super-admin
 * trusted (trust on first use, stored with the module so that every instance trusts it), or, on the module's explicit
 * word (`acceptServerCertificate`), whatever the endpoint presents. Nothing else is trusted.
 */
export async function prepareTrust(settings: OpcuaEndpointSettings, pki: OpcuaPki): Promise<void> {
  if (settings.securityMode === 'None') return;
  if (settings.trustedCertificate !== null) await pki.trust(Buffer.from(settings.trustedCertificate, 'base64'));
  if (settings.acceptServerCertificate) await pki.trustServerOf(settings.endpointUrl);
}

export function identityOf(stack: OpcuaStack, userName: string | null, password: string | null): UserIdentityInfo {
  return userName !== null && password !== null ? { type: stack.UserTokenType.UserName, userName, password } : { type: stack.UserTokenType.Anonymous };
}

/**
 * Opens a short session with the machine (the module form's check, the browse dialog, a preset's search), runs
 * `work` in it and closes it. The whole must finish within `timeoutMs`; a machine that cannot be reached, refuses the
 * session or answers too late is a MachineSessionError with what went wrong.
 */
export async function withSession<T>(
  settings: OpcuaEndpointSettings,
  pki: OpcuaPki,
  timeoutMs: number,
  work: (session: ClientSession, stack: OpcuaStack) => Promise<T>,
): Promise<T> {
  const stack = await opcuaClient();
  const client = stack.OPCUAClient.create({
    applicationName: 'Gearwatch',
    endpointMustExist: false,
    securityMode: stack.MessageSecurityMode[settings.securityMode],
    securityPolicy: stack.SecurityPolicy[settings.securityPolicy],
    connectionStrategy: { maxRetry: 0 },
    clientCertificateManager: await pki.manager(),
    transportTimeout: timeoutMs,
  });
  let timer: NodeJS.Timeout | undefined;
  const run = (async () => {
    await prepareTrust(settings, pki);
    await client.connect(settings.endpointUrl);
    const session = await client.createSession(identityOf(stack, settings.userName, settings.password));
    try {
      return await work(session, stack);
    } finally {
      await session.close().catch(() => undefined);
    }
  })();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([run, timeout]);
  } catch (error) {
    throw error instanceof MachineSessionError ? error : new MachineSessionError(classifyFailure(error));
  } finally {
    clearTimeout(timer);
    // The losing side of the race must not reject unobserved.
    run.catch(() => undefined);
    await client.disconnect().catch(() => undefined);
  }
}
