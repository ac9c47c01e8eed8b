import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ApiClient } from './client.ts';

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside <ApiProvider>');
  return client;
}

/** Whether there is a session; re-renders when tokens appear or disappear (sign-in, sign-out, failed refresh). */
export function useIsSignedIn(): boolean {
  const { tokens } = useApi();
  return useSyncExternalStore(tokens.subscribe, () => tokens.get() !== null);
}
