import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../api/ApiProvider.tsx';
import { ApiClient } from '../../api/client.ts';
import { createTokenStore } from '../../api/tokens.ts';
import { useSignOut } from './useSignOut.ts';

describe('useSignOut', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves no page to return to for the next sign-in, then loads the sign-in page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: new URL('/login', window.location.href).href, assign });
    // What RequireAuth leaves when it sees the session end before the sign-out has loaded the sign-in page.
    window.history.replaceState({ usr: { from: '/manage/devices' }, key: 'x', idx: 3 }, '', '/login');
    const api = new ApiClient({
      tokens: createTokenStore(window.localStorage),
      fetch: () => Promise.resolve(new Response(null, { status: 200 })),
      credentials: () => ({ clientId: 'web', clientSecret: 'web' }),
      onSessionExpired: () => undefined,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider client={api}>{children}</ApiProvider>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await result.current();
    expect(window.history.state).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
