import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import type { Notification } from '@gearwatch/contracts';
import { UNREAD_HEADER } from '@gearwatch/contracts';
import { renderPages } from '../../../components/forms/test/render.tsx';
import type { FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { NotificationBell } from './NotificationBell.tsx';

const alertNotification = (id: number, alertId: number, readAt: string | null, extra: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'alert',
  createdAt: '2026-03-02T09:06:00.000Z',
  readAt,
  importance: 'error',
  alert: {
    id: alertId,
    startedAt: '2026-03-02T09:05:00.000Z',
    device: { id: 1, name: 'Forklift A' },
    rule: { id: 5, name: 'Low battery', type: 'value' },
    occurrence: 1,
    bundled: 0,
  },
  announcement: null,
  task: null,
  ...extra,
});

const announcement: Notification = {
  id: 9,
  kind: 'announcement',
  createdAt: '2026-03-03T08:00:00.000Z',
  readAt: null,
  importance: null,
  alert: null,
  announcement: { id: 2, title: 'Planned maintenance', body: 'Sunday 22:00–23:00' },
  task: null,
};

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderBell(api: Record<string, FakeHandler>) {
  const routes = ['/', '/alerts/list'].map((path) => ({
    path,
    element: (
      <>
        <NotificationBell />
        <Where />
      </>
    ),
  }));
  return renderPages(routes, '/', api);
}

describe('NotificationBell', { timeout: 20_000 }, () => {
  it('shows the unread count, opens the centre newest first with the unread marked, and opens an alert', async () => {
    let unread = 2;
    const entries = [
      announcement,
      alertNotification(8, 41, null, { kind: 'reminder', alert: { ...alertNotification(8, 41, null).alert!, occurrence: 3 } }),
      alertNotification(7, 40, '2026-03-02T10:00:00.000Z', { alert: { ...alertNotification(7, 40, null).alert!, bundled: 4 } }),
    ];
    const { user, callsTo } = await renderBell({
      'GET /api/notifications/unread': () => ({ body: { count: unread } }),
      'GET /api/notifications': () => ({ body: { entries }, headers: { [UNREAD_HEADER]: String(unread) } }),
      'PATCH /api/notifications/8/read': () => {
        unread = 1;
        return { body: { marked: 1, unread } };
      },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    expect(within(screen.getByTestId('notification-badge')).getByText('2')).toBeTruthy();
    await user.click(bell);
    const centre = await screen.findByTestId('notification-centre');
    const items = await within(centre).findAllByTestId('notification');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Planned maintenance'),
      expect.stringContaining('Reminder: Low battery on Forklift A'),
      expect.stringContaining('Low battery on Forklift A'),
    ]);
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(items[2]?.textContent).toContain('and 4 earlier alerts of delayed data');
    expect(callsTo('GET', '/api/notifications')[0]?.query.get('sort')).toBe('-createdAt,-id');

    await user.click(within(items[1]!).getByText('Reminder: Low battery on Forklift A'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/alerts/list?alert=41'));
    expect(callsTo('PATCH', '/api/notifications/8/read')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('notification-centre')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications: 1 unread' })).toBeTruthy());
  });

  it('marks one read with its button and all read at once', async () => {
    const { user, callsTo } = await renderBell({
      'GET /api/notifications/unread': () => ({ body: { count: 2 } }),
      'GET /api/notifications': () => ({ body: { entries: [announcement, alertNotification(8, 41, null)] }, headers: { [UNREAD_HEADER]: '2' } }),
      'PATCH /api/notifications/9/read': () => ({ body: { marked: 1, unread: 1 } }),
      'PATCH /api/notifications/read': () => ({ body: { marked: 1, unread: 0 } }),
    });
    await user.click(await screen.findByTestId('notification-bell'));
    const centre = await screen.findByTestId('notification-centre');
    const [first] = await within(centre).findAllByTestId('notification');
    await user.click(within(first!).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/notifications/9/read')).toHaveLength(1));
    // An announcement opens nothing: the centre stays.
    expect(screen.getByTestId('where').textContent).toBe('/');
    await user.click(within(centre).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/notifications/read')).toHaveLength(1));
  });

  it('unfolds an announcement to its whole text on a click, marks it read, and folds it again', async () => {
    const long = { ...announcement, announcement: { id: 2, title: 'Planned maintenance', body: 'Line one\nLine two\nLine three\nLine four: the whole text' } };
    const { user, callsTo } = await renderBell({
      'GET /api/notifications/unread': () => ({ body: { count: 1 } }),
      'GET /api/notifications': () => ({ body: { entries: [long] }, headers: { [UNREAD_HEADER]: '1' } }),
      'PATCH /api/notifications/9/read': () => ({ body: { marked: 1, unread: 0 } }),
    });
    await user.click(await screen.findByTestId('notification-bell'));
    const centre = await screen.findByTestId('notification-centre');
    const item = within(centre).getByRole('button', { name: /Planned maintenance/ });
    expect(item.getAttribute('aria-expanded')).toBe('false');
    const text = within(item).getByText(/Line four: the whole text/);
    // Folded, the list cuts it to three lines; unfolded, nothing is cut.
    expect(getComputedStyle(text).overflow).toBe('hidden');
    await user.click(item);
    expect(item.getAttribute('aria-expanded')).toBe('true');
    expect(getComputedStyle(within(item).getByText(/Line four/)).overflow).not.toBe('hidden');
    await waitFor(() => expect(callsTo('PATCH', '/api/notifications/9/read')).toHaveLength(1));
    // It stays in the open centre, where it was.
    expect(screen.getByTestId('where').textContent).toBe('/');
    await user.click(item);
    expect(item.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so when there is nothing', async () => {
    const { user } = await renderBell({
      'GET /api/notifications/unread': () => ({ body: { count: 0 } }),
      'GET /api/notifications': () => ({ status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
