import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { describeScreen, screenSizeOf, useScreenSize } from './useScreenSize.ts';

describe('screenSizeOf', () => {
  it.each([
    [320, 'xxsmall'],
    [480, 'xxsmall'],
    [481, 'xsmall'],
    [600, 'xsmall'],
    [960, 'small'],
    [1280, 'medium'],
    [1920, 'large'],
    [1921, 'xlarge'],
  ])('%i px is %s', (width, size) => {
    expect(screenSizeOf(width)).toBe(size);
  });

  it('treats up to small as mobile and xsmall/small as tablet', () => {
    expect(describeScreen(400)).toEqual({ size: 'xxsmall', isMobile: true, isTablet: false });
    expect(describeScreen(800)).toEqual({ size: 'small', isMobile: true, isTablet: true });
    expect(describeScreen(1200)).toEqual({ size: 'medium', isMobile: false, isTablet: false });
  });
});

describe('useScreenSize', () => {
  it('follows window resizes after the debounce', async () => {
    window.innerWidth = 1300;
    const { result } = renderHook(() => useScreenSize());
    expect(result.current.size).toBe('large');
    await act(async () => {
      window.innerWidth = 500;
      window.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => setTimeout(resolve, 40));
    });
    expect(result.current).toEqual({ size: 'xsmall', isMobile: true, isTablet: true });
  });
});
