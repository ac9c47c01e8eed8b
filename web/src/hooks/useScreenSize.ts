import { useEffect, useState } from 'react';
import { LAYOUT, MOBILE_SCREEN_SIZES, SCREEN_SIZES, TABLET_SCREEN_SIZES } from '@gearwatch/contracts';
import type { ScreenSize } from '@gearwatch/contracts';

/** The screen-size class of a width in CSS pixels (spec 01 §2: upper bounds inclusive, xlarge above large). */
export function screenSizeOf(width: number): ScreenSize {
  for (const [size, upTo] of Object.entries(SCREEN_SIZES) as [keyof typeof SCREEN_SIZES, number][]) {
    if (width <= upTo) return size;
  }
  return 'xlarge';
}

export interface ScreenSizeInfo {
  size: ScreenSize;
  isMobile: boolean;
  isTablet: boolean;
}

export function describeScreen(width: number): ScreenSizeInfo {
  const size = screenSizeOf(width);
  return { size, isMobile: MOBILE_SCREEN_SIZES.includes(size), isTablet: TABLET_SCREEN_SIZES.includes(size) };
}

/** The current screen-size class, updated on resize with the spec's debounce. */
export function useScreenSize(): ScreenSizeInfo {
  const [info, setInfo] = useState(() => describeScreen(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = describeScreen(window.innerWidth);
        setInfo((previous) => (previous.size === next.size ? previous : next));
      }, LAYOUT.resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return info;
}
