import { describe, expect, it } from 'vitest';
import { CHART_COLOURS, chartFrame, seriesColour } from './layout.ts';

describe('chart layout', () => {
  it('cycles the series colours by index', () => {
    expect(seriesColour(0)).toBe(CHART_COLOURS[0]);
    expect(seriesColour(1)).toBe(CHART_COLOURS[1]);
    expect(seriesColour(CHART_COLOURS.length)).toBe(CHART_COLOURS[0]);
    expect(seriesColour(CHART_COLOURS.length * 2 + 3)).toBe(CHART_COLOURS[3]);
    expect(new Set(CHART_COLOURS).size).toBe(CHART_COLOURS.length);
  });

  it('leaves the spec room for the toolbox in edit mode', () => {
    const frame = chartFrame(true);
    expect(frame.grid).toEqual({ top: 80, right: 90, left: 60, bottom: 20 });
    expect(frame.legend).toMatchObject({ type: 'scroll' });
    expect(frame.color).toEqual([...CHART_COLOURS]);
  });

  it('moves the legend up and tightens the grid in compact mode', () => {
    const edit = chartFrame(true);
    const compact = chartFrame(false);
    expect(compact.legend).toMatchObject({ type: 'scroll' });
    expect(Number(compact.legend.top)).toBeLessThan(Number(edit.legend.top));
    expect(Number(compact.grid.top)).toBeLessThan(Number(edit.grid.top));
  });
});
