import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Announcement } from '@gearwatch/contracts';
import { listReply, renderAdminPage } from '../test/render-admin.tsx';
import { AnnouncementsPage } from './AnnouncementsPage.tsx';

const sent: Announcement = {
  id: 1,
  title: 'New version',
  body: 'Reports are faster.',
  createdAt: '2026-03-01T08:00:00.000Z',
  createdBy: { id: 2, name: 'Gearwatch Administrator' },
  appRecipients: 12,
  mailRecipients: 10,
};

describe('AnnouncementsPage', { timeout: 20_000 }, () => {
  it('lists the announcements and sends a new one to everyone', async () => {
    const listed = [sent];
    const { user, callsTo } = await renderAdminPage(<AnnouncementsPage />, {
      'GET /api/announcements': () => listReply(listed),
      'POST /api/announcements': (call) => {
        const input = call.json as { title: string; body: string };
        listed.unshift({ ...sent, id: 2, ...input, appRecipients: 13, mailRecipients: 11 });
        return { status: 201, body: { id: 2, appRecipients: 13, mailRecipients: 11 } };
      },
    });
    await screen.findByText('New version');
    expect(await screen.findByText('12 in the app, 10 by e-mail')).toBeTruthy();
    expect(await screen.findByText('Gearwatch Administrator')).toBeTruthy();
    // 08:00 UTC on the clock of the administrator's company (Warsaw), whatever the browser's zone.
    expect(screen.getByText('01/03/2026, 09:00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New announcement' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getAllByText('This value should not be blank')).toHaveLength(2);
    expect(callsTo('POST', '/api/announcements')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Planned maintenance');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Sunday 22:00');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo('POST', '/api/announcements')).toHaveLength(1));
    expect(callsTo('POST', '/api/announcements')[0]?.json).toEqual({ title: 'Planned maintenance', body: 'Sunday 22:00' });
    expect(await screen.findByText('Announcement sent: 13 users in the app, 11 by e-mail')).toBeTruthy();
    expect(await screen.findByText('Planned maintenance')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
