import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { LAYOUT } from '@gearwatch/contracts';
import { ApiProvider } from '../api/ApiProvider.tsx';
import { configQuery, loadSessionData } from '../api/data-areas.ts';
import { Splash } from '../components/Splash.tsx';
import { initI18n } from '../i18n/i18n.ts';
import { applyBrandToDocument } from './brand-document.ts';
import { createAppRoutes } from './routes.tsx';
import { createAppServices } from './services.ts';
import type { AppServices } from './services.ts';
import { startsInShell } from './startup/shell-pages.ts';
import { StartupErrorBanner } from './startup/StartupErrorBanner.tsx';
import { theme } from '../components/theme.ts';

type Startup = { status: 'loading' } | { status: 'ready'; i18n: I18n } | { status: 'failed'; error: unknown };

/** Start-up (spec 01 §4): configuration and translations; the signed-in data areas load in the main shell. */
function useStartup(services: AppServices, attempt: number): Startup {
  const [startup, setStartup] = useState<Startup>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    setStartup({ status: 'loading' });
    (async () => {
      // The translations do not depend on the configuration: both load at once.
      const translations = initI18n();
      const config = await services.queryClient.fetchQuery(configQuery(services.api));
      services.setCredentials({ clientId: config.webClientId, clientSecret: config.webClientSecret });
      applyBrandToDocument(config.brand);
      // With a session its data areas load now, beside the translations, not once the shell's code has run; a failure
      // is the session gate's to show (it asks again).
      if (services.api.tokens.get() && startsInShell(window.location.pathname)) loadSessionData(services.queryClient, services.api).catch(() => undefined);
      const i18n = await translations;
      if (!cancelled) setStartup({ status: 'ready', i18n });
    })().catch((error: unknown) => {
      if (!cancelled) setStartup({ status: 'failed', error });
    });
    return () => {
      cancelled = true;
    };
  }, [services, attempt]);
  return startup;
}

function Providers({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider autoHideDuration={LAYOUT.toastDurationMs} maxSnack={4} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
        <QueryClientProvider client={services.queryClient}>
          <ApiProvider client={services.api}>{children}</ApiProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}

export function App() {
  const [services] = useState(createAppServices);
  const [router] = useState(() => createBrowserRouter(createAppRoutes(services)));
  const [attempt, setAttempt] = useState(0);
  const startup = useStartup(services, attempt);
  if (startup.status === 'loading') {
    return (
      <Providers services={services}>
        <Splash />
      </Providers>
    );
  }
  if (startup.status === 'failed') {
    return (
      <Providers services={services}>
        <StartupErrorBanner error={startup.error} onRetry={() => setAttempt((count) => count + 1)} />
      </Providers>
    );
  }
  return (
    <I18nextProvider i18n={startup.i18n}>
      <Providers services={services}>
        <RouterProvider router={router} />
      </Providers>
    </I18nextProvider>
  );
}
