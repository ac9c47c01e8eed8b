import { useCallback, useEffect, useState } from 'react';

/** The Fullscreen API for the live screen: whether it is available, whether it is on, and a toggle. */
export function useFullscreen() {
  const available = typeof document !== 'undefined' && Boolean(document.fullscreenEnabled);
  const [on, setOn] = useState(() => typeof document !== 'undefined' && document.fullscreenElement != null);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement != null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = useCallback(() => {
    // A refusal (no user gesture, a kiosk policy) leaves the screen as it is.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return { available, on, toggle };
}
