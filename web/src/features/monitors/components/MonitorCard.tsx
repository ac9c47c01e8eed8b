import { Suspense, useCallback, useMemo, useState } from 'react';
import { defaultDateRange, normaliseRange, todayIn } from '@gearwatch/contracts';
import type { DateRange, Monitor, MonitorKind, MonitorSettings } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { useScreenSize } from '../../../hooks/useScreenSize.ts';
import { MonitorFrameContext } from './frame-context.ts';
import type { MonitorFrameState } from './frame-context.ts';
import { MonitorFrame } from './MonitorFrame.tsx';
import type { MonitorComponent } from './types.ts';

export interface MonitorCardProps {
  monitor: Monitor;
  component: MonitorComponent<MonitorKind>;
  onRemove: (id: string) => void;
  onUpdate: (id: string, patch: Partial<MonitorSettings>) => void;
}

/**
 * One monitor on the board: its frame actions, its dates (local state from the kind's default range in the
 * company's timezone) and its kind's component, loaded with its own chunk.
 */
export function MonitorCard({ monitor, component: Component, onRemove, onUpdate }: MonitorCardProps) {
  const { id, kind, settings } = monitor;
  const timezone = useCurrentUser().owner.timezone;
  const [today] = useState(() => todayIn(timezone));
  const [range, setRangeState] = useState<DateRange>(() => defaultDateRange(kind, today));
  const setRange = useCallback((next: DateRange) => setRangeState(normaliseRange(next.from, next.to)), []);
  const update = useCallback((patch: Partial<MonitorSettings>) => onUpdate(id, patch), [id, onUpdate]);
  const { isMobile } = useScreenSize();

  const frame = useMemo<MonitorFrameState>(
    () => ({
      id,
      kind,
      edited: settings.edited,
      expanded: isMobile || settings.expanded,
      canExpand: !isMobile,
      remove: () => onRemove(id),
      toggleEdited: () => onUpdate(id, { edited: !settings.edited }),
      toggleExpanded: () => onUpdate(id, { expanded: !settings.expanded }),
    }),
    [id, isMobile, kind, onRemove, onUpdate, settings.edited, settings.expanded],
  );

  return (
    <MonitorFrameContext.Provider value={frame}>
      <Suspense fallback={<MonitorFrame pending />}>
        <Component id={id} kind={kind} settings={settings} update={update} range={range} setRange={setRange} today={today} timezone={timezone} />
      </Suspense>
    </MonitorFrameContext.Provider>
  );
}
