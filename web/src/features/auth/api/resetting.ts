import type { ApiClient } from '../../../api/client.ts';

/** Asks for a password-reset link by e-mail; the answer never tells whether the address has an account. */
export async function requestPasswordReset(client: ApiClient, email: string): Promise<void> {
  await client.request('/api/resetting/request', { method: 'POST', json: { email }, anonymous: true });
}

/** Sets a new password with the token from the e-mailed link. */
export async function resetPassword(client: ApiClient, token: string, password: string): Promise<void> {
  await client.request('/api/resetting/reset', { method: 'POST', json: { token, password }, anonymous: true });
}
