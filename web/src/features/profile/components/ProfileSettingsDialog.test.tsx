import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS, PROFILE_LIMITS } from '@gearwatch/contracts';
import type { CurrentUser, Profile } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { renderWithFakeApi, testManager } from '../../../components/forms/test/render.tsx';
import type { FakeCall, FakeHandler } from '../../../components/forms/test/fake-api.ts';
import { ProfileSettingsDialog } from './ProfileSettingsDialog.tsx';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]);
const PNG_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;

const PROFILE: Profile = {
  user: { firstname: 'Anna', lastname: 'Kowalska', email: 'anna@example.com', avatar: null },
  settings: DEFAULT_NOTIFICATION_SETTINGS,
  language: 'en',
};

/** The current user's name and avatar as the header shows them, to see them change after a save. */
function HeaderProbe() {
  const user = useCurrentUser();
  return (
    <div data-testid="header-probe">
      {user.name}|{user.avatar ?? 'none'}
    </div>
  );
}

async function open(routes: Record<string, FakeHandler> = {}, { impersonated = false, profile = PROFILE } = {}) {
  let current: CurrentUser = testManager;
  const onClose = vi.fn();
  const view = await renderWithFakeApi(
    <>
      <HeaderProbe />
      <ProfileSettingsDialog open impersonated={impersonated} onClose={onClose} />
    </>,
    {
      'GET /api/users/current/profile': () => ({ body: profile }),
      'GET /api/users/current': () => ({ body: current }),
      'PATCH /api/users/current/profile': (call: FakeCall) => {
        const body = call.json as {
          user: { firstname: string; lastname: string };
          settings: Profile['settings'];
          avatar: string | null;
          language: Profile['language'];
        };
        current = {
          ...current,
          firstname: body.user.firstname,
          lastname: body.user.lastname,
          name: `${body.user.firstname} ${body.user.lastname}`,
          avatar: body.avatar,
        };
        return { body: { user: { ...body.user, email: profile.user.email, avatar: body.avatar }, settings: body.settings, language: body.language } };
      },
      ...routes,
    },
  );
  view.queryClient.setQueryData(queryKeys.currentUser, testManager);
  const dialog = await screen.findByRole('dialog', { name: 'Profile settings' });
  await within(dialog).findByDisplayValue('Kowalska');
  return { ...view, dialog, onClose };
}

