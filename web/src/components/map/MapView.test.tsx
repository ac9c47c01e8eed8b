import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { Map as LeafletMap, TileLayer } from 'leaflet';
import { createRef, Suspense } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { MAP_DEFAULTS, RESIZE_DELAY_MS } from '@gearwatch/contracts';
import type { AppConfig } from '@gearwatch/contracts';
import { ApiClient } from '../../api/client.ts';
import { ApiProvider } from '../../api/ApiProvider.tsx';
import { queryKeys } from '../../api/query-keys.ts';
import { createTokenStore } from '../../api/tokens.ts';
import { initI18n } from '../../i18n/i18n.ts';
import { FitBounds } from './FitBounds.tsx';
import { MapView } from './MapView.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n('en');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const config: AppConfig = {
  version: 'test',
  brand: 'default',
  languages: ['pl', 'en', 'lv', 'ru'],
  defaultLanguage: 'pl',
  webClientId: 'web',
  webClientSecret: 'web',
  mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
};

function withProviders(children: ReactNode, mapTileUrl = config.mapTileUrl) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.config, { ...config, mapTileUrl });
  const api = new ApiClient({
    tokens: createTokenStore(window.localStorage),
    fetch: () => Promise.reject(new Error('no requests expected')),
    credentials: () => ({ clientId: 'web', clientSecret: 'web' }),
    onSessionExpired: () => undefined,
  });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>
          <Suspense>{children}</Suspense>
        </ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

function tileLayers(map: LeafletMap): TileLayer[] {
  const layers: TileLayer[] = [];
  map.eachLayer((layer) => {
    if (layer instanceof TileLayer) layers.push(layer);
  });
  return layers;
}

describe('MapView', () => {
  it('opens a Leaflet map on the default centre and zoom with the configured tiles and their attribution', async () => {
    const map = createRef<LeafletMap>();
    const { container } = render(withProviders(<MapView ref={map} ariaLabel="Route map" />));
    await waitFor(() => expect(map.current).toBeInstanceOf(LeafletMap));
    expect(container.querySelector('.leaflet-container')).not.toBeNull();
    expect(container.querySelector('[role="region"][aria-label="Route map"]')).not.toBeNull();
    const view = map.current as LeafletMap;
    expect(view.getZoom()).toBe(MAP_DEFAULTS.zoom);
    expect(view.getCenter().lat).toBeCloseTo(MAP_DEFAULTS.centre.lat, 5);
    expect(view.getCenter().lng).toBeCloseTo(MAP_DEFAULTS.centre.lon, 5);
    const [tiles, ...others] = tileLayers(view);
    expect(others).toEqual([]);
    // Leaflet fills {z} from the map's zoom.
    expect(tiles?.getTileUrl({ x: 4, y: 7, z: MAP_DEFAULTS.zoom } as Parameters<TileLayer['getTileUrl']>[0])).toBe(
      `https://tiles.example.test/${MAP_DEFAULTS.zoom}/4/7.png`,
    );
    const attribution = container.querySelector('.leaflet-control-attribution');
    expect(attribution?.textContent).toContain('OpenStreetMap contributors');
    expect(attribution?.querySelector('a[href="https://www.openstreetmap.org/copyright"]')).not.toBeNull();
  });

  it('is as high as asked, 300 px by default', async () => {
    const map = createRef<LeafletMap>();
    const { container, rerender } = render(withProviders(<MapView ref={map} />));
    await waitFor(() => expect(map.current).toBeInstanceOf(LeafletMap));
    const region = () => container.querySelector<HTMLElement>('[role="region"]');
    expect(getComputedStyle(region() as HTMLElement).height).toBe(`${MAP_DEFAULTS.formMapHeightPx}px`);
    rerender(withProviders(<MapView ref={map} height={450} />));
    expect(getComputedStyle(region() as HTMLElement).height).toBe('450px');
  });

  it('shows no tiles when no tile service is configured', async () => {
    const map = createRef<LeafletMap>();
    render(withProviders(<MapView ref={map} />, ''));
    await waitFor(() => expect(map.current).toBeInstanceOf(LeafletMap));
    expect(tileLayers(map.current as LeafletMap)).toEqual([]);
  });

  it('re-measures itself after the resize delay when its container changes size', async () => {
    const observers: Array<(entries: Array<{ contentRect: { width: number; height: number } }>) => void> = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: (entries: Array<{ contentRect: { width: number; height: number } }>) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const invalidate = vi.spyOn(LeafletMap.prototype, 'invalidateSize');
    const map = createRef<LeafletMap>();
    render(withProviders(<MapView ref={map} />));
    await waitFor(() => expect(observers).toHaveLength(1));
    vi.useFakeTimers();
    invalidate.mockClear();
    act(() => observers[0]?.([{ contentRect: { width: 900, height: 300 } }]));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(RESIZE_DELAY_MS));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});

describe('FitBounds', () => {
  const route = [
    { lat: 52.2, lon: 21.0 },
    { lat: 52.25, lon: 21.1 },
    { lat: 52.3, lon: 21.05 },
  ];

  it('fits the map to the points at most at the given zoom, and again only when the points change', async () => {
    const fit = vi.spyOn(LeafletMap.prototype, 'fitBounds');
    const map = createRef<LeafletMap>();
    const { rerender } = render(withProviders(<MapView ref={map}>{<FitBounds points={route} maxZoom={14} />}</MapView>));
    await waitFor(() => expect(fit).toHaveBeenCalledTimes(1));
    const [bounds, options] = fit.mock.calls[0] ?? [];
    expect(options).toMatchObject({ maxZoom: 14 });
    const box = bounds as ReturnType<LeafletMap['getBounds']>;
    expect(box.getSouth()).toBe(52.2);
    expect(box.getNorth()).toBe(52.3);
    expect(box.getWest()).toBe(21.0);
    expect(box.getEast()).toBe(21.1);

    rerender(withProviders(<MapView ref={map}>{<FitBounds points={route.map((point) => ({ ...point }))} maxZoom={14} />}</MapView>));
    expect(fit).toHaveBeenCalledTimes(1);

    rerender(withProviders(<MapView ref={map}>{<FitBounds points={[...route, { lat: 52.4, lon: 21.2 }]} maxZoom={14} />}</MapView>));
    await waitFor(() => expect(fit).toHaveBeenCalledTimes(2));
  });

  it('zooms in no further than the spec maximum by default', async () => {
    const fit = vi.spyOn(LeafletMap.prototype, 'fitBounds');
    render(withProviders(<MapView>{<FitBounds points={[route[0] ?? { lat: 52, lon: 21 }]} />}</MapView>));
    await waitFor(() => expect(fit).toHaveBeenCalledTimes(1));
    expect(fit.mock.calls[0]?.[1]).toMatchObject({ maxZoom: MAP_DEFAULTS.fitMaxZoom });
  });

  it('leaves the view alone without points', async () => {
    const fit = vi.spyOn(LeafletMap.prototype, 'fitBounds');
    const map = createRef<LeafletMap>();
    render(withProviders(<MapView ref={map}>{<FitBounds points={[]} maxZoom={14} />}</MapView>));
    await waitFor(() => expect(map.current).toBeInstanceOf(LeafletMap));
    expect(fit).not.toHaveBeenCalled();
    expect(map.current?.getZoom()).toBe(MAP_DEFAULTS.zoom);
  });
});
