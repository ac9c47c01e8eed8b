import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Circle, CircleMarker, Map as LeafletMap, Polyline } from 'leaflet';
import type { Layer } from 'leaflet';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, defaultMonitorSettings, MAP_DEFAULTS, todayIn } from '@gearwatch/contracts';
import type { AppConfig, BoardSetting, GeoSettings, Location } from '@gearwatch/contracts';
import type { FakeHandler } from '../../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../../test/render-board.tsx';

const TIMEZONE = 'Europe/Warsaw';
const STEP_MS = 300_000;

const config: AppConfig = {
  version: 'test',
  brand: 'default',
  languages: ['pl', 'en', 'lv', 'ru'],
  defaultLanguage: 'pl',
  webClientId: 'web',
  webClientSecret: 'web',
  // No tiles: the tests have no network.
  mapTileUrl: '',
};

function board(settings: Partial<GeoSettings>): BoardSetting {
  return { monitors: [{ id: 'm1', kind: 'geo', settings: { ...defaultMonitorSettings('geo'), edited: false, ...settings } }] };
}

function savedSettings(saved: unknown[]): GeoSettings | undefined {
  const last = saved[saved.length - 1] as BoardSetting | undefined;
  return last?.monitors[0]?.settings as GeoSettings | undefined;
}

/** The Warsaw offset ('+01:00') in force at a UTC instant; worked out apart from the code under test. */
function warsawOffset(utc: string): string {
  const name = new Intl.DateTimeFormat('en', { timeZone: TIMEZONE, timeZoneName: 'longOffset' })
    .formatToParts(new Date(utc))
    .find((part) => part.type === 'timeZoneName')?.value;
  return name === 'GMT' ? '+00:00' : (name ?? '').slice(3);
}

const today = () => todayIn(TIMEZONE);
/** Today's local midnight, and a local time of today (clocks change at night: a daytime offset is the noon one). */
/** The first day of the default range: yesterday, so the latest 24 hours are always in it. */
const yesterday = () => addDays(today(), -1);
const midnight = () => Date.parse(`${today()}T00:00:00${warsawOffset(`${today()}T00:00:00Z`)}`);
const localTime = (hhmm: string) => `${today()}T${hhmm}:00${warsawOffset(`${today()}T12:00:00Z`)}`;

const TRACK: Location[] = [
  { time: localTime('08:00'), lat: 52.1, lon: 21.0, acc: 2500 },
  { time: localTime('08:07'), lat: 52.2, lon: 21.1, acc: 40 },
  { time: localTime('09:00'), lat: 52.3, lon: 21.2, acc: null },
];

const answering = (device: number, handler: FakeHandler) => ({ 'GET /api/config': () => ({ body: config }), [`GET /api/device/${device}/locations`]: handler });

/** The layers of a kind on the map now (Leaflet's own objects: their positions, not the SVG they project to). */
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
const routes = () => layersOnMap(Polyline);

function slider(frame: HTMLElement): HTMLInputElement {
  return within(within(frame).getByTestId('geo-slider')).getByRole('slider') as HTMLInputElement;
}

function routeSwitch(frame: HTMLElement): HTMLInputElement {
  const input = within(frame).getByTestId('geo-route-switch').querySelector('input');
  if (!input) throw new Error('no route switch input');
  return input;
}

function moveSlider(frame: HTMLElement, ms: number) {
  fireEvent.change(slider(frame), { target: { value: String(ms) } });
}

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

