import type { OpcuaMapping } from '@gearwatch/contracts';
import type { DataType } from 'node-opcua-client';
import type { OpcuaPki } from './pki.ts';
import type { OpcuaEndpointSettings, OpcuaStack } from './session.ts';
import { withSession } from './session.ts';

export type { OpcuaEndpointSettings } from './session.ts';

/** Per node id: missing on the machine, or of a data type its mapping cannot read. */
export type NodeProblem = 'unknown' | 'type';
export type NodeCheck = { reachable: false; reason: string } | { reachable: true; problems: Map<string, NodeProblem> };

/** Whether a node's value type fits its mapping (docs/opcua.md "Supported data types"). */
export function fitsMapping(stack: OpcuaStack, mapping: OpcuaMapping, dataType: DataType, isScalar: boolean): boolean {
  const { DataType: T } = stack;
  const integers: DataType[] = [T.SByte, T.Byte, T.Int16, T.UInt16, T.Int32, T.UInt32, T.Int64, T.UInt64];
  const numbers: DataType[] = [...integers, T.Float, T.Double];
  if (!isScalar) return false;
  switch (mapping.kind) {
    case 'value':
      return numbers.includes(dataType) || dataType === T.Boolean;
    case 'counter':
      return numbers.includes(dataType);
    case 'running':
      return dataType === T.Boolean;
    case 'state':
      return integers.includes(dataType);
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
  try {
    return await withSession(settings, pki, CHECK_TIMEOUT_MS, async (session, stack) => {
      const problems = new Map<string, NodeProblem>();
      for (const m of mapping) {
        let value;
        try {
          value = await session.read({ nodeId: m.nodeId, attributeId: stack.AttributeIds.Value });
        } catch {
          problems.set(m.nodeId, 'unknown');
          continue;
        }
        const { StatusCodes } = stack;
        if (value.statusCode === StatusCodes.BadNodeIdUnknown || value.statusCode === StatusCodes.BadNodeIdInvalid) problems.set(m.nodeId, 'unknown');
        else if (value.statusCode.isGood() && !fitsMapping(stack, m, value.value.dataType, value.value.arrayType === 0)) problems.set(m.nodeId, 'type');
      }
      return { reachable: true as const, problems };
    });
  } catch (error) {
    return { reachable: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
