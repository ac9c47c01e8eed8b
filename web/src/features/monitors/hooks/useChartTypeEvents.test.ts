import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useChartTypeEvents } from './useChartTypeEvents.ts';

describe('useChartTypeEvents', () => {
  it('saves the chart type the toolbox switched to', () => {
    const update = vi.fn();
    const { result } = renderHook(() => useChartTypeEvents(update));
    result.current?.magictypechanged({ currentType: 'line' });
    result.current?.magictypechanged({ currentType: 'bar' });
    expect(update.mock.calls).toEqual([[{ magicType: 'line' }], [{ magicType: 'bar' }]]);
  });

  it('ignores a type the settings cannot keep', () => {
    const update = vi.fn();
    const { result } = renderHook(() => useChartTypeEvents(update));
    result.current?.magictypechanged({ currentType: 'stack' });
    result.current?.magictypechanged({});
    expect(update).not.toHaveBeenCalled();
  });

  it('listens to nothing for a chart without the switch, and keeps its handlers while update is the same', () => {
    expect(renderHook(() => useChartTypeEvents(undefined)).result.current).toBeUndefined();
    const update = vi.fn();
    const { result, rerender } = renderHook(() => useChartTypeEvents(update));
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
