import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AlertDeliveries } from '@gearwatch/contracts';
import { activeAlert } from '../test/fixtures.ts';
import { listReply, renderAlerts } from '../test/render-alerts.tsx';

const deliveries: AlertDeliveries = {
  entries: [
    {
      user: { id: 7, name: 'Anna Kowalska' },
      occurrence: 1,
      notifiedAt: '2026-03-02T09:06:00.000Z',
      app: { notificationId: 3, readAt: '2026-03-02T09:30:00.000Z' },
      mail: { state: 'sent', digest: false, sentAt: '2026-03-02T09:06:30.000Z', attempts: 1, lastError: null },
    },
    {
      user: { id: 8, name: 'Bob Brown' },
      occurrence: 1,
      notifiedAt: '2026-03-02T09:06:00.000Z',
      app: { notificationId: 4, readAt: null },
      mail: { state: 'failed', digest: false, sentAt: null, attempts: 8, lastError: '550 mailbox unavailable' },
    },
    {
      user: { id: 9, name: 'Carol Clark' },
      occurrence: 1,
      notifiedAt: '2026-03-02T09:06:00.000Z',
      app: null,
      mail: { state: 'pending', digest: true, sentAt: null, attempts: 0, lastError: null },
    },
  ],
};

describe('an alert opened from a link, with its deliveries', { timeout: 20_000 }, () => {
  it('shows the alert over the list and who was told of it, in the app and by mail', async () => {
    const { user, router } = await renderAlerts(`/alerts/list?alert=${activeAlert.id}`, {
      'GET /api/alerts': () => listReply([activeAlert]),
      'GET /api/alertrules': () => listReply([]),
      [`GET /api/alerts/${activeAlert.id}`]: () => ({ body: activeAlert }),
      [`GET /api/alerts/${activeAlert.id}/deliveries`]: () => ({ body: deliveries }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Low battery · Forklift A')).toBeTruthy();
    const rows = await within(dialog).findAllByTestId('alert-delivery');
    const texts = rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(texts[0]?.[0]).toBe('Anna Kowalska');
    expect(texts[0]?.[2]).toMatch(/^Read /);
    expect(texts[0]?.[3]).toMatch(/^Sent /);
    expect(texts[1]?.slice(2)).toEqual(['Not read', 'Failed: 550 mailbox unavailable']);
    expect(texts[2]?.slice(2)).toEqual(['Off', 'Waiting to be sent (in a digest)']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens from a row of the list', async () => {
    const { user, router } = await renderAlerts('/alerts/list', {
      'GET /api/alerts': () => listReply([activeAlert]),
      'GET /api/alertrules': () => listReply([]),
      [`GET /api/alerts/${activeAlert.id}`]: () => ({ body: activeAlert }),
      [`GET /api/alerts/${activeAlert.id}/deliveries`]: () => ({ body: { entries: [] } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Details and deliveries' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?alert=${activeAlert.id}`));
    expect(await screen.findByText(/Nobody was notified of this alert/)).toBeTruthy();
  });

  it('says so when the alert is not one the user sees', async () => {
    await renderAlerts('/alerts/list?alert=999', {
      'GET /api/alerts': () => listReply([activeAlert]),
      'GET /api/alertrules': () => listReply([]),
    });
    expect(await screen.findByText('This alert does not exist or you cannot see it.')).toBeTruthy();
  });
});
