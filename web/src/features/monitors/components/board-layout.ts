import type { Monitor } from '@gearwatch/contracts';

/**
 * About a chart monitor's height: a monitor not drawn yet (its placeholder, or its frame while its code loads) keeps
 * it, so the board below does not jump when the monitor is drawn, and monitors below the fold stay there.
 */
export const PENDING_MONITOR_HEIGHT_PX = 360;

/**
 * A monitor's width on the board: two per row with the board's 16 px gap (a lone last one keeps its half rather than
 * growing), or the full width when expanded. The frame and the placeholder standing in for it share it.
 */
export function monitorWidth(expanded: boolean) {
  return { flex: expanded ? '1 1 100%' : '1 1 45%', maxWidth: expanded ? '100%' : 'calc(50% - 8px)', minWidth: 0 } as const;
}

/**
 * How many of the board's first monitors open in view on a window this tall, laid out two per row (an expanded
 * monitor a row of its own) at the pending height: an estimate, used to start their data calls before the others'.
 */
export function monitorsInView(monitors: readonly { settings: Pick<Monitor['settings'], 'expanded'> }[], viewportHeight: number): number {
  const rows = Math.max(1, Math.ceil(viewportHeight / PENDING_MONITOR_HEIGHT_PX));
  let row = 0;
  let halves = 0;
  for (const [index, monitor] of monitors.entries()) {
    const width = monitor.settings.expanded ? 2 : 1;
    if (halves + width > 2) {
      row += 1;
      halves = 0;
    }
    if (row >= rows) return index;
    halves += width;
  }
  return monitors.length;
}
