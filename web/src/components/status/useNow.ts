import { useEffect, useState } from 'react';

/** Relative times ("5 min ago") are worded in minutes: re-reading the clock more often changes nothing shown. */
export const NOW_TICK_MS = 30_000;

/**
 * The current time in epoch ms, re-read every `intervalMs` so relative times keep up while a page stays open.
 * Disabled, it keeps no timer (a parent already ticks and passes its time down).
 */
export function useNow(intervalMs = NOW_TICK_MS, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [enabled, intervalMs]);
  return now;
}
