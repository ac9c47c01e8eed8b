import { describe, expect, it } from 'vitest';
import { workActivityFileQuery, workActivityRequest } from './work-activity-request.ts';

const RANGE = { from: '2026-03-02', to: '2026-03-08' };

describe('workActivityRequest', () => {
  it('asks for the chosen devices, or the chosen groups, at 5 minutes over the dates', () => {
    expect(workActivityRequest({ byGroups: false, devices: [2, 1], deviceGroups: [10] }, RANGE)).toEqual({
      type: 'device-work-device-chart',
      devices: [2, 1],
      interval: '5min',
      ...RANGE,
    });
    expect(workActivityRequest({ byGroups: true, devices: [2], deviceGroups: [10, 11] }, RANGE)).toEqual({
      type: 'device-work-device-chart',
      groups: [10, 11],
      interval: '5min',
      ...RANGE,
    });
  });
});

describe('workActivityFileQuery', () => {
  it('is the data call without the interval: the spreadsheet has its own', () => {
    const request = workActivityRequest({ byGroups: false, devices: [2, 1], deviceGroups: [] }, RANGE);
    expect(workActivityFileQuery(request)).toEqual({ type: 'device-work-device-chart', devices: [2, 1], ...RANGE });
  });
});
