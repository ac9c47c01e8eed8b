import { createContext, useContext } from 'react';
import type { MonitorKind } from '@gearwatch/contracts';

/** The actions every monitor's frame offers, provided by the board around each monitor. */
export interface MonitorFrameState {
  id: string;
  kind: MonitorKind;
  /** Edit (options) mode: the settings panel and the toolbox are shown. */
  edited: boolean;
  /** Full width; always true on mobile (spec 02 §2). */
  expanded: boolean;
  /** False on mobile, where the expand action is hidden. */
  canExpand: boolean;
  remove: () => void;
  toggleEdited: () => void;
  toggleExpanded: () => void;
}

export const MonitorFrameContext = createContext<MonitorFrameState | null>(null);

export function useMonitorFrame(): MonitorFrameState {
  const state = useContext(MonitorFrameContext);
  if (!state) throw new Error('a monitor frame must be rendered by the board (MonitorCard)');
  return state;
}
