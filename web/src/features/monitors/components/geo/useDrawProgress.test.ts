import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDrawProgress } from './useDrawProgress.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Animation frames run only when the test says, with the timestamps it gives. */
function manualFrames() {
  let pending: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    pending.push(callback);
    return pending.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {
    pending = [];
  });
  return (now: number) =>
    act(() => {
      const due = pending;
      pending = [];
      for (const callback of due) callback(now);
    });
}

describe('useDrawProgress', () => {
  it('draws one item first, then more with each frame, all of them once the duration has passed', () => {
    const frame = manualFrames();
    const { result } = renderHook(() => useDrawProgress(10, 300));
    expect(result.current).toBe(1);
    frame(1000);
    expect(result.current).toBe(1);
    frame(1150);
    expect(result.current).toBe(5);
    frame(1300);
    expect(result.current).toBe(10);
    frame(1400);
    expect(result.current).toBe(10);
  });

  it('draws everything at once without animation', () => {
    manualFrames();
    const { result } = renderHook(() => useDrawProgress(10, 300, false));
    expect(result.current).toBe(10);
  });

  it('draws nothing when there is nothing', () => {
    const frame = manualFrames();
    const { result } = renderHook(() => useDrawProgress(0, 300));
    frame(0);
    frame(500);
    expect(result.current).toBe(0);
  });
});
