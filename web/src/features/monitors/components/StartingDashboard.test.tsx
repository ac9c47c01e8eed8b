import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startingDashboard } from '@gearwatch/contracts';
import type { AppConfig, StartingModel } from '@gearwatch/contracts';
import { listReply } from '../test/fake-api.ts';
import { deviceGroups, devices, deviceTypes } from '../test/fixtures.ts';
import { BOARD_PREPARE_TIMEOUT_MS, prepareBoardTests, renderBoard } from '../test/render-board.tsx';

// Issue 32 item 18: a user of a company the demo did not seed opens the dashboard for the first time.
const fixtureModel: StartingModel = { deviceGroups, devices, deviceTypes, operatorGroups: [] };

/** The map of the starting geo monitor reads the tile address; the tests have no network. */
const config: AppConfig = {
  version: 'test',
  brand: 'default',
  languages: ['pl', 'en', 'lv', 'ru'],
  defaultLanguage: 'pl',
  webClientId: 'web',
  webClientSecret: 'web',
  mapTileUrl: '',
};

beforeAll(prepareBoardTests, BOARD_PREPARE_TIMEOUT_MS);

describe('the starting dashboard', { timeout: 20_000 }, () => {
  it("starts a dashboard never saved on monitors over the company's devices, and saves it", async () => {
    const { savedBoards } = await renderBoard('dashboard', { routes: { 'GET /api/config': () => ({ body: config }) } });
    await waitFor(() => expect(savedBoards()).toHaveLength(1));
    expect(savedBoards()[0]).toEqual(startingDashboard(fixtureModel));
    expect(await screen.findByTestId('monitor-work-activity')).toBeTruthy();
    expect(screen.getByTestId('monitor-geo')).toBeTruthy();
    expect(screen.queryByText('No monitors yet')).toBeNull();
  });

  it('keeps a dashboard the user emptied empty, and the diagnostics page is never started', async () => {
    const emptied = await renderBoard('dashboard', { board: { monitors: [] } });
    expect(await screen.findByText('No monitors yet')).toBeTruthy();
    expect(emptied.savedBoards()).toHaveLength(0);
    emptied.unmount();
    const diagnostics = await renderBoard('diagnostics');
    expect(await screen.findByText('No monitors yet')).toBeTruthy();
    expect(diagnostics.savedBoards()).toHaveLength(0);
  });

  it('says how to begin when the company has no devices yet', async () => {
    const { savedBoards } = await renderBoard('dashboard', { companyDevices: [], routes: { 'GET /api/devicegroups': () => listReply([]) } });
    expect(await screen.findByText(/no devices yet\. Add them under Manage → Devices/)).toBeTruthy();
    expect(screen.getByTestId('monitor-tiles')).toBeTruthy();
    expect(savedBoards()).toHaveLength(0);
  });
});
