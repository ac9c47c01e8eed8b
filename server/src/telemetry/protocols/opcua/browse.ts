import type { OpcuaBrowseNode } from '@gearwatch/contracts';
import type { ClientSession, ReferenceDescription, Variant } from 'node-opcua-client';
import type { OpcuaStack } from './session.ts';

/** Where the dialog starts: the Objects folder (i=85), the machine's own address space below it. */
export const OBJECTS_FOLDER = 'i=85';
/** The Server object (ns=0;i=2253): the OPC UA server's own diagnostics, never a machine's value; left out. */
const SERVER_OBJECT = 2253;
/** A level with more children than this is cut (a controller's address space can list thousands of nodes). */
export const MAX_CHILDREN = 500;

/** A node's children, as `session.browse` answers them: hierarchical references, objects and variables only. */
export async function childrenOf(session: ClientSession, stack: OpcuaStack, nodeIds: readonly string[]): Promise<ReferenceDescription[][]> {
  if (nodeIds.length === 0) return [];
  const results = await session.browse(
    nodeIds.map((nodeId) => ({
      nodeId,
      browseDirection: stack.BrowseDirection.Forward,
      referenceTypeId: 'HierarchicalReferences',
      includeSubtypes: true,
      nodeClassMask: stack.NodeClass.Object | stack.NodeClass.Variable,
      resultMask: 0x3f,
    })),
  );
  return results.map((result) =>
    result.statusCode.isGood()
      ? (result.references ?? []).filter((reference) => !(reference.nodeId.namespace === 0 && reference.nodeId.value === SERVER_OBJECT))
      : [],
  );
}

/** A variable's value as one short line; null when there is none. */
export function valueText(variant: Variant | null | undefined, stack: OpcuaStack): string | null {
  const value: unknown = variant?.value;
  if (value === null || value === undefined) return null;
  const { DataType } = stack;
  // Int64 and UInt64 arrive as [high, low] 32-bit words.
  if ((variant!.dataType === DataType.Int64 || variant!.dataType === DataType.UInt64) && Array.isArray(value) && value.length === 2 && variant!.arrayType === 0)
    return String((value[0] as number) * 2 ** 32 + (value[1] as number));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null && 'text' in value) return String((value as { text: unknown }).text ?? '');
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return `[${(value as ArrayLike<unknown>).length}]`;
  return String(value).slice(0, 200);
}

/**
 * One level of the address space below `nodeId` (the browse dialog): the objects and variables it organises, with
 * each variable's data type and current value, and whether each has children to open.
 */
export async function browseLevel(session: ClientSession, stack: OpcuaStack, nodeId: string): Promise<OpcuaBrowseNode[] | null> {
  const { AttributeIds, NodeClass, DataType, StatusCodes } = stack;
  const [check] = await session.read([{ nodeId, attributeId: AttributeIds.NodeClass }]);
  if (!check || check.statusCode === StatusCodes.BadNodeIdUnknown || check.statusCode === StatusCodes.BadNodeIdInvalid) return null;
  const [references = []] = await childrenOf(session, stack, [nodeId]);
  const shown = references.slice(0, MAX_CHILDREN);
  const ids = shown.map((reference) => reference.nodeId.toString());
  const variables = shown.flatMap((reference, index) => (reference.nodeClass === NodeClass.Variable ? [index] : []));
  const [grandchildren, attributes] = await Promise.all([
    childrenOf(session, stack, ids),
    variables.length === 0
      ? Promise.resolve([])
      : session.read(
          variables.flatMap((index) => [
            { nodeId: ids[index]!, attributeId: AttributeIds.DataType },
            { nodeId: ids[index]!, attributeId: AttributeIds.Value },
          ]),
        ),
  ]);
  // Data types outside the built-in ones (an enumeration, a structure) are named by their browse name.
  const typeIds = new Map<number, string>();
  const customTypes = new Set<string>();
  variables.forEach((index, position) => {
    const type = attributes[position * 2]?.value.value as { namespace: number; value: unknown } | null | undefined;
    if (!type) return;
    const id = type.toString();
    typeIds.set(index, id);
    if (!(type.namespace === 0 && typeof type.value === 'number' && DataType[type.value] !== undefined)) customTypes.add(id);
  });
  const customNames = new Map<string, string>();
  if (customTypes.size > 0) {
    const names = await session.read([...customTypes].map((id) => ({ nodeId: id, attributeId: AttributeIds.BrowseName })));
    [...customTypes].forEach((id, i) => customNames.set(id, (names[i]?.value.value as { name?: string } | null)?.name ?? id));
  }
  const typeName = (id: string): string => {
    const builtin = /^(?:ns=0;)?i=(\d+)$/.exec(id);
    if (builtin && DataType[Number(builtin[1])] !== undefined) return DataType[Number(builtin[1])]!;
    return customNames.get(id) ?? id;
  };
  return shown.map((reference, index) => {
    const position = variables.indexOf(index);
    const isVariable = position >= 0;
    const value = isVariable ? attributes[position * 2 + 1] : undefined;
    return {
      nodeId: ids[index]!,
      browseName: reference.browseName.toString(),
      displayName: reference.displayName.text ?? reference.browseName.name ?? ids[index]!,
      nodeClass: isVariable ? 'variable' : 'object',
      dataType: isVariable && typeIds.has(index) ? typeName(typeIds.get(index)!) : null,
      value: value && value.statusCode.isGood() ? valueText(value.value, stack) : null,
      hasChildren: (grandchildren[index] ?? []).length > 0,
    };
  });
}
