import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DiagnosticsInterval } from '@gearwatch/contracts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useAnsweredInterval } from './useAnsweredInterval.ts';

const REQUEST = { devices: '1', interval: '5min' as DiagnosticsInterval, from: '2026-01-01', to: '2026-03-01' };
const ANSWER = { interval: 'hour', data: [] };

function follow(answered: DiagnosticsInterval | undefined, offered: readonly DiagnosticsInterval[] = ['5min', 'hour', 'day']) {
  const queryClient = new QueryClient();
  const update = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  renderHook(() => useAnsweredInterval({ kind: 'device-parameter', request: REQUEST, answer: ANSWER, answered, offered, update }), { wrapper });
  return { update, kept: queryClient.getQueryData(queryKeys.monitorData('device-parameter', { ...REQUEST, interval: 'hour' })) };
}

describe('useAnsweredInterval', () => {
  it('saves the interval the server answered and keeps the answer under the request for it', () => {
    const { update, kept } = follow('hour');
    expect(update).toHaveBeenCalledExactlyOnceWith({ interval: 'hour' });
    expect(kept).toBe(ANSWER);
  });

  it('does nothing when the server answered the interval asked for, or has not answered', () => {
    expect(follow('5min').update).not.toHaveBeenCalled();
    expect(follow(undefined).update).not.toHaveBeenCalled();
  });

  it('neither saves nor keeps an answered interval the monitor does not offer', () => {
    const { update, kept } = follow('hour', ['5min', 'day']);
    expect(update).not.toHaveBeenCalled();
    expect(kept).toBeUndefined();
  });
});
