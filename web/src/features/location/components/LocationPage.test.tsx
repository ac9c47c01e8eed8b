import { screen, waitFor, within } from '@testing-library/react';
import { Circle, CircleMarker, Map as LeafletMap } from 'leaflet';
import type { Layer } from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import { theme } from '../../../components/theme.ts';
import { LOCATION_REFRESH_MS } from '../api/device-status.ts';
import { deviceGroups, fleet, forkliftA, forkliftB, press } from '../test/fixtures.ts';
import { listReply, renderLocation } from '../test/render-location.tsx';
import type { FakeHandler } from '../test/render-location.tsx';

const STATUS_PATH = '/api/devices/status';

function answering(status: FakeHandler) {
  return { [`GET ${STATUS_PATH}`]: status, 'GET /api/devicegroups': () => listReply(deviceGroups) };
}

/** The layers of a kind on the map now (Leaflet's own objects: their positions and styles, not the SVG drawn). */
function layersOnMap<T extends Layer>(type: abstract new (...args: never[]) => T, exclude?: abstract new (...args: never[]) => Layer): T[] {
  const spy = vi.mocked(LeafletMap.prototype.addLayer);
  const found = new Set<T>();
  spy.mock.calls.forEach(([layer], index) => {
    const map = spy.mock.contexts[index] as LeafletMap;
    if (layer instanceof type && !(exclude && layer instanceof exclude) && map.hasLayer(layer)) found.add(layer);
  });
  return [...found];
}