beforeEach(() => {
  vi.spyOn(LeafletMap.prototype, 'addLayer');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GeoMonitor', { timeout: 20_000 }, () => {
  it.each<[string, Partial<GeoSettings>, string]>([
    ['no device', {}, 'None of devices were selected'],
    ['no group', { byGroups: true, devices: [1] }, 'None of device groups were selected'],
  ])('warns about %s, asks for nothing and keeps the route switch off', async (_, settings, warning) => {
    const { calls } = await renderBoard('diagnostics', { board: board(settings), routes: answering(1, () => ({ body: TRACK })) });
    const frame = await screen.findByTestId('monitor-geo');
    expect((await within(frame).findByTestId('monitor-warning')).textContent).toBe(warning);
    expect(routeSwitch(frame).disabled).toBe(true);
    expect(slider(frame).disabled).toBe(true);
    expect(calls.filter((call) => call.path.includes('/locations'))).toHaveLength(0);
  });

  it('opens on Poland at zoom 5 with a map 300 px high', async () => {
    const setView = vi.spyOn(LeafletMap.prototype, 'setView');
    await renderBoard('diagnostics', { board: board({}), routes: answering(1, () => ({ body: TRACK })) });
    const frame = await screen.findByTestId('monitor-geo');
    const region = await within(frame).findByRole('region', { name: 'Device location map' });
    expect(getComputedStyle(region).height).toBe('300px');
    await waitFor(() => expect(setView).toHaveBeenCalled());
    const [centre, zoom] = setView.mock.calls[0] ?? [];
    expect(centre).toEqual([MAP_DEFAULTS.centre.lat, MAP_DEFAULTS.centre.lon]);
    expect(zoom).toBe(5);
  });

  it('asks for the first selected device only, and for the first device of the first group', async () => {
    const first = await renderBoard('diagnostics', { board: board({ devices: [3, 1, 2] }), routes: answering(3, () => ({ body: TRACK })) });
    await waitFor(() => expect(first.calls.filter((call) => call.path.includes('/locations'))).toHaveLength(1));
    const call = first.callsTo('GET', '/api/device/3/locations')[0];
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ from: yesterday(), to: today() });
    first.unmount();

    const byGroups = await renderBoard('diagnostics', {
      board: board({ byGroups: true, deviceGroups: [11, 10] }),
      routes: answering(3, () => ({ body: TRACK })),
    });
    await waitFor(() => expect(byGroups.callsTo('GET', '/api/device/3/locations')).toHaveLength(1));
    expect(byGroups.calls.filter((call) => call.path.includes('/locations'))).toHaveLength(1);
  });

  it('slides in 5-minute steps from the start of the first day to the end of the last', async () => {
    await renderBoard('diagnostics', { board: board({ devices: [1] }), routes: answering(1, () => ({ body: TRACK })) });
    const frame = await screen.findByTestId('monitor-geo');
    await waitFor(() => expect(slider(frame).disabled).toBe(false));
    const input = slider(frame);
    // Yesterday's midnight (the default range's first day): 24 hours before today's, or 23/25 when the clocks change.
    expect([23, 24, 25].map((hours) => midnight() - hours * 3_600_000)).toContain(Number(input.min));
    expect(todayIn(TIMEZONE, new Date(Number(input.min)))).toBe(yesterday());
    // The next midnight: 24 hours later, or 23/25 on the days the clocks change.
    const max = Number(input.max);
    expect([23, 24, 25].map((hours) => midnight() + hours * 3_600_000)).toContain(max);
    expect(todayIn(TIMEZONE, new Date(max - 1))).toBe(today());
    expect(Number(input.step)).toBe(STEP_MS);
  });

  it('shows the position in force at the slider time, none before the first one', async () => {
    const fit = vi.spyOn(LeafletMap.prototype, 'fitBounds');
    await renderBoard('diagnostics', { board: board({ devices: [1] }), routes: answering(1, () => ({ body: TRACK })) });
    const frame = await screen.findByTestId('monitor-geo');
    // The slider starts at the last position.
    await waitFor(() => expect(Number(slider(frame).value)).toBe(Date.parse(localTime('09:00'))));
    expect(markers().map((marker) => marker.getLatLng().lat)).toEqual([52.3]);
    expect(markers()[0]?.getRadius()).toBe(7);
    expect(frame.querySelector('[data-testid="geo-marker"]')).not.toBeNull();
    // Fitted to the route once the data came, zooming in no further than 14.
    expect(fit).toHaveBeenCalledTimes(1);
    expect(fit.mock.calls[0]?.[1]).toMatchObject({ maxZoom: 14 });

    moveSlider(frame, Date.parse(localTime('08:05')));
    await waitFor(() => expect(markers().map((marker) => marker.getLatLng().lat)).toEqual([52.1]));
    moveSlider(frame, Date.parse(localTime('08:10')));
    await waitFor(() => expect(markers().map((marker) => marker.getLatLng().lat)).toEqual([52.2]));
    expect(within(frame).getByTestId('geo-position').textContent).toMatch(/^Forklift A: position at .*\b0?8:07\b/);

    moveSlider(frame, Date.parse(localTime('07:55')));
    await waitFor(() => expect(markers()).toEqual([]));
    expect(within(frame).getByTestId('geo-position').textContent).toBe('Forklift A: no position yet at this time');
  });

  it('draws the accuracy circle capped at 1000 m, and none when switched off in the settings', async () => {
    const { user, savedBoards } = await renderBoard('diagnostics', {
      board: board({ devices: [1], edited: true }),
      routes: answering(1, () => ({ body: TRACK })),
    });
    const frame = await screen.findByTestId('monitor-geo');
    await waitFor(() => expect(slider(frame).disabled).toBe(false));
    // 09:00 says nothing of its accuracy: no circle.
    expect(circles()).toEqual([]);
    moveSlider(frame, Date.parse(localTime('08:05')));
    await waitFor(() => expect(circles().map((circle) => circle.getRadius())).toEqual([1000]));
    moveSlider(frame, Date.parse(localTime('08:10')));
    await waitFor(() => expect(circles().map((circle) => circle.getRadius())).toEqual([40]));

    await user.click(within(frame).getByRole('switch', { name: 'Accuracy circle' }));
    await waitFor(() => expect(savedSettings(savedBoards())?.agps).toBe(false));
    await waitFor(() => expect(circles()).toEqual([]));
    expect(markers()).toHaveLength(1);
  });

  it('draws the route when switched on, and turns it off again on the next redraw', async () => {
    const { user, callsTo } = await renderBoard('diagnostics', { board: board({ devices: [1] }), routes: answering(1, () => ({ body: TRACK })) });
    const frame = await screen.findByTestId('monitor-geo');
    await waitFor(() => expect(routeSwitch(frame).disabled).toBe(false));
    expect(routes()).toEqual([]);

    await user.click(routeSwitch(frame));
    expect(routeSwitch(frame).checked).toBe(true);
    // Drawn progressively; in the end every position is on it, in order.
    await waitFor(() => expect(routes()[0]?.getLatLngs()).toHaveLength(TRACK.length));
    expect((routes()[0]?.getLatLngs() as Array<{ lat: number }>).map((point) => point.lat)).toEqual([52.1, 52.2, 52.3]);
    expect(frame.querySelector('[data-testid="geo-route"]')).not.toBeNull();

    await user.click(within(frame).getByTestId('monitor-action-refresh'));
    await waitFor(() => expect(callsTo('GET', '/api/device/1/locations')).toHaveLength(2));
    await waitFor(() => expect(routeSwitch(frame).checked).toBe(false));
    expect(routeSwitch(frame).disabled).toBe(false);
    expect(routes()).toEqual([]);
  });

  it('enters the no-data state when there are no positions: messages, no marker, no route', async () => {
    await renderBoard('diagnostics', { board: board({ devices: [3, 1] }), routes: answering(3, () => ({ body: [] })) });
    const frame = await screen.findByTestId('monitor-geo');
    expect((await within(frame).findByTestId('geo-no-data')).textContent).toBe('No location data from Press 1 for the selected period');
    expect(within(frame).getByTestId('geo-area-alert').textContent).toBe('No position data for the devices: Press 1');
    expect(routeSwitch(frame).disabled).toBe(true);
    expect(slider(frame).disabled).toBe(true);
    expect(markers()).toEqual([]);
    expect(within(frame).queryByTestId('geo-position')).toBeNull();
  });

  it('shows the last known position with its age when the chosen days hold none (a board opened at night)', async () => {
    const seen = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const status = {
      device: { id: 3, name: 'Press 1', deviceType: { id: 1, name: 'Press' } },
      company: { id: 1, name: 'Demo' },
      position: { lat: 51.75, lon: 19.45, acc: 12, time: seen },
      active: false,
      powerState: 'off',
      batteryVoltage: null,
      supplyVoltage: null,
      enabledTimeToday: null,
      workTimeToday: null,
      lastSync: seen,
      lastWork: seen,
      sensors: [],
      operator: null,
    };
    const { callsTo } = await renderBoard('diagnostics', {
      board: board({ devices: [3] }),
      routes: { ...answering(3, () => ({ body: [] })), 'GET /api/devices/3/status': () => ({ body: status }) },
    });
    const frame = await screen.findByTestId('monitor-geo');
    expect((await within(frame).findByTestId('geo-last-position')).textContent).toMatch(/^Press 1: nothing in these days; last known position 3 days ago \(/);
    expect(within(frame).queryByTestId('geo-no-data')).toBeNull();
    expect(within(frame).queryByTestId('geo-area-alert')).toBeNull();
    expect(markers()).toHaveLength(1);
    expect(callsTo('GET', '/api/devices/3/status')).toHaveLength(1);
  });

  it('says when the server thinned the track', async () => {
    await renderBoard('diagnostics', { board: board({ devices: [1] }), routes: answering(1, () => ({ body: TRACK, headers: { 'x-locations-step': '900' } })) });
    const frame = await screen.findByTestId('monitor-geo');
    expect((await within(frame).findByTestId('geo-thinned')).textContent).toBe('Simplified track: at most one position every 15 min');
  });
});
