import { useEffect, useState } from 'react';

/**
 * How many of `total` items an animation drawing them over `durationMs` has drawn: it starts with one and grows
 * with each animation frame to all of them once the duration has passed; all at once when `animate` is false
 * (the user asked the system for reduced motion). Give the component a new key to draw again from the start.
 */
export function useDrawProgress(total: number, durationMs: number, animate = true): number {
  const [drawn, setDrawn] = useState(() => (animate ? Math.min(total, 1) : total));
  useEffect(() => {
    if (!animate) return;
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      const progress = durationMs > 0 ? Math.min(1, (now - start) / durationMs) : 1;
      setDrawn(Math.max(Math.min(total, 1), Math.ceil(progress * total)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [animate, durationMs, total]);
  return animate ? drawn : total;
}
