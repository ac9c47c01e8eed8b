import type { OpcuaBrowseNode, OpcuaPreset, OpcuaPresetResult } from '@gearwatch/contracts';
import { browseLevel } from './browse.ts';
import type { OpcuaPki } from './pki.ts';
import { findPreset } from './presets.ts';
import type { OpcuaEndpointSettings } from './session.ts';
import { withSession } from './session.ts';

/**
 * What the sensors screen's OPC UA tools use of the connector's code (its one public module for them, besides the
 * form's mapping.ts, node-check.ts and secret-box.ts): a short session to browse a level or fill a preset, the
 * certificates' description, and the failures a session names.
 */
export { OBJECTS_FOLDER } from './browse.ts';
export { describeCertificate, sha256Of } from './certificates.ts';
export { MachineSessionError } from './failures.ts';
export type { OpcuaPki } from './pki.ts';
export type { OpcuaEndpointSettings } from './session.ts';

/** One level of the machine's address space below `nodeId`; null when the machine has no such node. */
export function browseMachine(settings: OpcuaEndpointSettings, pki: OpcuaPki, nodeId: string, timeoutMs: number): Promise<OpcuaBrowseNode[] | null> {
  return withSession(settings, pki, timeoutMs, (session, stack) => browseLevel(session, stack, nodeId));
}

/** A preset's mapping lines, from the nodes found on the machine by browse name. */
export function fillPreset(settings: OpcuaEndpointSettings, pki: OpcuaPki, preset: OpcuaPreset, timeoutMs: number): Promise<OpcuaPresetResult> {
  return withSession(settings, pki, timeoutMs, (session, stack) => findPreset(session, stack, preset));
}
