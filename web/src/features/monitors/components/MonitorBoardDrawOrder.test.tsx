import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultMonitorSettings } from '@gearwatch/contracts';
import type { BoardSetting, DevicesSummaryResponse } from '@gearwatch/contracts';
import { deferred } from '../test/fake-api.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../test/render-board.tsx';

const PATH = '/api/summaries/devices-summary';
const counts: DevicesSummaryResponse = { total: 7, online: 4, offline: 2, neverConnected: 1, working: 3, idle: 1, withAlerts: 2 };
const ROW_HEIGHT_PX = 400;

/** Five summary monitors; each asks for its own devices, so each has its own call. */
const board: BoardSetting = {
  monitors: [1, 2, 3, 4, 5].map((n) => ({
    id: `m${n}`,
    kind: 'devices-summary',
    settings: { ...defaultMonitorSettings('devices-summary'), devices: [n], edited: false },
  })),
};

/**
 * The board laid out one monitor a row, 400 px each, in a window 1000 px tall: m1 to m3 open in view; a monitor
 * added later (a generated id) goes far below.
 */
function layOutOneMonitorPerRow() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const id = this.closest('[data-monitor-id]')?.getAttribute('data-monitor-id') ?? 'm1';
    const order = /^m\d$/.test(id) ? Number(id.slice(1)) - 1 : 20;
    return DOMRect.fromRect({ x: 0, y: order * ROW_HEIGHT_PX, width: 600, height: ROW_HEIGHT_PX });
  });
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(1000);
}

const state = (id: string) => {
  const frame = document.querySelector(`[data-monitor-id="${id}"]`);
  if (!frame) return 'absent';
  if (frame.getAttribute('data-testid')?.endsWith('-pending')) return 'waiting';
  return frame.querySelector('[data-testid="devices-summary-total"]') ? 'drawn' : 'loading';
};

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);
afterEach(() => vi.restoreAllMocks());

describe('MonitorBoard draw order', { timeout: 20_000 }, () => {
  it('draws the monitors in view first, and those below the fold in board order once none of those loads', async () => {
    layOutOneMonitorPerRow();
    const answers = deferred();
    const { callsTo } = await renderBoard('dashboard', {
      board,
      routes: {
        [`GET ${PATH}`]: async (call) => {
          // The monitors in view answer when the test says so; the others at once.
          if (Number(call.query.get('devices')) <= 3) await answers.promise;
          return { body: counts };
        },
      },
    });
    await waitFor(() => expect(callsTo('GET', PATH)).toHaveLength(3));
    expect(['m1', 'm2', 'm3', 'm4', 'm5'].map(state)).toEqual(['loading', 'loading', 'loading', 'waiting', 'waiting']);
    // Waiting monitors keep their place and title, marked busy.
    expect(screen.getAllByTestId('monitor-devices-summary-pending').map((frame) => frame.getAttribute('aria-busy'))).toEqual(['true', 'true']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(['m4', 'm5'].map(state)).toEqual(['waiting', 'waiting']);

    answers.resolve();
    await waitFor(() => expect(['m1', 'm2', 'm3', 'm4', 'm5'].map(state)).toEqual(['drawn', 'drawn', 'drawn', 'drawn', 'drawn']));
    expect(callsTo('GET', PATH).map((call) => call.query.get('devices'))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('draws a monitor the user adds at once, wherever it lands', async () => {
    layOutOneMonitorPerRow();
    const { user } = await renderBoard('dashboard', { board, routes: { [`GET ${PATH}`]: () => ({ body: counts }) } });
    await waitFor(() => expect(['m1', 'm2', 'm3', 'm4', 'm5'].map(state)).toEqual(['drawn', 'drawn', 'drawn', 'drawn', 'drawn']));
    await user.click(screen.getByTestId('monitor-add'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('monitor-tile-devices-summary'));
    // Checked as soon as it is on the board: it never waited for a turn.
    await waitFor(() => expect(document.querySelectorAll('section[data-monitor-id]')).toHaveLength(6));
    expect(screen.queryAllByTestId('monitor-devices-summary-pending')).toHaveLength(0);
    expect(screen.getAllByTestId('monitor-devices-summary')).toHaveLength(6);
  });
});
