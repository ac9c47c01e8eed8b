import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/fake-api.ts';
import { deviceGroups } from '../../test/fixtures.ts';
import { fetchGeoTrack, geoDeviceIds, geoRequest } from './geo-request.ts';

const range = { from: '2026-03-02', to: '2026-03-03' };

describe('geoRequest', () => {
  it('asks for the first selected device only', () => {
    expect(geoRequest([3, 1, 2], range)).toEqual({ device: 3, from: '2026-03-02', to: '2026-03-03' });
  });

  it('asks for nothing without a device', () => {
    expect(geoRequest([], range)).toBeNull();
    expect(geoRequest(null, range)).toBeNull();
  });
});

describe('geoDeviceIds', () => {
  it('keeps the chosen devices in their order, or takes the devices of the groups in the groups order', () => {
    expect(geoDeviceIds({ byGroups: false, devices: [2, 1], deviceGroups: [10] }, deviceGroups)).toEqual([2, 1]);
    expect(geoDeviceIds({ byGroups: true, devices: [2], deviceGroups: [11, 10] }, deviceGroups)).toEqual([3, 1, 2]);
    expect(geoDeviceIds({ byGroups: true, devices: [], deviceGroups: [11] }, undefined)).toBeNull();
  });
});

describe('fetchGeoTrack', () => {
  const positions = [
    { time: '2026-03-02T08:00:00+01:00', lat: 52.1, lon: 21.0, acc: 12 },
    { time: '2026-03-02T08:10:00+01:00', lat: 52.2, lon: 21.1, acc: null },
  ];

  it('reads the positions with their times and the thinning step', async () => {
    const { api, callsTo } = createFakeApi({ 'GET /api/device/3/locations': () => ({ body: positions, headers: { 'x-locations-step': '600' } }) });
    const track = await fetchGeoTrack({ device: 3, ...range }, { api, signal: new AbortController().signal });
    expect(Object.fromEntries(callsTo('GET', '/api/device/3/locations')[0]?.query ?? [])).toEqual(range);
    expect(track).toEqual({
      device: 3,
      positions: [
        { ms: Date.parse('2026-03-02T07:00:00Z'), lat: 52.1, lon: 21.0, acc: 12 },
        { ms: Date.parse('2026-03-02T07:10:00Z'), lat: 52.2, lon: 21.1, acc: null },
      ],
      stepSeconds: 600,
    });
  });

  it('has no step when the track was not thinned', async () => {
    const { api } = createFakeApi({ 'GET /api/device/3/locations': () => ({ body: [] }) });
    expect(await fetchGeoTrack({ device: 3, ...range }, { api, signal: new AbortController().signal })).toEqual({
      device: 3,
      positions: [],
      stepSeconds: null,
    });
  });
});
