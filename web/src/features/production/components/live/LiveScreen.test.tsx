import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTION_LINE_STATUSES, PRODUCTION_LIVE } from '@gearwatch/contracts';
import type { ProductionLineStatus } from '@gearwatch/contracts';
import { renderWithApp } from '../../../../components/forms/test/render.tsx';
import { lineState, liveState } from '../../test/fixtures.ts';
import { createLiveFake } from '../../test/live-fake.ts';
import { STATUS_COLOURS } from './live-theme.ts';
import { LiveScreen } from './LiveScreen.tsx';

const TOKEN = 'b'.repeat(43);

const STATUS_WORDS: Record<ProductionLineStatus, string> = {
  'on-pace': 'On pace',
  behind: 'Behind',
  'far-behind': 'Far behind',
  stopped: 'Stopped',
  'no-data': 'No data',
};

/** A computed CSS colour as lower-case hex (happy-dom answers hex, browsers rgb()). */
function hexOf(colour: string): string {
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(colour);
  if (!rgb) return colour.toLowerCase();
  return `#${rgb
    .slice(1, 4)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}

async function renderLive(source: Parameters<typeof LiveScreen>[0]['source'], answers: Parameters<typeof createLiveFake>[0]) {
  const fake = createLiveFake(answers);
  const view = await renderWithApp(<LiveScreen source={source} />, { api: fake.api });
  return { ...view, ...fake };
}

describe('the live screen', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(PRODUCTION_LINE_STATUSES)('shows a %s line in its colour and in words', async (status) => {
    const state = liveState({
      lines: [lineState({ status, value: status === 'no-data' ? null : 412, projection: status === 'no-data' ? null : 824 }), lineState({ label: 'Line B' })],
    });
    await renderLive({ kind: 'view', id: 5 }, { '/api/productionviews/5/state': () => ({ body: state }) });
    const line = await screen.findByTestId('live-line-0');
    expect(line.getAttribute('data-status')).toBe(status);
    const badge = within(line).getByTestId('line-status');
    expect(badge.textContent).toBe(STATUS_WORDS[status]);
    expect(hexOf(getComputedStyle(badge).backgroundColor)).toBe(STATUS_COLOURS[status].toLowerCase());
    if (status === 'no-data') {
      // Missing data is grey and says so; never the red of a line far behind.
      expect(STATUS_COLOURS['no-data']).not.toBe(STATUS_COLOURS['far-behind']);
      expect(within(line).getByTestId('line-value').textContent).toBe('—/ 800 pcs');
      expect(within(line).getByTestId('line-projection').textContent).toBe('No projection yet');
    }
  });

  it('shows the value against the goal, the pace, the projection to the period end and OEE of a counter line', async () => {
    await renderLive({ kind: 'view', id: 5 }, { '/api/productionviews/5/state': () => ({ body: liveState() }) });
    const board = await screen.findByTestId('live-board');
    expect(board.getAttribute('data-layout')).toBe('columns');
    expect(within(board).getByRole('heading', { level: 1 }).textContent).toBe('Hall 1 presses');
    expect(within(board).getByRole('img', { name: 'Logo' })).toBeTruthy();
    expect(within(board).getByTestId('live-period').textContent).toBe('Period 06:00–14:00');
    const first = within(board).getByTestId('live-line-0');
    expect(within(first).getByRole('heading', { name: 'Line A' })).toBeTruthy();
    expect(within(first).getByText('Press A · Parts made')).toBeTruthy();
    expect(within(first).getByTestId('line-value').textContent).toBe('412/ 800 pcs');
    expect(within(first).getByText('Pace now: 400 pcs')).toBeTruthy();
    expect(within(first).getByTestId('line-projection').textContent).toBe('→ 824 pcs by 14:00');
    // The pace marker stands at half the bar: 400 of 800.
    expect(getComputedStyle(within(first).getByTestId('pace-marker')).left).toContain('50%');
    const oee = within(first).getByTestId('line-oee');
    expect(within(oee).getByText('90%')).toBeTruthy();
    expect(within(oee).getByText('86%')).toBeTruthy();
    // A work line: minutes, the fixed parameter's name translated, no OEE.
    const second = within(board).getByTestId('live-line-1');
    expect(within(second).getByText('Press B · Device work')).toBeTruthy();
    expect(within(second).getByTestId('line-value').textContent).toBe('120/ 420 min');
    expect(within(second).queryByTestId('line-oee')).toBeNull();
  });

  it('puts the lines one above the other for the rows layout', async () => {
    await renderLive({ kind: 'view', id: 5 }, { '/api/productionviews/5/state': () => ({ body: liveState({ view_type: 'rows' }) }) });
    expect((await screen.findByTestId('live-board')).getAttribute('data-layout')).toBe('rows');
  });

  it('stacks the two lines of a side-by-side view on a phone, each keeping its layout', async () => {
    const desktopWidth = window.innerWidth;
    window.innerWidth = 390;
    try {
      await renderLive({ kind: 'view', id: 5 }, { '/api/productionviews/5/state': () => ({ body: liveState({ view_type: 'columns' }) }) });
      const board = await screen.findByTestId('live-board');
      const main = board.querySelector('main')!;
      expect(main.getAttribute('data-stacked')).toBe('true');
      expect(getComputedStyle(main).gridTemplateColumns).toBe('minmax(0, 1fr)');
      expect(getComputedStyle(main).gridTemplateRows).toBe('repeat(2, minmax(0, 1fr))');
    } finally {
      window.innerWidth = desktopWidth;
    }
  });

  it('replaces the state with each production-view event of the view stream', async () => {
    const fake = await renderLive({ kind: 'view', id: 5 }, { '/api/productionviews/5/state': () => ({ body: liveState() }) });
    await screen.findByTestId('live-board');
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    expect(fake.streams[0]?.path).toBe('/api/events?productionView=5');
    act(() =>
      fake.streams[0]?.send(
        'production-view',
        liveState({ lines: [lineState({ value: 530, status: 'behind' }), lineState({ label: 'Line B', status: 'stopped' })] }),
      ),
    );
    await waitFor(() => expect(within(screen.getByTestId('live-line-0')).getByTestId('line-value').textContent).toBe('530/ 800 pcs'));
    expect(within(screen.getByTestId('live-line-0')).getByTestId('line-status').textContent).toBe('Behind');
    expect(within(screen.getByTestId('live-line-1')).getByTestId('line-status').textContent).toBe('Stopped');
    // Another kind of event, or one that is not a state, changes nothing.
    act(() => fake.streams[0]?.send('alert', { alertId: 1 }));
    act(() => fake.streams[0]?.send('production-view', { viewId: 5 }));
    expect(within(screen.getByTestId('live-line-0')).getByTestId('line-value').textContent).toBe('530/ 800 pcs');
  });

  it('keeps its logo when an event leaves the unchanged logo out, and follows a changed one', async () => {
    const fake = await renderLive({ kind: 'view', id: 5 }, { '/api/productionviews/5/state': () => ({ body: liveState() }) });
    await screen.findByTestId('live-board');
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    const logo = () => screen.queryByRole('img', { name: 'Logo' });
    const shown = logo()?.getAttribute('src');
    expect(shown).toMatch(/^data:image\/png;base64,/);
    const { logo: _left, ...withoutLogo } = liveState({ lines: [lineState({ value: 531 }), lineState({ label: 'Line B' })] });
    act(() => fake.streams[0]?.send('production-view', withoutLogo));
    await waitFor(() => expect(within(screen.getByTestId('live-line-0')).getByTestId('line-value').textContent).toBe('531/ 800 pcs'));
    expect(logo()?.getAttribute('src')).toBe(shown);
    act(() => fake.streams[0]?.send('production-view', liveState({ logo: null })));
    await waitFor(() => expect(logo()).toBeNull());
  });

  it('turns "updated N s ago" amber, then red, while no state arrives, and fresh again with the next one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = await renderLive({ kind: 'view', id: 5 }, { '/api/productionviews/5/state': () => ({ body: liveState() }) });
    const updated = await screen.findByTestId('live-updated');
    expect(updated.getAttribute('data-staleness')).toBe('fresh');
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync((PRODUCTION_LIVE.staleAmberSeconds + 1) * 1000);
    });
    expect(screen.getByTestId('live-updated').getAttribute('data-staleness')).toBe('amber');
    expect(screen.getByTestId('live-updated').textContent).toMatch(/^Updated 3\d s ago$/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync((PRODUCTION_LIVE.staleRedSeconds - PRODUCTION_LIVE.staleAmberSeconds) * 1000);
    });
    expect(screen.getByTestId('live-updated').getAttribute('data-staleness')).toBe('red');
    // The old numbers are dimmed.
    expect(screen.getByRole('main').getAttribute('data-stale')).toBe('true');
    act(() => fake.streams[0]?.send('production-view', liveState()));
    await waitFor(() => expect(screen.getByTestId('live-updated').getAttribute('data-staleness')).toBe('fresh'));
  });

  it('says the connection is lost while the stream is down, and reads the state again when it is back', async () => {
    const fake = await renderLive({ kind: 'view', id: 5 }, { '/api/productionviews/5/state': () => ({ body: liveState() }) });
    await screen.findByTestId('live-board');
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    expect(screen.queryByTestId('connection-lost')).toBeNull();
    fake.holdStreams();
    act(() => fake.streams[0]?.drop());
    expect((await screen.findByTestId('connection-lost')).textContent).toBe('Connection lost — reconnecting');
    // The numbers stay on screen meanwhile.
    expect(within(screen.getByTestId('live-line-0')).getByTestId('line-value').textContent).toBe('412/ 800 pcs');
    const reads = () => fake.requests.filter((path) => path === '/api/productionviews/5/state').length;
    const before = reads();
    fake.releaseStreams();
    await waitFor(() => expect(screen.queryByTestId('connection-lost')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('opens a display link without a sign-in on its own stream', async () => {
    const fake = await renderLive({ kind: 'display', token: TOKEN }, { [`/api/display/${TOKEN}`]: () => ({ body: liveState({ view_type: 'rows' }) }) });
    expect(await screen.findByTestId('live-board')).toBeTruthy();
    await waitFor(() => expect(fake.streams[0]?.path).toBe(`/api/display/${TOKEN}/events`));
    // No way back into the application from a TV.
    expect(screen.queryByRole('button', { name: 'Back to the views' })).toBeNull();
  });

  it('says a display link that answers 404 is no longer valid', async () => {
    await renderLive({ kind: 'display', token: TOKEN }, {});
    expect(await screen.findByText('This display link is no longer valid')).toBeTruthy();
    expect(screen.queryByTestId('live-board')).toBeNull();
  });

  it('shows no old numbers once a link is revoked while its screen is open', async () => {
    let revoked = false;
    const fake = await renderLive(
      { kind: 'display', token: TOKEN },
      {
        [`/api/display/${TOKEN}`]: () =>
          revoked ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'error.not-found' } } : { body: liveState() },
      },
    );
    await screen.findByTestId('live-board');
    await waitFor(() => expect(fake.streams).toHaveLength(1));
    revoked = true;
    act(() => fake.streams[0]?.drop());
    expect(await screen.findByText('This display link is no longer valid')).toBeTruthy();
    expect(screen.queryByTestId('live-board')).toBeNull();
  });
});
