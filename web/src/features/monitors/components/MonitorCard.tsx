import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { defaultDateRange, normaliseRange, todayIn } from '@gearwatch/contracts';
import type { DateRange, Monitor, MonitorKind, MonitorSettings } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { useScreenSize } from '../../../hooks/useScreenSize.ts';
import { DrawQueueContext } from './draw-queue.ts';
import { MonitorFrameContext } from './frame-context.ts';
import type { MonitorFrameState } from './frame-context.ts';
import { MonitorFrame } from './MonitorFrame.tsx';
import { MonitorPlaceholder } from './MonitorPlaceholder.tsx';
import { loadedMonitor, loadMonitor } from './registry.ts';

export interface MonitorCardProps {
  monitor: Monitor;
  /** Its place on the board: monitors below the fold draw in this order. */
  order: number;
  onRemove: (id: string) => void;
  onUpdate: (id: string, patch: Partial<MonitorSettings>) => void;
}

/**
 * Whether the monitor draws now: at once when it is in view as the board is first laid out (before the first paint),
 * when it is added to a board already open, or without a board's draw queue; otherwise when it scrolls into view or
 * the queue gives it its turn.
 */
function useDrawTurn(id: string, order: number) {
  const queue = useContext(DrawQueueContext);
  const placeholder = useRef<HTMLElement>(null);
  const [due, setDue] = useState(queue === null);
  useLayoutEffect(() => {
    const element = placeholder.current;
    if (due || !queue) return;
    if (!element || !queue.opening || element.getBoundingClientRect().top < window.innerHeight) {
      setDue(true);
      return;
    }
    const release = () => setDue(true);
    const leave = queue.wait(id, order, release);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) release();
            },
            { rootMargin: '0px' },
          )
        : null;
    observer?.observe(element);
    return () => {
      leave();
      observer?.disconnect();
    };
  }, [due, queue, id, order]);
  return { due, placeholder };
}

/** The kind's component once its code is there (at once when the board's prefetch has loaded it), or its load error. */
function useMonitorComponent(kind: MonitorKind, due: boolean) {
  const [component, setComponent] = useState(() => loadedMonitor(kind));
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!due || component) return;
    let live = true;
    loadMonitor(kind)?.then(
      (loadedComponent) => {
        if (live) setComponent(() => loadedComponent);
      },
      (cause: unknown) => {
        if (live) setError(cause);
      },
    );
    return () => {
      live = false;
    };
  }, [kind, due, component]);
  return { Component: component, error };
}

/**
 * One monitor on the board: its frame actions, its dates (local state from the kind's default range in the
 * company's timezone) and its kind's component, loaded with its own chunk; its placeholder stands in meanwhile.
 */
export function MonitorCard({ monitor, order, onRemove, onUpdate }: MonitorCardProps) {
  const { id, kind, settings } = monitor;
  const { due, placeholder } = useDrawTurn(id, order);
  const { Component, error } = useMonitorComponent(kind, due);
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

  if (!due) return <MonitorPlaceholder ref={placeholder} id={id} kind={kind} expanded={frame.expanded} />;
  if (!Component && !error) return <MonitorPlaceholder id={id} kind={kind} expanded={frame.expanded} loading />;
  return (
    <MonitorFrameContext.Provider value={frame}>
      {Component ? (
        <Component id={id} kind={kind} settings={settings} update={update} range={range} setRange={setRange} today={today} timezone={timezone} />
      ) : (
        <MonitorFrame error={error} />
      )}
    </MonitorFrameContext.Provider>
  );
}
