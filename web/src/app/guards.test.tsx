import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { demoUser, renderApp } from '../test/render-app.tsx';

describe('route guards', () => {
  it('sends a protected route to login without a session', async () => {
    const { router } = await renderApp('/manage/devices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/manage/devices' });
  });

  it('sends unknown paths to login', async () => {
    const { router } = await renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('keeps the public pages open without a session', async () => {
    const { router } = await renderApp('/terms_en');
    expect(await screen.findByRole('heading', { name: 'Terms of service' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/terms_en');
  });

  it('sends a signed-in user from login to the dashboard inside the main shell', async () => {
    const { router, requests } = await renderApp('/login', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    // The start-up data areas were loaded before the shell showed.
    expect(requests).toEqual(expect.arrayContaining(['/api/users/current', '/api/users/current/settings', '/api/devices']));
  });

  it('opens password links for a signed-in user too, and ends that session once the password is changed', { timeout: 30_000 }, async () => {
    const link = await renderApp('/reset', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeTruthy();
    expect(link.router.state.location.pathname).toBe('/reset');
    link.unmount();

    const { router, tokens } = await renderApp('/resetting?token=abc', { signedIn: true, answers: { '/api/resetting/reset': {} } });
    const newPassword = await screen.findByLabelText(/^New password/);
    expect(router.state.location.pathname).toBe('/resetting');
    fireEvent.change(newPassword, { target: { value: 'a new long password 1' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: 'a new long password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. You can sign in now.')).toBeTruthy();
    expect(tokens.get()).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('redirects / to the dashboard', async () => {
    const { router } = await renderApp('/', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('returns to the page that asked for sign-in once the session starts', async () => {
    const { router, tokens } = await renderApp('/manage/device-groups');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    act(() => tokens.set({ accessToken: 'access', refreshToken: 'refresh' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/device-groups'));
  });

  it('goes back to login when the session ends while inside', async () => {
    const { router, tokens } = await renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    act(() => tokens.clear());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('keeps the administration area from company users and hides its menu group', async () => {
    const { router } = await renderApp('/administration/sensors', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).queryByText('Administration')).toBeNull();
  });

  it('opens the administration area and its menu group to super-admins', async () => {
    const admin = { ...demoUser, extras: { isSuperAdmin: true, impersonate: true } };
    const { router } = await renderApp('/administration/sensors', { signedIn: true, user: admin });
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(navigation).getByText('Administration')).toBeTruthy();
    expect(within(navigation).getByRole('link', { name: 'Sensors' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/administration/sensors');
  });
});
