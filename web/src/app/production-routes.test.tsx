import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

const STATE = {
  viewId: 5,
  name: 'Hall 1 presses',
  view_type: 'columns',
  logo: null,
  timezone: 'Europe/Warsaw',
  periodStart: '2026-11-26T05:00:00.000Z',
  periodEnd: '2026-11-26T13:00:00.000Z',
  computedAt: '2026-11-26T10:00:00.000Z',
  lines: [],
};
const TOKEN = 'c'.repeat(43);

describe('the production routes', { timeout: 30_000 }, () => {
  it('open the production views list (menu: work)', async () => {
    await renderApp('/production', { signedIn: true, answers: { '/api/productionviews': { entries: [] } } });
    expect(await screen.findByText('No production views yet')).toBeTruthy();
    expect(screen.queryByText(/is being built and will appear here/)).toBeNull();
  });

  it('open a view’s live screen signed in, full screen outside the main shell', async () => {
    await renderApp('/production/5/live', { signedIn: true, answers: { '/api/productionviews/5/state': STATE } });
    expect(await screen.findByTestId('live-board')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).toBeNull();
  });

  it('send a live screen opened without a session to sign in', async () => {
    const { router } = await renderApp('/production/5/live');
    await screen.findByRole('button', { name: /sign in/i });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('open a display link without a sign-in', async () => {
    const { router, requests } = await renderApp(`/display/${TOKEN}`, { answers: { [`/api/display/${TOKEN}`]: STATE } });
    expect(await screen.findByTestId('live-board')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/display/${TOKEN}`);
    expect(requests).not.toContain('/api/users/current');
  });
});
