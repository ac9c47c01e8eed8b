import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { LOGIN_PATH } from '../guards.tsx';

/** Logout (spec 01 §4): clear the session, go to login and reload, so nothing of the old session stays in memory. */
export function useSignOut(beforeSignOut?: () => void): () => Promise<void> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    beforeSignOut?.();
    await api.signOut();
    queryClient.clear();
    // A sign-out is no visit to come back to: once the session ends, RequireAuth may send the page to the sign-in with
    // the page as `from` before this line runs, and Chromium keeps that history state over a navigation to the same
    // URL; the next user to sign in in this tab would be taken to the previous user's page.
    window.history.replaceState(null, '', window.location.href);
    window.location.assign(LOGIN_PATH);
  }, [api, queryClient, beforeSignOut]);
}