function pick(dialog: HTMLElement, bytes: Uint8Array<ArrayBuffer>, name: string, type: string) {
  const input = within(dialog).getByTestId('avatar-input') as HTMLInputElement;
  const file = new File([bytes], name, { type });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const switchOf = (dialog: HTMLElement, name: string) => within(dialog).getByRole('switch', { name }) as HTMLInputElement;

describe('the profile settings dialog', () => {
  it('shows the saved profile: names, e-mail, every notification switch', { timeout: 30_000 }, async () => {
    const { dialog } = await open();
    expect(within(dialog).getByDisplayValue('Anna')).toBeTruthy();
    expect((within(dialog).getByDisplayValue('anna@example.com') as HTMLInputElement).disabled).toBe(true);
    // The levels are named as the alerts name their importance: Critical, not Error.
    for (const name of ['By e-mail', 'In the app', 'Info', 'Warning', 'Critical', 'Announcements for everyone'])
      expect(switchOf(dialog, name).checked).toBe(true);
    expect(within(dialog).queryByRole('switch', { name: 'Error' })).toBeNull();
    expect(within(dialog).getByText('PNG or JPEG, at most 512 KB')).toBeTruthy();
  });

  it('disables the levels while both e-mail and app are off', { timeout: 30_000 }, async () => {
    const { dialog } = await open();
    fireEvent.click(switchOf(dialog, 'By e-mail'));
    expect(switchOf(dialog, 'Warning').disabled).toBe(false);
    fireEvent.click(switchOf(dialog, 'In the app'));
    for (const name of ['Info', 'Warning', 'Critical']) expect(switchOf(dialog, name).disabled).toBe(true);
    expect(switchOf(dialog, 'Announcements for everyone').disabled).toBe(false);
    expect(within(dialog).getByText('Turn on e-mail or in-app notifications to choose the levels')).toBeTruthy();
    fireEvent.click(switchOf(dialog, 'In the app'));
    expect(switchOf(dialog, 'Info').disabled).toBe(false);
  });

  it('saves names, preferences and a picked png; the current user is reloaded at once and the dialog closes', { timeout: 30_000 }, async () => {
    const { dialog, callsTo, onClose } = await open();
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: ' Joanna ' } });
    fireEvent.click(switchOf(dialog, 'Info'));
    pick(dialog, PNG, 'me.png', 'image/png');
    await waitFor(() => expect(within(dialog).getByTestId('avatar-preview').querySelector('img')?.getAttribute('src')).toBe(PNG_URL));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(callsTo('PATCH', '/api/users/current/profile')[0]?.json).toEqual({
      user: { firstname: 'Joanna', lastname: 'Kowalska' },
      settings: { ...DEFAULT_NOTIFICATION_SETTINGS, levelInfo: false },
      avatar: PNG_URL,
      language: 'en',
    });
    await waitFor(() => expect(screen.getByTestId('header-probe').textContent).toBe(`Joanna Kowalska|${PNG_URL}`));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('edits the stored language; once saved the interface speaks it', { timeout: 30_000 }, async () => {
    const { dialog, callsTo, i18n } = await open();
    const field = within(dialog).getByRole('combobox', { name: 'Language' });
    expect(field.textContent).toBe('English');
    fireEvent.mouseDown(field);
    fireEvent.click(await screen.findByRole('option', { name: 'Polski' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/users/current/profile')).toHaveLength(1));
    expect((callsTo('PATCH', '/api/users/current/profile')[0]?.json as { language: string }).language).toBe('pl');
    await waitFor(() => expect(i18n.language).toBe('pl'));
    expect(await screen.findByText('Profil zapisany')).toBeTruthy();
  });

  it('refuses a file that is no png or jpeg, whatever it is called, without asking the server', { timeout: 30_000 }, async () => {
    const { dialog, callsTo } = await open();
    pick(dialog, GIF, 'cat.gif', 'image/gif');
    expect(await within(dialog).findByText('Unsupported file type')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    // A gif renamed to .png is still a gif.
    pick(dialog, GIF, 'cat.png', 'image/png');
    expect(await within(dialog).findByText('Unsupported file type')).toBeTruthy();
    pick(dialog, new Uint8Array(PROFILE_LIMITS.avatarMaxBytes + 1), 'huge.png', 'image/png');
    expect(await within(dialog).findByText('The file is too large')).toBeTruthy();
    // A good image clears the error.
    pick(dialog, PNG, 'me.png', 'image/png');
    await waitFor(() => expect(within(dialog).queryByText('The file is too large')).toBeNull());
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
    expect(callsTo('PATCH', '/api/users/current/profile')).toEqual([]);
  });

  it('removes the avatar', { timeout: 30_000 }, async () => {
    const { dialog, callsTo } = await open({}, { profile: { ...PROFILE, user: { ...PROFILE.user, avatar: PNG_URL } } });
    expect(within(dialog).getByTestId('avatar-preview').querySelector('img')?.getAttribute('src')).toBe(PNG_URL);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByTestId('avatar-preview').querySelector('img')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/users/current/profile')).toHaveLength(1));
    expect((callsTo('PATCH', '/api/users/current/profile')[0]?.json as { avatar: unknown }).avatar).toBeNull();
  });

  it("shows the server's errors on their fields and stays open", { timeout: 30_000 }, async () => {
    const { dialog, onClose } = await open({
      'PATCH /api/users/current/profile': () => ({
        status: 400,
        body: { errors: { firstname: ['form.field.error.not-blank'], avatar: ['form.field.error.unsupported-file-type'] }, rootErrors: [] },
      }),
    });
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value should not be blank')).toBeTruthy();
    expect(within(dialog).getByText('Unsupported file type')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Typing clears that field's error.
    fireEvent.change(within(dialog).getByLabelText('First name'), { target: { value: 'A' } });
    expect(within(dialog).queryByText('This value should not be blank')).toBeNull();
  });
});

describe('the password section', () => {
  const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

  it('checks the repeat and the length before asking the server', { timeout: 30_000 }, async () => {
    const { dialog, callsTo } = await open();
    type(dialog, 'Current password', 'old secret');
    type(dialog, 'New password', 'short');
    type(dialog, 'Repeat the new password', 'other');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByText('This value is too short')).toBeTruthy();
    expect(within(dialog).getByText('The passwords do not match')).toBeTruthy();
    expect(callsTo('PUT', '/api/users/current/password')).toEqual([]);
  });

  it('shows a wrong current password on its field', { timeout: 30_000 }, async () => {
    const { dialog } = await open({
      'PUT /api/users/current/password': () => ({ status: 400, body: { errors: { currentPassword: ['profile.password.wrong-current'] }, rootErrors: [] } }),
    });
    type(dialog, 'Current password', 'wrong one');
    type(dialog, 'New password', 'a long new one');
    type(dialog, 'Repeat the new password', 'a long new one');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('The current password is wrong')).toBeTruthy();
  });

  it("changes the password with this session's refresh token, and clears the fields", { timeout: 30_000 }, async () => {
    const { dialog, callsTo } = await open({ 'PUT /api/users/current/password': () => ({ body: { endedSessions: 2 } }) });
    type(dialog, 'Current password', 'old secret');
    type(dialog, 'New password', 'a long new one');
    type(dialog, 'Repeat the new password', 'a long new one');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other sessions were signed out.')).toBeTruthy();
    expect(callsTo('PUT', '/api/users/current/password')[0]?.json).toEqual({
      currentPassword: 'old secret',
      newPassword: 'a long new one',
      refreshToken: 'refresh',
    });
    expect((within(dialog).getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it('is not offered while acting as another user', { timeout: 30_000 }, async () => {
    const { dialog } = await open({}, { impersonated: true });
    expect(within(dialog).getByText('The password can only be changed by the user themselves, not while acting as them.')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
  });
});
