import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayLink } from '../../test/fixtures.ts';
import { renderProduction } from '../../test/render-production.tsx';

const TOKEN = 'a'.repeat(43);

async function openLinks(path = '/production', api: Parameters<typeof renderProduction>[1] = {}) {
  const view = await renderProduction(path, api);
  const table = await screen.findByTestId('entity-list-productionviews');
  await view.user.click(within(table).getByRole('button', { name: 'Display links' }));
  const dialog = await screen.findByRole('dialog', { name: 'Display links: Hall 1 presses' });
  return { ...view, dialog };
}

describe('the display links dialog', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('creates a link with a label and shows its full address once, with a copy button', async () => {
    const links = [displayLink({ lastUsedAt: '2026-11-25T10:30:00.000Z' })];
    const { user, dialog, callsTo } = await openLinks('/production', {
      'GET /api/productionviews/5/displaylinks': () => ({ body: { entries: links } }),
      'POST /api/productionviews/5/displaylinks': () => {
        const link = displayLink({ id: 4, label: 'Hall 2 TV', createdAt: '2026-11-26T10:00:00.000Z' });
        links.push(link);
        return { status: 201, body: { ...link, token: TOKEN, path: `/display/${TOKEN}` } };
      },
    });
    const table = await within(dialog).findByTestId('display-links');
    const row = within(table).getByText('Hall 1 TV').closest('tr') as HTMLElement;
    expect(within(row).getByText('Anna Kowalska')).toBeTruthy();
    expect(within(row).getByText('20/11/2026, 10:00')).toBeTruthy();
    expect(within(row).getByText('25/11/2026, 11:30')).toBeTruthy();

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.type(within(dialog).getByRole('textbox', { name: 'Label (optional)' }), 'Hall 2 TV');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const created = await within(dialog).findByTestId('created-link');
    expect(callsTo('POST', '/api/productionviews/5/displaylinks')[0]?.json).toEqual({ label: 'Hall 2 TV' });
    const address = `${window.location.origin}/display/${TOKEN}`;
    expect((within(created).getByRole('textbox', { name: 'Address to open on the TV' }) as HTMLInputElement).value).toBe(address);
    expect(within(created).getByText(/shown only once/)).toBeTruthy();
    await user.click(within(created).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await screen.findByText('The address has been copied')).toBeTruthy();
    // The list shows the new link, without its token.
    await waitFor(() => expect(within(within(dialog).getByTestId('display-links')).getByText('Hall 2 TV')).toBeTruthy());
    expect(within(within(dialog).getByTestId('display-links')).queryByText(new RegExp(TOKEN))).toBeNull();
  });

  it('sends no label when none is given, and forgets the address once the dialog closes', async () => {
    const { user, dialog, callsTo } = await openLinks('/production', {
      'POST /api/productionviews/5/displaylinks': () => ({ status: 201, body: { ...displayLink({ label: '' }), token: TOKEN, path: `/display/${TOKEN}` } }),
    });
    expect(await within(dialog).findByTestId('no-links')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByTestId('created-link')).toBeTruthy();
    expect(callsTo('POST', '/api/productionviews/5/displaylinks')[0]?.json).toEqual({});
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(screen.getByTestId('entity-list-productionviews')).getByRole('button', { name: 'Display links' }));
    const again = await screen.findByRole('dialog', { name: 'Display links: Hall 1 presses' });
    expect(within(again).queryByTestId('created-link')).toBeNull();
  });

  it('revokes a link after a second click', async () => {
    let revoked = false;
    const { user, dialog, callsTo } = await openLinks('/production', {
      'GET /api/productionviews/5/displaylinks': () => ({ body: { entries: revoked ? [] : [displayLink()] } }),
      'DELETE /api/productionviews/5/displaylinks/3': () => {
        revoked = true;
        return { status: 204 };
      },
    });
    const table = await within(dialog).findByTestId('display-links');
    await user.click(within(table).getByRole('button', { name: 'Revoke' }));
    expect(callsTo('DELETE', '/api/productionviews/5/displaylinks/3')).toHaveLength(0);
    await user.click(within(table).getByRole('button', { name: 'Revoke now' }));
    expect(await screen.findByText('The link has been revoked')).toBeTruthy();
    expect(callsTo('DELETE', '/api/productionviews/5/displaylinks/3')).toHaveLength(1);
    expect(await within(dialog).findByTestId('no-links')).toBeTruthy();
  });
});
