import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from './useEntityDialogs.ts';

describe('useEntityDialogs', () => {
  it('opens one dialog at a time and keeps it while it closes, so its title does not flip', () => {
    const { result } = renderHook(() => useEntityDialogs());
    expect(formDialogOf(result.current)).toEqual({ open: false, id: null });
    expect(deleteDialogOf(result.current)).toBeNull();

    act(() => result.current.edit(7));
    expect(formDialogOf(result.current)).toEqual({ open: true, id: 7 });
    act(() => result.current.close());
    expect(formDialogOf(result.current)).toEqual({ open: false, id: 7 });

    act(() => result.current.remove(9, 'Truck 9'));
    expect(formDialogOf(result.current).open).toBe(false);
    expect(deleteDialogOf(result.current)).toEqual({ open: true, id: 9, name: 'Truck 9' });
    act(() => result.current.close());
    expect(deleteDialogOf(result.current)).toEqual({ open: false, id: 9, name: 'Truck 9' });

    act(() => result.current.add());
    expect(formDialogOf(result.current)).toEqual({ open: true, id: null });
    expect(deleteDialogOf(result.current)).toBeNull();
  });

  it('keeps its callbacks across renders: a dialog closing later still holds a working close', () => {
    const { result, rerender } = renderHook(() => useEntityDialogs());
    const { close, add } = result.current;
    act(() => add());
    rerender();
    expect(result.current.close).toBe(close);
    act(() => close());
    expect(result.current.open).toBe(false);
  });
});
