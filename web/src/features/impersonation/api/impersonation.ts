import { impersonableUserSchema, tokenResponseSchema } from '@gearwatch/contracts';
import type { ImpersonableUser } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import type { SessionTokens } from '../../../api/tokens.ts';

export type ImpersonationCandidate = ImpersonableUser;

// The impersonating user's own session is put aside while acting as someone else, so they can return to it.
const ORIGINAL_SESSION_KEY = 'gearwatch.impersonator';

export async function searchImpersonationCandidates(client: ApiClient, search: string, signal?: AbortSignal): Promise<ImpersonationCandidate[]> {
  const page = await client.list<unknown>('/api/impersonate/users', { search, page_size: 20 }, signal);
  return page.entries.map((entry) => impersonableUserSchema.parse(entry));
}

/** Obtains a session as another user, keeps the current one aside and switches to the new one. */
export async function startImpersonation(client: ApiClient, userId: number, clientId: string): Promise<void> {
  const original = client.tokens.get();
  const tokens = tokenResponseSchema.parse(await client.get(`/api/impersonate/${userId}`, { client_id: clientId }));
  if (original) window.localStorage.setItem(ORIGINAL_SESSION_KEY, JSON.stringify(original));
  client.adopt(tokens);
}

/** Ends the impersonated session and returns to the user's own one; false when there is none to return to. */
export async function stopImpersonation(client: ApiClient): Promise<boolean> {
  const saved = window.localStorage.getItem(ORIGINAL_SESSION_KEY);
  window.localStorage.removeItem(ORIGINAL_SESSION_KEY);
  await client.signOut();
  if (!saved) return false;
  const original = JSON.parse(saved) as SessionTokens;
  client.tokens.set(original);
  return true;
}

/** Signing out entirely also forgets any session put aside. */
export function forgetOriginalSession(): void {
  window.localStorage.removeItem(ORIGINAL_SESSION_KEY);
}