const markers = () => layersOnMap(CircleMarker, Circle);
const circles = () => layersOnMap(Circle);
const rows = () => screen.queryAllByTestId('location-row');
const rowOf = (name: string) => {
  const row = rows().find((element) => within(element).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

beforeEach(() => {
  vi.spyOn(LeafletMap.prototype, 'addLayer');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LocationPage', { timeout: 20_000 }, () => {
  it('asks for every device by name and puts a marker on the map for each one with a position', async () => {
    const fit = vi.spyOn(LeafletMap.prototype, 'fitBounds');
    const { callsTo } = await renderLocation(answering(() => listReply(fleet)));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(Object.fromEntries(callsTo(STATUS_PATH)[0]?.query ?? [])).toEqual({ page_size: '0', sort: 'name' });

    await waitFor(() => expect(markers()).toHaveLength(2));
    const byLat = new Map(markers().map((marker) => [marker.getLatLng().lat, marker]));
    // Active green, inactive grey (spec 01 §3), of the spec's marker size.
    expect(byLat.get(52.2)?.options).toMatchObject({ fillColor: theme.palette.success.main, radius: MAP_DEFAULTS.markerRadiusPx });
    expect(byLat.get(52.3)?.options).toMatchObject({ fillColor: theme.palette.grey[600] });
    expect(document.querySelectorAll('[data-testid="location-marker"]')).toHaveLength(2);
    // Only A says how accurate it is: its 2500 m are capped.
    expect(circles().map((circle) => circle.getRadius())).toEqual([MAP_DEFAULTS.accuracyCircleMaxM]);
    // Fitted to both markers once, zooming in no further than the spec's maximum.
    expect(fit).toHaveBeenCalledTimes(1);
    const [bounds, options] = fit.mock.calls[0] ?? [];
    expect(options).toMatchObject({ maxZoom: MAP_DEFAULTS.fleetFitMaxZoom });
    expect((bounds as ReturnType<LeafletMap['getBounds']>).getNorth()).toBe(52.3);
    expect((bounds as ReturnType<LeafletMap['getBounds']>).getSouth()).toBe(52.2);
  });

  it('lists every device with its status icons, the one without a position with the no-location message', async () => {
    await renderLocation(answering(() => listReply(fleet)));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => row.dataset['deviceId'])).toEqual(['1', '2', '3']);
    expect(within(rowOf('Press 1')).getByTestId('location-no-position').textContent).toBe('No location data');
    expect(within(rowOf('Forklift A')).queryByTestId('location-no-position')).toBeNull();
    expect(within(rowOf('Forklift A')).getByTestId('status-battery-voltage').textContent).toBe('48.2 V');
    expect(within(rowOf('Forklift A')).getByRole('img', { name: 'Active' })).toBeDefined();
    expect(within(rowOf('Forklift B')).getByRole('img', { name: 'Inactive' })).toBeDefined();
    expect(screen.getByTestId('location-count').textContent).toBe('Devices: 3 · on the map: 2');
    // No position, nothing to show on the map; every device links to its page.
    expect(within(rowOf('Press 1')).queryByRole('button', { name: 'Show on the map' })).toBeNull();
    expect(within(rowOf('Press 1')).getByRole('link', { name: 'Open the device page' }).getAttribute('href')).toBe('/manage/device/3');
  });

  it('centres the map on a clicked row and opens its popup, which links to the device page', async () => {
    const setView = vi.spyOn(LeafletMap.prototype, 'setView');
    const { user, router } = await renderLocation(answering(() => listReply(fleet)));
    await waitFor(() => expect(markers()).toHaveLength(2));
    setView.mockClear();

    await user.click(within(rowOf('Forklift B')).getByText('Forklift B'));
    await waitFor(() => expect(setView).toHaveBeenCalled());
    const [centre, zoom] = setView.mock.calls[0] ?? [];
    expect(centre).toMatchObject({ lat: 52.3, lng: 21.1 });
    expect(zoom).toBeGreaterThanOrEqual(MAP_DEFAULTS.fleetFitMaxZoom);
    const popup = await screen.findByTestId('location-popup');
    expect(popup.textContent).toContain('Forklift B');
    expect(popup.textContent).toContain('Inactive');
    expect(popup.textContent).toMatch(/Position from 1 Mar 2026, 16:00:00/);
    expect(rowOf('Forklift B').getAttribute('aria-current')).toBe('true');

    // The show-on-map button does the same for keyboard users.
    await user.click(within(rowOf('Forklift A')).getByRole('button', { name: 'Show on the map' }));
    await waitFor(() => expect(screen.getByTestId('location-popup').textContent).toContain('Forklift A'));
    expect(screen.getByTestId('location-popup').textContent).toContain('accuracy 2500 m');

    await user.click(within(screen.getByTestId('location-popup')).getByRole('link', { name: 'Open the device page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/device/1'));
  });

  it('sends the search after a pause in typing and the chosen device group as the filter', async () => {
    const { user, callsTo } = await renderLocation(
      answering(({ query }) => {
        const group = query.get('filter') ? (JSON.parse(query.get('filter') ?? '{}') as { deviceGroup: number }).deviceGroup : null;
        const search = (query.get('search') ?? '').toLowerCase();
        const ids = group === null ? null : (deviceGroups.find((entry) => entry.id === group)?.devices.map((device) => device.id) ?? []);
        return listReply(fleet.filter((entry) => entry.device.name.toLowerCase().includes(search) && (ids === null || ids.includes(entry.device.id))));
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'fork');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const searched = callsTo(STATUS_PATH).slice(1);
    // Once per pause, not once per key.
    expect(searched.map((call) => call.query.get('search'))).toEqual(['fork']);

    await user.click(screen.getByRole('combobox', { name: 'Device group' }));
    await user.click(await screen.findByRole('option', { name: 'Hall 2' }));
    await waitFor(() => expect(screen.getByTestId('location-no-results').textContent).toBe('No devices match the search or the group'));
    const filtered = callsTo(STATUS_PATH).at(-1);
    expect(Object.fromEntries(filtered?.query ?? [])).toEqual({ page_size: '0', sort: 'name', search: 'fork', filter: '{"deviceGroup":11}' });
    await waitFor(() => expect(markers()).toHaveLength(0));

    await user.clear(screen.getByRole('searchbox', { name: 'Search devices' }));
    await waitFor(() => expect(rows().map((row) => row.dataset['deviceId'])).toEqual([String(press.device.id)]));
    expect(Object.fromEntries(callsTo(STATUS_PATH).at(-1)?.query ?? [])).toEqual({ page_size: '0', sort: 'name', filter: '{"deviceGroup":11}' });
  });

  it('shows the empty state when the company has no devices (204)', async () => {
    const { callsTo } = await renderLocation(answering(() => listReply([])));
    expect((await screen.findByRole('status')).textContent).toContain('No devices yet');
    expect(callsTo(STATUS_PATH)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Devices map' })).toBeNull();
  });

  it('says when the devices could not be loaded and tries again on demand', async () => {
    let fail = true;
    const { user } = await renderLocation(
      answering(() => (fail ? { status: 500, body: { statusCode: 500, error: 'Internal', message: 'error.internal' } } : listReply([forkliftA]))),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The devices could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refreshes every minute, the timer waiting while a refresh is still loading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let hold: Promise<void> | null = null;
    let release = () => undefined as void;
    const { callsTo } = await renderLocation(
      answering(async () => {
        if (hold) await hold;
        return listReply([forkliftA, forkliftB]);
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(STATUS_PATH)).toHaveLength(1);

    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    await vi.advanceTimersByTimeAsync(LOCATION_REFRESH_MS);
    await waitFor(() => expect(callsTo(STATUS_PATH)).toHaveLength(2));
    // The second answer is slow: no further request starts meanwhile.
    await vi.advanceTimersByTimeAsync(LOCATION_REFRESH_MS * 2);
    expect(callsTo(STATUS_PATH)).toHaveLength(2);

    hold = null;
    release();
    // The refresh action is disabled while a load runs.
    const refresh = screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement;
    await waitFor(() => expect(refresh.disabled).toBe(false));
    await vi.advanceTimersByTimeAsync(LOCATION_REFRESH_MS - 1000);
    expect(callsTo(STATUS_PATH)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(callsTo(STATUS_PATH)).toHaveLength(3));
    await waitFor(() => expect(refresh.disabled).toBe(false));

    // And at once on demand.
    refresh.click();
    await waitFor(() => expect(callsTo(STATUS_PATH)).toHaveLength(4));
  });
});
