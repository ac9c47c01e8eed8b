import { vi } from 'vitest';
import { ApiClient } from '../api/client.ts';
import { createEarlyResponses } from '../api/early-responses.ts';
import type { EarlyRequest } from '../api/early-responses.ts';
import { createTokenStore } from '../api/tokens.ts';

/** An API client over this fetch and the session in localStorage that adopts these early calls' answers. */
export function clientWithEarlyResponses(fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>, started: EarlyRequest[]): ApiClient {
  return new ApiClient({
    tokens: createTokenStore(window.localStorage),
    fetch: fetch as typeof window.fetch,
    credentials: () => ({ clientId: 'gearwatch-web', clientSecret: 'secret' }),
    onSessionExpired: vi.fn(),
    early: createEarlyResponses(started),
  });
}
