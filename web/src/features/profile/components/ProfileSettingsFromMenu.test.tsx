import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@gearwatch/contracts';
import { demoUser, renderApp } from '../../../test/render-app.tsx';

const AVATAR = 'data:image/png;base64,iVBORw0KGgo=';

describe('profile settings from the profile menu', () => {
  it('opens the profile dialog; the header button shows the avatar', { timeout: 30_000 }, async () => {
    await renderApp('/dashboard', {
      signedIn: true,
      user: { ...demoUser, avatar: AVATAR },
      answers: {
        '/api/users/current/profile': {
          user: { firstname: demoUser.firstname, lastname: demoUser.lastname, email: demoUser.email, avatar: AVATAR },
          settings: DEFAULT_NOTIFICATION_SETTINGS,
          language: demoUser.language,
        },
      },
    });
    const button = await screen.findByRole('button', { name: demoUser.name });
    expect(button.querySelector('img')?.getAttribute('src')).toBe(AVATAR);
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Profile settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile settings' });
    expect(await within(dialog).findByDisplayValue(demoUser.lastname)).toBeTruthy();
    expect(within(dialog).getByRole('switch', { name: 'By e-mail' })).toBeTruthy();
  });
});
