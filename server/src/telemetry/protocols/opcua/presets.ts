import type { OpcuaMapping, OpcuaPreset, OpcuaPresetResult } from '@gearwatch/contracts';
import { OPCUA_PRESET_ROLES } from '@gearwatch/contracts';
import type { ClientSession } from 'node-opcua-client';
import { childrenOf, OBJECTS_FOLDER } from './browse.ts';
import { formatMapping } from './mapping.ts';
import { fitsMapping } from './node-check.ts';
import type { OpcuaStack } from './session.ts';

/** How deep and how wide the search goes below the Objects folder (a machine's companion model is a few levels). */
const MAX_DEPTH = 8;
const MAX_NODES = 5000;

interface Candidate {
  nodeId: string;
  path: string;
}

/**
 * Fills a preset against the machine (docs/opcua.md "Presets"): walks the address space breadth first from the
 * Objects folder, keeping the shallowest variable of each name the preset looks for, then for each role takes the
 * first name (in the preset's order) whose variable has a data type the mapping can read.
 */
export async function findPreset(session: ClientSession, stack: OpcuaStack, preset: OpcuaPreset): Promise<OpcuaPresetResult> {
  const roles = OPCUA_PRESET_ROLES[preset];
  const wanted = new Set<string>(roles.flatMap((role) => role.names));
  const found = new Map<string, Candidate[]>();
  let level: Candidate[] = [{ nodeId: OBJECTS_FOLDER, path: '' }];
  let visited = 0;
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && visited < MAX_NODES; depth++) {
    const children = await childrenOf(
      session,
      stack,
      level.map((node) => node.nodeId),
    );
    visited += level.length;
    const next: Candidate[] = [];
    children.forEach((references, index) => {
      for (const reference of references) {
        const name = reference.browseName.name ?? '';
        const node = { nodeId: reference.nodeId.toString(), path: `${level[index]!.path}/${name}` };
        if (wanted.has(name) && reference.nodeClass === stack.NodeClass.Variable) found.set(name, [...(found.get(name) ?? []), node]);
        next.push(node);
      }
    });
    level = next.slice(0, MAX_NODES - visited);
  }
  const result: OpcuaPresetResult = { lines: [], found: [], missing: [] };
  const mapping: OpcuaMapping[] = [];
  for (const role of roles) {
    const entry: OpcuaMapping = {
      kind: role.kind,
      nodeId: '',
      parameter: role.parameter,
      multiplier: 1,
      offset: 0,
      workValues: [...role.workValues],
      activeValues: [...role.activeValues],
    };
    const candidates = role.names.flatMap((name) => found.get(name) ?? []);
    const values = candidates.length === 0 ? [] : await session.read(candidates.map((c) => ({ nodeId: c.nodeId, attributeId: stack.AttributeIds.Value })));
    const fit = candidates.find(
      (_, i) => values[i]!.statusCode.isGood() && fitsMapping(stack, entry, values[i]!.value.dataType, values[i]!.value.arrayType === 0),
    );
    if (!fit) {
      result.missing.push(role.role);
      continue;
    }
    mapping.push({ ...entry, nodeId: fit.nodeId });
    result.found.push({ role: role.role, nodeId: fit.nodeId, path: fit.path });
  }
  result.lines = mapping.length === 0 ? [] : formatMapping(mapping).split('\n');
  return result;
}
