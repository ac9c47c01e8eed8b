import type { FormValues } from '../../../components/forms/form-values.ts';
import type { OpcuaMachineRequest } from '@gearwatch/contracts';
import { OPCUA_SECURITY_MODES, OPCUA_SECURITY_POLICIES } from '@gearwatch/contracts';

/**
 * The mapping field's lines as the tools below it see them (docs/opcua.md "Mapping"): which cell of a line is its node
 * id, to show it with a Browse button and replace it with the node picked. The server reads the field; this only
 * finds the node id cell: the second of `running` and `state` lines, the third of parameter lines.
 */
export interface MappingLine {
  /** 0-based line number in the field. */
  index: number;
  /** What the line maps: `running`, `state` or the parameter number. */
  target: string;
  nodeId: string;
}

const nodeCell = (cells: string[]): number => (['running', 'state'].includes(cells[0]!.toLowerCase()) ? 1 : 2);

export function mappingLines(text: string): MappingLine[] {
  return text.split(/\r?\n/).flatMap((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return [];
    const cells = line.split('|').map((cell) => cell.trim());
    const at = nodeCell(cells);
    return cells.length > at ? [{ index, target: cells[0]!, nodeId: cells[at]! }] : [];
  });
}

/** The field with line `index`'s node id replaced by `nodeId` (the other cells as they were). */
export function withNodeId(text: string, index: number, nodeId: string): string {
  const lines = text.split(/\r?\n/);
  const cells = lines[index]!.split('|').map((cell) => cell.trim());
  cells[nodeCell(cells)] = nodeId;
  lines[index] = cells.join(' | ');
  return lines.join('\n');
}

/** The key of what a line maps: one node per parameter, one running/state node per module. */
const targetKey = (line: string): string | null => {
  const head = line.split('|')[0]!.trim().toLowerCase();
  if (head === '' || head.startsWith('#')) return null;
  return head === 'running' || head === 'state' ? 'derived' : head;
};

/**
 * The field with a preset's lines: a line mapping the same parameter, or another running/state line, is replaced by
 * the preset's; other lines stay.
 */
export function withPresetLines(text: string, presetLines: readonly string[]): string {
  const replaced = new Set(presetLines.map(targetKey));
  const kept = text.split(/\r?\n/).filter((line) => line.trim() !== '' && !replaced.has(targetKey(line)));
  return [...kept, ...presetLines].join('\n');
}

/** The machine as the form describes it now (saved or not), for the browse and preset calls. */
export function machineOf(values: FormValues, sensorId: number | null): OpcuaMachineRequest {
  const text = (name: string): string | null => {
    const value = values[name];
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  const mode = OPCUA_SECURITY_MODES.find((m) => m === values.opcuaSecurityMode) ?? OPCUA_SECURITY_MODES[0];
  const policy = OPCUA_SECURITY_POLICIES.find((p) => p === values.opcuaSecurityPolicy) ?? OPCUA_SECURITY_POLICIES[0];
  return {
    sensor: sensorId,
    opcuaEndpointUrl: text('opcuaEndpointUrl'),
    opcuaSecurityMode: mode,
    opcuaSecurityPolicy: policy,
    opcuaUserName: text('opcuaUserName'),
    opcuaPassword: text('opcuaPassword'),
    opcuaAcceptServerCertificate: values.opcuaAcceptServerCertificate === true,
  };
}
