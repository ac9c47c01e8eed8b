import type { OpcuaMapping, OpcuaSecurityMode, OpcuaSecurityPolicy } from '@gearwatch/contracts';
import { AttributeIds, DataType, MessageSecurityMode, OPCUAClient, SecurityPolicy, StatusCodes, UserTokenType } from 'node-opcua-client';
import type { OpcuaPki } from './pki.ts';

/** How to reach a machine, the password in plain text (only in memory, for the check). */
export interface OpcuaEndpointSettings {
  endpointUrl: string;
  securityMode: OpcuaSecurityMode;
  securityPolicy: OpcuaSecurityPolicy;
  userName: string | null;
  password: string | null;
  acceptServerCertificate: boolean;
}

/** Per node id: missing on the machine, or of a data type its mapping cannot read. */
export type NodeProblem = 'unknown' | 'type';
export type NodeCheck = { reachable: false; reason: string } | { reachable: true; problems: Map<string, NodeProblem> };

const INTEGER_TYPES = [DataType.SByte, DataType.Byte, DataType.Int16, DataType.UInt16, DataType.Int32, DataType.UInt32, DataType.Int64, DataType.UInt64];
const INTEGERS = new Set<DataType>(INTEGER_TYPES);
const NUMBERS = new Set<DataType>([...INTEGER_TYPES, DataType.Float, DataType.Double]);

/** Whether a node's value type fits its mapping (docs/opcua.md "Supported data types"). */
export function fitsMapping(mapping: OpcuaMapping, dataType: DataType, isScalar: boolean): boolean {
  if (!isScalar) return false;
  switch (mapping.kind) {
    case 'value':
      return NUMBERS.has(dataType) || dataType === DataType.Boolean;
    case 'counter':
      return NUMBERS.has(dataType);
    case 'running':
      return dataType === DataType.Boolean;
    case 'state':
      return INTEGERS.has(dataType);
  }
}

/** How long the check waits for the machine before saving without it. */
const CHECK_TIMEOUT_MS = 5000;

/**
 * Reads every mapped node's value once, with the module's own endpoint and security, to tell nodes the machine does
 * not have or whose type does not fit from good ones. A machine that cannot be reached (or refuses the session) is
 * `reachable: false`: the module is saved and the connector reports any bad node on the module when it subscribes.
 */
export async function checkNodes(settings: OpcuaEndpointSettings, mapping: readonly OpcuaMapping[], pki: OpcuaPki): Promise<NodeCheck> {
  if (mapping.length === 0) return { reachable: true, problems: new Map() };
  const client = OPCUAClient.create({
    applicationName: 'Gearwatch',
    endpointMustExist: false,
    securityMode: MessageSecurityMode[settings.securityMode],
    securityPolicy: SecurityPolicy[settings.securityPolicy],
    connectionStrategy: { maxRetry: 0 },
    clientCertificateManager: pki.manager,
    transportTimeout: CHECK_TIMEOUT_MS,
  });
  let timer: NodeJS.Timeout | undefined;
  const work = (async (): Promise<NodeCheck> => {
    await pki.initialize();
    if (settings.acceptServerCertificate && settings.securityMode !== 'None') await pki.trustServerOf(settings.endpointUrl);
    await client.connect(settings.endpointUrl);
    const session = await client.createSession(
      settings.userName !== null && settings.password !== null
        ? { type: UserTokenType.UserName, userName: settings.userName, password: settings.password }
        : { type: UserTokenType.Anonymous },
    );
    try {
      const problems = new Map<string, NodeProblem>();
      for (const m of mapping) {
        let value;
        try {
          value = await session.read({ nodeId: m.nodeId, attributeId: AttributeIds.Value });
        } catch {
          problems.set(m.nodeId, 'unknown');
          continue;
        }
        if (value.statusCode === StatusCodes.BadNodeIdUnknown || value.statusCode === StatusCodes.BadNodeIdInvalid) problems.set(m.nodeId, 'unknown');
        else if (value.statusCode.isGood() && !fitsMapping(m, value.value.dataType, value.value.arrayType === 0)) problems.set(m.nodeId, 'type');
      }
      return { reachable: true, problems };
    } finally {
      await session.close().catch(() => undefined);
    }
  })();
  const timeout = new Promise<NodeCheck>((resolve) => {
    timer = setTimeout(() => resolve({ reachable: false, reason: 'no answer within 5 s' }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      work.catch((error: unknown) => ({ reachable: false as const, reason: error instanceof Error ? error.message : String(error) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    await client.disconnect().catch(() => undefined);
  }
}
