import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { latLng, Map as LeafletMap } from 'leaflet';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import type { GeoPolygon } from '@gearwatch/contracts';
import { renderWithApp } from '../test/render.tsx';
import { GeoPolygonEditor } from './GeoPolygonEditor.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

function Editor({ initial, onValue, mapRef }: { initial: GeoPolygon | null; onValue: (value: GeoPolygon | null) => void; mapRef: React.Ref<LeafletMap> }) {
  const [value, setValue] = useState(initial);
  return (
    <GeoPolygonEditor
      ref={mapRef}
      value={value}
      ariaLabel="Area"
      onChange={(next) => {
        onValue(next);
        setValue(next);
      }}
    />
  );
}

async function renderEditor(initial: GeoPolygon | null = null) {
  const map = createRef<LeafletMap>();
  const onValue = vi.fn<(value: GeoPolygon | null) => void>();
  const view = await renderWithApp(<Editor initial={initial} onValue={onValue} mapRef={map} />);
  await waitFor(() => expect(map.current).toBeInstanceOf(LeafletMap));
  const leaflet = map.current as LeafletMap;
  const click = (lat: number, lon: number) => act(() => void leaflet.fire('click', { latlng: latLng(lat, lon) }));
  return { ...view, leaflet, click, lastValue: () => onValue.mock.calls.at(-1)?.[0] };
}

describe('GeoPolygonEditor', () => {
  it('opens on the default centre and zoom without an area, with no tile server in tests', async () => {
    const { leaflet, container } = await renderEditor();
    expect(leaflet.getZoom()).toBe(MAP_DEFAULTS.zoom);
    expect(leaflet.getCenter().lat).toBeCloseTo(MAP_DEFAULTS.centre.lat, 5);
    expect(container.querySelector('.leaflet-tile-pane img')).toBeNull();
    expect(screen.getByTestId('area-clear')).toHaveProperty('disabled', true);
  });

  it('fits the map to the area it opens with', async () => {
    const fit = vi.spyOn(LeafletMap.prototype, 'fitBounds');
    await renderEditor([
      [21, 52],
      [21.2, 52],
      [21.2, 52.2],
      [21, 52],
    ]);
    await waitFor(() => expect(fit).toHaveBeenCalled());
    const bounds = fit.mock.calls[0]?.[0] as ReturnType<LeafletMap['getBounds']>;
    expect([bounds.getWest(), bounds.getEast(), bounds.getSouth(), bounds.getNorth()]).toEqual([21, 21.2, 52, 52.2]);
  });

  it('ignores map clicks until "Draw area" is pressed', async () => {
    const { click, lastValue } = await renderEditor();
    click(52, 19);
    expect(lastValue()).toBeUndefined();
  });

  it('adds a corner per click and closes the ring on a click at the first corner', async () => {
    const { user, click, lastValue } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Draw area' }));
    expect(screen.getByText('Click the map to add corners; click the first corner to close the area.')).toBeTruthy();
    click(52, 19);
    click(52, 20);
    click(53, 20);
    expect(lastValue()).toEqual([
      [19, 52],
      [20, 52],
      [20, 53],
    ]);
    click(52, 19);
    expect(lastValue()).toEqual([
      [19, 52],
      [20, 52],
      [20, 53],
      [19, 52],
    ]);
    // Closed: the drawing has ended, further clicks add nothing.
    click(50, 10);
    expect(lastValue()).toHaveLength(4);
    expect(screen.queryByText('Click the map to add corners; click the first corner to close the area.')).toBeNull();
  });

  it('closes the ring when the first corner’s marker is clicked', async () => {
    const { user, click, lastValue, container, leaflet } = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Draw area' }));
    click(52, 19);
    click(52, 20);
    click(53, 20);
    // Far from the view's origin, so only the marker's own handler can close the ring: a click reaching the map
    // would land elsewhere and add a corner.
    act(() => void leaflet.setView([0, 100], 5, { animate: false }));
    const first = container.querySelector('path.geopolygon-first-corner');
    expect(first).not.toBeNull();
    fireEvent.click(first as Element);
    expect(lastValue()).toEqual([
      [19, 52],
      [20, 52],
      [20, 53],
      [19, 52],
    ]);
  });

  it('clears the area, and "Draw area" starts a new one', async () => {
    const ring: GeoPolygon = [
      [19, 52],
      [20, 52],
      [20, 53],
      [19, 52],
    ];
    const { user, click, lastValue } = await renderEditor(ring);
    await user.click(screen.getByRole('button', { name: 'Clear area' }));
    expect(lastValue()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Draw area' }));
    expect(lastValue()).toEqual([]);
    click(51, 18);
    expect(lastValue()).toEqual([[18, 51]]);
  });
});
