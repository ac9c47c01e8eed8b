import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../components/forms/test/fake-api.ts';
import type { FakeReply } from '../../../components/forms/test/fake-api.ts';
import { renderWithFakeApi } from '../../../components/forms/test/render.tsx';
import { ALARM_TOTAL_REFRESH_MS } from '../api/alarms.ts';
import { AlarmTotalBadge } from './AlarmTotalBadge.tsx';

/** The badge's background as the browser computes it from `sx`. */
function background(element: HTMLElement): string {
  return getComputedStyle(element).backgroundColor;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AlarmTotalBadge', () => {
  it.each([
    // THEME_COLOURS: red A200, yellow 700, blue 500.
    ['error', '#ff5252'],
    ['warning', '#fbc02d'],
    ['info', '#2196f3'],
  ])('shows the count coloured by the highest importance (%s)', async (level, colour) => {
    await renderWithFakeApi(<AlarmTotalBadge />, { 'GET /api/alarms/total': () => ({ body: { count: 12, level } }) });
    const badge = await screen.findByTestId('alarm-total');
    expect(badge.textContent).toBe('12');
    expect(badge.getAttribute('aria-label')).toBe('Active alerts: 12');
    expect(background(badge)).toBe(colour);
  });

  it('is hidden at 0', async () => {
    const { callsTo } = await renderWithFakeApi(<AlarmTotalBadge />, { 'GET /api/alarms/total': () => ({ body: { count: 0, level: null } }) });
    await waitFor(() => expect(callsTo('GET', '/api/alarms/total')).toHaveLength(1));
    expect(screen.queryByTestId('alarm-total')).toBeNull();
  });

  it('asks again every 60 s, and never while an answer is still awaited', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 3;
    let held: ReturnType<typeof deferred<FakeReply>> | null = null;
    const { callsTo } = await renderWithFakeApi(<AlarmTotalBadge />, {
      'GET /api/alarms/total': () => (held ? held.promise : { body: { count: count++, level: 'warning' } }),
    });
    expect((await screen.findByTestId('alarm-total')).textContent).toBe('3');
    await act(() => vi.advanceTimersByTimeAsync(ALARM_TOTAL_REFRESH_MS));
    await waitFor(() => expect(screen.getByTestId('alarm-total').textContent).toBe('4'));
    expect(callsTo('GET', '/api/alarms/total')).toHaveLength(2);

    // The next answer is held back: further intervals pass without a second request in flight.
    held = deferred<FakeReply>();
    await act(() => vi.advanceTimersByTimeAsync(ALARM_TOTAL_REFRESH_MS));
    await waitFor(() => expect(callsTo('GET', '/api/alarms/total')).toHaveLength(3));
    await act(() => vi.advanceTimersByTimeAsync(3 * ALARM_TOTAL_REFRESH_MS));
    expect(callsTo('GET', '/api/alarms/total')).toHaveLength(3);
    const answer = held;
    held = null;
    answer.resolve({ body: { count: 9, level: 'error' } });
    await waitFor(() => expect(screen.getByTestId('alarm-total').textContent).toBe('9'));
  });
});
