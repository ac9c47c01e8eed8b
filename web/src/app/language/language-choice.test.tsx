import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@gearwatch/contracts';
import type { Language } from '@gearwatch/contracts';
import { markSignedIn, rememberPickedLanguage } from '../../i18n/locale.ts';
import { demoUser, renderApp } from '../../test/render-app.tsx';

/** The profile endpoint of a fake server that keeps the language it is sent, and the current user that reads it. */
function storedLanguageServer(initial: Language) {
  let stored = initial;
  const patches: unknown[] = [];
  return {
    patches,
    stored: () => stored,
    answers: {
      '/api/users/current': () => ({ ...demoUser, language: stored }),
      '/api/users/current/profile': (method: string, body?: { language?: Language }) => {
        if (method === 'PATCH') {
          patches.push(body);
          if (body?.language) stored = body.language;
        }
        return {
          user: { firstname: demoUser.firstname, lastname: demoUser.lastname, email: demoUser.email, avatar: null },
          settings: DEFAULT_NOTIFICATION_SETTINGS,
          language: stored,
        };
      },
    },
  };
}

describe("the user's language is one setting", { timeout: 60_000 }, () => {
  afterEach(() => window.sessionStorage.clear());

  it('on sign-in the interface takes the stored language', async () => {
    const server = storedLanguageServer('pl');
    markSignedIn();
    const { i18n } = await renderApp('/dashboard', { signedIn: true, answers: server.answers });
    // The header's profile button is labelled with the user's name in any language; the menu shows Polish texts.
    fireEvent.click(await screen.findByRole('button', { name: demoUser.name }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Ustawienia profilu' })).toBeTruthy();
    expect(i18n.language).toBe('pl');
    expect(server.patches).toEqual([]);
  });

  it('a reload is no sign-in: the interface stays as this browser has it', async () => {
    const server = storedLanguageServer('pl');
    const { i18n } = await renderApp('/dashboard', { signedIn: true, answers: server.answers });
    fireEvent.click(await screen.findByRole('button', { name: demoUser.name }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile settings' })).toBeTruthy();
    expect(i18n.language).toBe('en');
  });

  it("the header's flag stores the language it switches to", async () => {
    const server = storedLanguageServer('en');
    const { i18n, calls } = await renderApp('/dashboard', { signedIn: true, answers: server.answers });
    fireEvent.click(await screen.findByRole('button', { name: demoUser.name }));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('button', { name: 'Polski' }));
    await waitFor(() => expect(calls).toContain('PATCH /api/users/current/profile'));
    expect(server.stored()).toBe('pl');
    await waitFor(() => expect(i18n.language).toBe('pl'));
  });

  it('a flag picked on the sign-in page becomes the stored language once signed in', async () => {
    const server = storedLanguageServer('en');
    rememberPickedLanguage('pl');
    markSignedIn();
    const { i18n, calls } = await renderApp('/dashboard', { signedIn: true, answers: server.answers });
    await waitFor(() => expect(calls).toContain('PATCH /api/users/current/profile'));
    await waitFor(() => expect(i18n.language).toBe('pl'));
    expect(server.stored()).toBe('pl');
    expect(window.sessionStorage.length).toBe(0);
  });
});
