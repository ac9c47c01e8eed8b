import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/ApiProvider.tsx';
import { useAppConfig, useCurrentUser } from '../../api/data-areas.ts';
import { BrandExtras } from '../../components/BrandExtras.tsx';
import { Splash } from '../../components/Splash.tsx';
import { useScreenSize } from '../../hooks/useScreenSize.ts';
import { ImpersonationDialog } from '../../features/impersonation/components/ImpersonationDialog.tsx';
import { forgetOriginalSession, stopImpersonation } from '../../features/impersonation/api/impersonation.ts';
import { SupportDialog } from '../../features/support/components/SupportDialog.tsx';
import { CompanySettingsDialog } from '../../features/company-settings/components/CompanySettingsDialog.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { ProfileSettingsDialog } from '../../features/profile/components/ProfileSettingsDialog.tsx';
import { GuidedTour } from '../../features/tour/components/GuidedTour.tsx';
import { useGuidedTour } from '../../features/tour/hooks/useGuidedTour.ts';
import { HOME_PATH } from '../guards.tsx';
import { visibleNavigation } from '../navigation.ts';
import { SessionDataGate } from '../startup/SessionDataGate.tsx';
import { StoredLanguageGate } from '../startup/StoredLanguageGate.tsx';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';
import { AppHeader } from './AppHeader.tsx';
import { NavDrawer } from './NavDrawer.tsx';
import { PageActionsProvider, PageActionsSlot } from '../../components/PageActions.tsx';
import { PageNameProvider } from '../../components/PageName.tsx';
import type { ProfileAction } from './ProfileMenu.tsx';
import { useSignOut } from './useSignOut.ts';
import { useLiveUpdates } from './live-updates.ts';

type OpenDialog = 'support' | 'impersonate' | 'company-settings' | 'profile-settings' | null;

function ShellLayout() {
  const { t } = useTranslation();
  const api = useApi();
  const user = useCurrentUser();
  const config = useAppConfig();
  const { isMobile } = useScreenSize();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const tour = useGuidedTour();
  const signOut = useSignOut(forgetOriginalSession);

  const returnToOwnAccount = async () => {
    const restored = await stopImpersonation(api);
    window.location.assign(restored ? HOME_PATH : '/login');
  };

  const onProfileAction = (action: ProfileAction) => {
    if (action === 'guide') tour.start();
    else if (action === 'impersonate') setDialog('impersonate');
    else if (action === 'company-settings') setDialog('company-settings');
    else if (action === 'profile-settings') setDialog('profile-settings');
    else if (action === 'stop-impersonating') void returnToOwnAccount();
    else if (action === 'logout') void signOut();
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppHeader
        user={user}
        brand={config.brand}
        version={config.version}
        showMenuButton={isMobile}
        onMenuClick={() => setDrawerOpen((open) => !open)}
        onProfileAction={onProfileAction}
        actions={<NotificationBell />}
      />
      <NavDrawer
        groups={visibleNavigation(user.extras.isSuperAdmin)}
        mobile={isMobile}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        onAction={() => setDialog('support')}
        footer={<BrandExtras brand={config.brand} />}
        trapFocus={!tour.open}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {user.extras.impersonatedBy ? (
          <Alert
            severity="warning"
            square
            action={
              <Button color="inherit" size="small" onClick={() => void returnToOwnAccount()}>
                {t('impersonate.return')}
              </Button>
            }
          >
            {t('impersonate.banner', { name: user.name, by: user.extras.impersonatedBy.name })}
          </Alert>
        ) : null}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: { xs: 2, md: 3 },
            py: 1.5,
            minHeight: 56,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
            flexWrap: 'wrap',
          }}
        >
          <AppBreadcrumbs />
          <Box sx={{ flexGrow: 1 }} />
          <PageActionsSlot />
        </Box>
        <Box sx={{ p: { xs: 1.5, md: 3 }, flexGrow: 1 }}>
          <Suspense key={location.pathname} fallback={<Splash fullScreen={false} />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <SupportDialog open={dialog === 'support'} onClose={() => setDialog(null)} />
      <CompanySettingsDialog open={dialog === 'company-settings'} onClose={() => setDialog(null)} />
      <ProfileSettingsDialog open={dialog === 'profile-settings'} impersonated={Boolean(user.extras.impersonatedBy)} onClose={() => setDialog(null)} />
      {user.extras.impersonate ? (
        <ImpersonationDialog
          open={dialog === 'impersonate'}
          clientId={config.webClientId}
          onClose={() => setDialog(null)}
          onSwitched={() => window.location.assign(HOME_PATH)}
        />
      ) : null}
      <GuidedTour open={tour.open} onClose={tour.close} menuCollapsed={isMobile} onMenuOpen={setDrawerOpen} />
    </Box>
  );
}

/** The event stream of the signed-in session (mounted once the session's data has loaded). */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

/** The main shell (spec 01 §2): header, side navigation, breadcrumb bar with the page-actions slot, the page. */
export function MainShell() {
  return (
    <SessionDataGate>
      <StoredLanguageGate>
        <LiveUpdates />
        <PageActionsProvider>
          <PageNameProvider>
            <ShellLayout />
          </PageNameProvider>
        </PageActionsProvider>
      </StoredLanguageGate>
    </SessionDataGate>
  );
}
