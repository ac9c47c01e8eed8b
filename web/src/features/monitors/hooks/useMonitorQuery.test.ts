import { describe, expect, it } from 'vitest';
import type { Query } from '@tanstack/react-query';
import { MONITOR_REFRESH_SECONDS } from '@gearwatch/contracts';
import { monitorRefetchInterval } from './useMonitorQuery.ts';

const withFetchStatus = (fetchStatus: 'idle' | 'fetching' | 'paused') => ({ state: { fetchStatus } }) as Pick<Query, 'state'>;

describe('monitorRefetchInterval', () => {
  it('refreshes every 300 seconds while idle', () => {
    expect(MONITOR_REFRESH_SECONDS).toBe(300);
    expect(monitorRefetchInterval(withFetchStatus('idle'))).toBe(300_000);
  });

  it('pauses the refresh while a fetch runs or waits for the network', () => {
    expect(monitorRefetchInterval(withFetchStatus('fetching'))).toBe(false);
    expect(monitorRefetchInterval(withFetchStatus('paused'))).toBe(false);
  });
});
