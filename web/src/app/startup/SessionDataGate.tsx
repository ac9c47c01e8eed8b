import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { currentUserQuery, devicesQuery, settingsQuery } from '../../api/data-areas.ts';
import { SessionExpiredError } from '../../api/errors.ts';
import { Splash } from '../../components/Splash.tsx';
import { StartupErrorBanner } from './StartupErrorBanner.tsx';

/**
 * The signed-in part of start-up (spec 01 §4): the users, settings and devices data areas load together before
 * the main shell shows; a failure shows the start-up error banner. An expired session is not an error here: the
 * API client has already sent the user back to login.
 */
export function SessionDataGate({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const results = useQueries({ queries: [currentUserQuery(api), settingsQuery(api), devicesQuery(api)] });
  const failure = results.find((result) => result.isError && !(result.error instanceof SessionExpiredError));
  if (failure) {
    return (
      <StartupErrorBanner
        error={failure.error}
        onRetry={() => {
          void queryClient.resetQueries({ queryKey: ['users'] });
          void queryClient.resetQueries({ queryKey: ['devices'] });
        }}
      />
    );
  }
  if (results.some((result) => !result.isSuccess)) return <Splash />;
  return <>{children}</>;
}
