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
    window.location.assign(LOGIN_PATH);
  }, [api, queryClient, beforeSignOut]);
}
