import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useUserSettings } from '../../../api/data-areas.ts';
import { guideUnset, markGuideShown } from '../api/guide-setting.ts';

/**
 * Whether the guided tour is open: by itself once, while the user's `guide` setting is unset (which it then sets to
 * 'showed'), and whenever `start` is called (the profile menu's Guide).
 */
export function useGuidedTour(): { open: boolean; start: () => void; close: () => void } {
  const api = useApi();
  const queryClient = useQueryClient();
  const settings = useUserSettings();
  const [open, setOpen] = useState(() => guideUnset(settings));
  const marked = useRef(false);
  const autoStart = open && guideUnset(settings);
  useEffect(() => {
    if (!autoStart || marked.current) return;
    marked.current = true;
    void markGuideShown(api, queryClient);
  }, [autoStart, api, queryClient]);
  const start = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, start, close };
}
