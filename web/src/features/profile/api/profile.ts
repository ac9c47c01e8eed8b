import { passwordChangeResponseSchema, profileSchema } from '@gearwatch/contracts';
import type { PasswordChange, PasswordChangeResponse, Profile, ProfileUpdate } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';

/** The signed-in user's profile: names, e-mail, avatar and the notification preferences. */
export async function fetchProfile(api: ApiClient, signal?: AbortSignal): Promise<Profile> {
  return profileSchema.parse(await api.get('/api/users/current/profile', undefined, signal));
}

/** Saves the profile; a 400 carries the errors per field (firstname, lastname, avatar). */
export async function saveProfile(api: ApiClient, update: ProfileUpdate): Promise<Profile> {
  const { data } = await api.request('/api/users/current/profile', { method: 'PATCH', json: update });
  return profileSchema.parse(data);
}

/** Changes the password; this session's refresh token goes along, so only the user's other sessions end. */
export async function changePassword(api: ApiClient, change: Omit<PasswordChange, 'refreshToken'>): Promise<PasswordChangeResponse> {
  const refreshToken = api.tokens.get()?.refreshToken;
  const { data } = await api.request('/api/users/current/password', { method: 'PUT', json: { ...change, ...(refreshToken ? { refreshToken } : {}) } });
  return passwordChangeResponseSchema.parse(data);
}
