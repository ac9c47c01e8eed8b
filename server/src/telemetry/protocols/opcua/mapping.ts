import type { OpcuaMapping } from '@gearwatch/contracts';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';

/**
 * The module form's mapping field: one node per line (docs/opcua.md "Mapping"), columns separated by `|`:
 *
 *     3 | counter | ns=2;s=PartsProduced            parameter 3 counts the node's increases
 *     21 | value | ns=2;s=Temperature | 0.1 | -5    parameter 21 = raw × 0.1 − 5 (multiplier and offset optional)
 *     running | ns=2;s=Running                      a boolean: true work, false switched on but idle
 *     state | ns=2;s=Mode | work=1,2 | active=3     an enumeration: work, switched on, anything else off
 *
 * Blank lines and lines starting with `#` are skipped.
 */

/** Parameters a node may not feed directly: efficiency and the internal one, and work and active (derived). */
const NOT_MAPPABLE = new Set<number>([PARAMETER_NUMBERS.efficiency, PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active, PARAMETER_NUMBERS.internal]);
/** The largest parameter number (the parameters' column is an int). */
const MAX_PARAMETER = 2_147_483_647;

export type MappingParse = { mapping: OpcuaMapping[] } | { error: string; line: number };

function numberOf(text: string | undefined, fallback: number): number | null {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text.trim().replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

function integerList(text: string, name: string): number[] | null {
  const match = new RegExp(`^${name}\\s*=\\s*(.*)$`, 'i').exec(text.trim());
  if (!match) return null;
  const items = match[1]!
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const values = items.map(Number);
  return values.every((value) => Number.isSafeInteger(value)) ? values : null;
}

function parseLine(line: string): OpcuaMapping | string {
  const cells = line.split('|').map((cell) => cell.trim());
  const head = cells[0]!.toLowerCase();
  if (head === 'running') {
    if (cells.length !== 2 || cells[1] === '') return 'running takes one node id';
    return { kind: 'running', nodeId: cells[1]!, parameter: null, multiplier: 1, offset: 0, workValues: [], activeValues: [] };
  }
  if (head === 'state') {
    if (cells.length < 3 || cells.length > 4 || cells[1] === '') return 'state takes a node id, work=… and optionally active=…';
    const workValues = integerList(cells[2]!, 'work');
    const activeValues = cells[3] === undefined ? [] : integerList(cells[3], 'active');
    if (!workValues || workValues.length === 0 || !activeValues) return 'state needs work=<integers> and optionally active=<integers>';
    if (workValues.some((value) => activeValues.includes(value))) return 'a state value is either work or active';
    return { kind: 'state', nodeId: cells[1]!, parameter: null, multiplier: 1, offset: 0, workValues, activeValues };
  }
  const parameter = Number(cells[0]);
  if (!Number.isInteger(parameter) || parameter < 0 || parameter > MAX_PARAMETER) return 'a line starts with a parameter number, running or state';
  if (NOT_MAPPABLE.has(parameter)) return `parameter ${parameter} is not read from a node`;
  const kind = cells[1]?.toLowerCase();
  if (kind !== 'value' && kind !== 'counter') return 'a parameter is read as value or counter';
  if (cells.length < 3 || cells.length > 5 || cells[2] === '') return 'a parameter takes a node id, then optionally a multiplier and an offset';
  const multiplier = numberOf(cells[3], 1);
  const offset = numberOf(cells[4], 0);
  if (multiplier === null || multiplier === 0 || offset === null) return 'the multiplier is a number other than 0, the offset a number';
  if (kind === 'counter' && offset !== 0) return 'a counter takes no offset';
  return { kind, nodeId: cells[2]!, parameter, multiplier, offset, workValues: [], activeValues: [] };
}

/** Reads the mapping field; the first line that cannot be read makes the error (with its 1-based line number). */
export function parseMapping(text: string | null): MappingParse {
  const mapping: OpcuaMapping[] = [];
  const lines = (text ?? '').split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const parsed = parseLine(line);
    if (typeof parsed === 'string') return { error: parsed, line: index + 1 };
    mapping.push(parsed);
  }
  const derived = mapping.filter((m) => m.kind === 'running' || m.kind === 'state');
  if (derived.length > 1) return { error: 'work and activity come from one running or state node', line: 0 };
  const parameters = mapping.flatMap((m) => (m.parameter === null ? [] : [m.parameter]));
  if (new Set(parameters).size !== parameters.length) return { error: 'a parameter is read from one node', line: 0 };
  return { mapping };
}

/** The mapping as the form shows it (parseMapping reads it back to the same mapping). */
export function formatMapping(mapping: readonly OpcuaMapping[]): string {
  return mapping
    .map((m) => {
      if (m.kind === 'running') return `running | ${m.nodeId}`;
      if (m.kind === 'state')
        return `state | ${m.nodeId} | work=${m.workValues.join(',')}${m.activeValues.length > 0 ? ` | active=${m.activeValues.join(',')}` : ''}`;
      const scale =
        m.kind === 'counter'
          ? m.multiplier !== 1
            ? ` | ${m.multiplier}`
            : ''
          : m.multiplier !== 1 || m.offset !== 0
            ? ` | ${m.multiplier} | ${m.offset}`
            : '';
      return `${m.parameter} | ${m.kind} | ${m.nodeId}${scale}`;
    })
    .join('\n');
}
