// EChart: a React wrapper around one ECharts instance.
//
//   <EChart option={option} height={300} renderer="svg" notMerge onEvents={{ magictypechanged: (e) => … }}
//           loading={isFetching} ariaLabel={t('…')} ref={handle} />
//
// - option: the full chart option (ChartOption, see ./echarts.ts), built by the caller; memoise it (useMemo), since
//   every new option object is a redraw.
// - notMerge (default true): each new option replaces the previous one, so a redraw after a fetch starts clean and
//   whatever the user did with the toolbox (zoom, line/bar) is dropped unless the caller put it in the option.
// - onEvents: ECharts event name → handler (params, instance); names are lower case ('magictypechanged', 'restore').
// - renderer: 'canvas' (default) or 'svg' (unit tests: happy-dom has no canvas).
// - width: fixed width in px; without it the chart fills its container and follows the container's width, resized
//   RESIZE_DELAY_MS after the width changes (expand, menu toggle, window resize; spec 02 §4).
// - ref: EChartHandle, for tests and exports: getInstance(), getDataURL().
// The instance is disposed on unmount.
import Box from '@mui/material/Box';
import { useEffect, useImperativeHandle, useRef } from 'react';
import type { Ref } from 'react';
import { RESIZE_DELAY_MS } from '@gearwatch/contracts';
import { init } from './echarts.ts';
import type { ChartOption, EChartsType } from './echarts.ts';
import { CHART_HEIGHT_PX } from './layout.ts';

export type EChartEventHandler = (params: unknown, chart: EChartsType) => void;

export interface EChartDataUrlOptions {
  type?: 'png' | 'jpeg' | 'svg';
  pixelRatio?: number;
  backgroundColor?: string;
}

export interface EChartHandle {
  getInstance(): EChartsType | undefined;
  /** The chart as a data URL (svg for the SVG renderer, png by default for canvas); '' before the chart exists. */
  getDataURL(options?: EChartDataUrlOptions): string;
}

export interface EChartProps {
  option: ChartOption;
  height?: number;
  width?: number;
  renderer?: 'canvas' | 'svg';
  notMerge?: boolean;
  onEvents?: Record<string, EChartEventHandler>;
  loading?: boolean;
  ariaLabel?: string;
  ref?: Ref<EChartHandle>;
}

export function EChart({
  option,
  height = CHART_HEIGHT_PX,
  width,
  renderer = 'canvas',
  notMerge = true,
  onEvents,
  loading = false,
  ariaLabel,
  ref,
}: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | undefined>(undefined);
  const handlers = useRef(onEvents);
  const size = useRef({ width, height });
  // The size the instance was made or last resized at: a resize to the same size would lay out and draw it again.
  const drawnSize = useRef({ width, height });

  useEffect(() => {
    handlers.current = onEvents;
    size.current = { width, height };
  });

  useImperativeHandle(
    ref,
    () => ({
      getInstance: () => chart.current,
      getDataURL: (options) => chart.current?.getDataURL(options) ?? '',
    }),
    [],
  );

  // The renderer cannot be switched on a live instance: a new renderer means a new instance.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer, width: size.current.width, height: size.current.height });
    drawnSize.current = { ...size.current };
    chart.current = instance;
    return () => {
      chart.current = undefined;
      instance.dispose();
    };
  }, [renderer]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge });
  }, [option, notMerge, renderer]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || instance.isDisposed()) return;
    if (drawnSize.current.width === width && drawnSize.current.height === height) return;
    drawnSize.current = { width, height };
    instance.resize({ width: width ?? 'auto', height });
  }, [width, height]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    if (loading) instance.showLoading('default', { text: '' });
    else instance.hideLoading();
  }, [loading, renderer]);

  // Listeners are bound per event name and read the latest handlers, so a new handler object every render does not
  // rebind them.
  const eventNames = Object.keys(onEvents ?? {})
    .sort()
    .join(',');
  useEffect(() => {
    const instance = chart.current;
    if (!instance || eventNames === '') return;
    const bound = eventNames.split(',').map((name) => {
      const listener = (params: unknown) => handlers.current?.[name]?.(params, instance);
      instance.on(name, listener);
      return [name, listener] as const;
    });
    return () => {
      if (instance.isDisposed()) return;
      for (const [name, listener] of bound) instance.off(name, listener);
    };
  }, [eventNames, renderer]);

  const followsContainer = width === undefined;
  useEffect(() => {
    const element = container.current;
    if (!followsContainer || !element || typeof ResizeObserver === 'undefined') return;
    let lastWidth = element.clientWidth;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver((entries) => {
      const nextWidth = entries[entries.length - 1]?.contentRect.width;
      if (nextWidth === undefined || nextWidth === lastWidth) return;
      lastWidth = nextWidth;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const instance = chart.current;
        if (instance && !instance.isDisposed()) instance.resize({ width: 'auto', height: size.current.height });
      }, RESIZE_DELAY_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [followsContainer]);

  return <Box ref={container} role={ariaLabel ? 'img' : undefined} aria-label={ariaLabel} sx={{ width: width ?? '100%', height, minWidth: 0 }} />;
}
