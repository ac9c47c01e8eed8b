import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';
import { ApiClient } from '../api/client.ts';
import { earlyResponsesOfPage } from '../api/early-responses.ts';
import type { ClientCredentials } from '../api/client.ts';
import { ApiError, SessionExpiredError } from '../api/errors.ts';
import { createTokenStore } from '../api/tokens.ts';
import { LOGIN_PATH } from './guards.tsx';

export interface AppServices {
  api: ApiClient;
  queryClient: QueryClient;
  /** The web client's id and secret come with the start-up configuration. */
  setCredentials: (credentials: ClientCredentials) => void;
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Answers the server meant (4xx) and an ended session are final; only transient failures are retried.
  if (error instanceof SessionExpiredError) return false;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createAppServices(): AppServices {
  let credentials: ClientCredentials = { ...DEFAULT_WEB_CLIENT };
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  const api = new ApiClient({
    tokens: createTokenStore(),
    credentials: () => credentials,
    early: earlyResponsesOfPage(),
    // Spec 01 §4: when refreshing fails the user goes to login and the page reloads.
    onSessionExpired: () => {
      queryClient.clear();
      window.location.assign(LOGIN_PATH);
    },
  });
  return {
    api,
    queryClient,
    setCredentials: (next) => {
      credentials = next;
    },
  };
}
