/**
 * Where the session's tokens live. localStorage keeps the session across reloads and tabs; the store notifies
 * subscribers so the guards re-render when a refresh fails in the middle of a page.
 */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

export interface TokenStore {
  get(): SessionTokens | null;
  set(tokens: SessionTokens): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

const ACCESS_KEY = 'gearwatch.accessToken';
const REFRESH_KEY = 'gearwatch.refreshToken';

export function createTokenStore(storage: Storage = window.localStorage): TokenStore {
  const listeners = new Set<() => void>();
  let cached: SessionTokens | null | undefined;
  const notify = () => {
    cached = undefined;
    for (const listener of listeners) listener();
  };
  // Another tab signing in or out changes this tab's session too.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === ACCESS_KEY || event.key === REFRESH_KEY || event.key === null) notify();
    });
  }
  return {
    get() {
      if (cached !== undefined) return cached;
      const accessToken = storage.getItem(ACCESS_KEY);
      const refreshToken = storage.getItem(REFRESH_KEY);
      cached = accessToken && refreshToken ? { accessToken, refreshToken } : null;
      return cached;
    },
    set(tokens) {
      storage.setItem(ACCESS_KEY, tokens.accessToken);
      storage.setItem(REFRESH_KEY, tokens.refreshToken);
      notify();
    },
    clear() {
      storage.removeItem(ACCESS_KEY);
      storage.removeItem(REFRESH_KEY);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
