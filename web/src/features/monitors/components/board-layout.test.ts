import { describe, expect, it } from 'vitest';
import { monitorsInView, PENDING_MONITOR_HEIGHT_PX } from './board-layout.ts';

const half = { settings: { expanded: false } };
const full = { settings: { expanded: true } };

describe('monitorsInView', () => {
  it('counts two monitors a row over the rows the window holds', () => {
    const rows = 3;
    const height = PENDING_MONITOR_HEIGHT_PX * rows - 10;
    expect(
      monitorsInView(
        Array.from({ length: 10 }, () => half),
        height,
      ),
    ).toBe(2 * rows);
  });

  it('gives an expanded monitor a row of its own', () => {
    const height = PENDING_MONITOR_HEIGHT_PX * 2;
    // Row 1: half; row 2: the expanded one; the next half starts row 3, out of view.
    expect(monitorsInView([half, full, half, half], height)).toBe(2);
    expect(monitorsInView([full, half, half, half], height)).toBe(3);
  });

  it('counts the whole board when it fits, and at least one row in a tiny window', () => {
    expect(monitorsInView([half, half, half], 10_000)).toBe(3);
    expect(monitorsInView([half, half, half], 0)).toBe(2);
  });
});
