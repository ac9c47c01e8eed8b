import { act, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESIZE_DELAY_MS } from '@gearwatch/contracts';
import { init } from './echarts.ts';
import type { ChartOption, EChartsType } from './echarts.ts';
import { EChart } from './EChart.tsx';
import type { EChartHandle } from './EChart.tsx';
import { buildToolbox } from './toolbox.ts';

function barOption(seriesName: string, categories: string[], values: number[]): ChartOption {
  return {
    animation: false,
    legend: { data: [seriesName] },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: [{ name: seriesName, type: 'bar', data: values }],
  };
}

function texts(container: HTMLElement): string[] {
  return [...container.querySelectorAll('svg text')].map((node) => node.textContent ?? '');
}

/** The toolbox icon ECharts drew for a feature title (ToolboxView keeps the title on the icon element). */
function toolboxIcon(chart: EChartsType, title: string) {
  const elements = chart.getZr().storage.getDisplayList(true) as unknown as Array<{ __title?: string; trigger: (event: string) => void }>;
  const icon = elements.find((element) => element.__title === title);
  if (!icon) throw new Error(`no toolbox icon titled ${title}`);
  return icon;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EChart', () => {
  it('draws the series of its option into the DOM', () => {
    const { container } = render(<EChart renderer="svg" width={600} height={300} option={barOption('Output', ['Mon', 'Tue', 'Wed'], [3, 7, 5])} />);
    expect(container.querySelector('svg')).not.toBeNull();
    const labels = texts(container);
    expect(labels).toEqual(expect.arrayContaining(['Output', 'Mon', 'Tue', 'Wed']));
    // Axis and grid lines are stroked with fill none; the three bars are filled paths.
    const filled = [...container.querySelectorAll('svg path[fill]')].filter((path) => path.getAttribute('fill') !== 'none');
    expect(filled.length).toBeGreaterThanOrEqual(3);
  });

  it('replaces the drawing when the option changes', () => {
    const { container, rerender } = render(<EChart renderer="svg" width={600} height={300} option={barOption('Output', ['Mon', 'Tue'], [3, 7])} />);
    rerender(<EChart renderer="svg" width={600} height={300} option={barOption('Speed', ['Sat', 'Sun'], [1, 2])} />);
    const labels = texts(container);
    expect(labels).toEqual(expect.arrayContaining(['Speed', 'Sat', 'Sun']));
    expect(labels).not.toContain('Output');
    expect(labels).not.toContain('Mon');
  });

  it('disposes its instance on unmount', () => {
    const handle = createRef<EChartHandle>();
    const { unmount } = render(<EChart ref={handle} renderer="svg" width={400} height={200} option={barOption('Output', ['Mon'], [1])} />);
    const chart = handle.current?.getInstance();
    expect(chart?.isDisposed()).toBeFalsy();
    unmount();
    expect(chart?.isDisposed()).toBe(true);
  });

  it('gives the drawing as a data URL', () => {
    const handle = createRef<EChartHandle>();
    render(<EChart ref={handle} renderer="svg" width={400} height={200} option={barOption('Output', ['Mon'], [1])} />);
    const url = handle.current?.getDataURL() ?? '';
    expect(url.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(url)).toContain('Output');
  });

  it('reports the line/bar switch of the toolbox through onEvents', () => {
    const handle = createRef<EChartHandle>();
    const onMagicType = vi.fn();
    const option: ChartOption = { ...barOption('Output', ['Mon', 'Tue'], [3, 7]), toolbox: buildToolbox({ show: true, imageName: 'chart', t: (key) => key }) };
    render(<EChart ref={handle} renderer="svg" width={600} height={300} option={option} onEvents={{ magictypechanged: onMagicType }} />);
    const chart = handle.current?.getInstance();
    if (!chart) throw new Error('no chart');
    act(() => toolboxIcon(chart, 'chart.toolbox.line').trigger('click'));
    expect(onMagicType).toHaveBeenCalledTimes(1);
    expect(onMagicType.mock.calls[0]?.[0]).toMatchObject({ currentType: 'line' });
    expect(onMagicType.mock.calls[0]?.[1]).toBe(chart);
    expect((chart.getOption() as { series: Array<{ type: string }> }).series[0]?.type).toBe('line');
  });

  it('calls the CSV export when the custom toolbox feature is clicked', () => {
    const handle = createRef<EChartHandle>();
    const csv = vi.fn();
    const option: ChartOption = { ...barOption('Output', ['Mon'], [3]), toolbox: buildToolbox({ show: true, imageName: 'chart', csv, t: (key) => key }) };
    render(<EChart ref={handle} renderer="svg" width={600} height={300} option={option} />);
    const chart = handle.current?.getInstance();
    if (!chart) throw new Error('no chart');
    act(() => toolboxIcon(chart, 'chart.toolbox.save-csv').trigger('click'));
    expect(csv).toHaveBeenCalledTimes(1);
  });

  it('shows and hides the loading spinner with the loading prop', () => {
    const handle = createRef<EChartHandle>();
    const option = barOption('Output', ['Mon'], [1]);
    const { rerender } = render(<EChart ref={handle} renderer="svg" width={400} height={200} option={option} />);
    const chart = handle.current?.getInstance();
    if (!chart) throw new Error('no chart');
    const show = vi.spyOn(chart, 'showLoading');
    const hide = vi.spyOn(chart, 'hideLoading');
    rerender(<EChart ref={handle} renderer="svg" width={400} height={200} option={option} loading />);
    expect(show).toHaveBeenCalledTimes(1);
    // showLoading clears any spinner first, so count the hiding from here.
    hide.mockClear();
    rerender(<EChart ref={handle} renderer="svg" width={400} height={200} option={option} loading={false} />);
    expect(hide).toHaveBeenCalledTimes(1);
  });

  it('is drawn once when it mounts, and laid out again only when its size changes', () => {
    // Every instance shares the prototype: a spy on it sees the calls made before the test could reach the instance.
    const probe = init(document.createElement('div'), undefined, { renderer: 'svg', width: 10, height: 10 });
    const resize = vi.spyOn(Object.getPrototypeOf(probe) as EChartsType, 'resize');
    probe.dispose();
    const option = barOption('Output', ['Mon'], [1]);
    const { rerender } = render(<EChart renderer="svg" width={400} height={200} option={option} />);
    expect(resize).not.toHaveBeenCalled();
    rerender(<EChart renderer="svg" width={400} height={200} option={option} />);
    expect(resize).not.toHaveBeenCalled();
    rerender(<EChart renderer="svg" width={400} height={250} option={option} />);
    expect(resize).toHaveBeenCalledTimes(1);
    expect(resize).toHaveBeenLastCalledWith({ width: 400, height: 250 });
    resize.mockRestore();
  });

  it('follows a change of its container width after the resize delay', () => {
    const observers: Array<(entries: Array<{ contentRect: { width: number } }>) => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: (entries: Array<{ contentRect: { width: number } }>) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.useFakeTimers();
    const handle = createRef<EChartHandle>();
    render(<EChart ref={handle} renderer="svg" height={200} option={barOption('Output', ['Mon'], [1])} />);
    const chart = handle.current?.getInstance();
    if (!chart) throw new Error('no chart');
    const resize = vi.spyOn(chart, 'resize');
    expect(observers).toHaveLength(1);
    observers[0]?.([{ contentRect: { width: 800 } }]);
    vi.advanceTimersByTime(RESIZE_DELAY_MS - 1);
    expect(resize).not.toHaveBeenCalled();
    observers[0]?.([{ contentRect: { width: 900 } }]);
    vi.advanceTimersByTime(RESIZE_DELAY_MS);
    // Two width changes within the delay make one resize.
    expect(resize).toHaveBeenCalledTimes(1);
  });
});
