import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { LANGUAGES, REPORT_TYPES } from '@gearwatch/contracts';
import type { MonitorPage } from '@gearwatch/contracts';
import type { ApiClient } from '../api/client.ts';
import { TERMS_PATHS } from '../features/terms/terms-paths.ts';
import type { RouteHandle } from './route-handle.ts';
import { HOME_PATH, LOGIN_PATH, RedirectIfSignedIn, RequireAuth, RequireSuperAdmin } from './guards.tsx';
import { RouteErrorPage } from './errors/RouteErrorPage.tsx';

const redirect = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

/** What the routes' loaders start work with. */
export interface RouteServices {
  api: ApiClient;
  queryClient: QueryClient;
}

/**
 * Every route of spec 01 §2, and the production views' full-screen live screens (issue 19). Each is lazy, so the
 * first load carries only the shell.
 */
export function createAppRoutes(services: RouteServices): RouteObject[] {
  /**
   * A board page's loader: it starts the board's code, lists and data calls at navigation, while the shell and the
   * page are still loading (docs/performance.md), and returns at once: nothing waits for it.
   */
  const startBoard = (page: MonitorPage) => () => {
    import('../features/monitors/api/board-prefetch.ts')
      .then(({ prefetchBoardOfPage }) => prefetchBoardOfPage(services.queryClient, services.api, page))
      .catch(() => undefined);
    return null;
  };
  const routes = appRoutes(startBoard);
  return [withErrorPage(routes)];
}

/**
 * One pathless root over every route: a render error, a loader's failure or a page whose code cannot be loaded shows
 * the product's error page (RouteErrorPage) instead of the router's built-in screen.
 */
function withErrorPage(children: RouteObject[]): RouteObject {
  return { errorElement: <RouteErrorPage />, children };
}

function appRoutes(startBoard: (page: MonitorPage) => () => null): RouteObject[] {
  return [
    {
      lazy: async () => ({ Component: (await import('./shells/LoginShell.tsx')).LoginShell }),
      children: [
        // Sign-in: a signed-in user goes to the dashboard instead.
        {
          element: <RedirectIfSignedIn />,
          children: [{ path: LOGIN_PATH, lazy: async () => ({ Component: (await import('../features/auth/components/LoginPage.tsx')).LoginPage }) }],
        },
        // Password links work whether or not someone is signed in: a mailed link may be opened in a browser where the
        // user (or someone else) still has a session.
        { path: '/reset', lazy: async () => ({ Component: (await import('../features/auth/components/ResetPage.tsx')).ResetPage }) },
        { path: '/resetting', lazy: async () => ({ Component: (await import('../features/auth/components/ResettingPage.tsx')).ResettingPage }) },
      ],
    },
    ...LANGUAGES.map((language): RouteObject => ({
      path: TERMS_PATHS[language],
      lazy: async () => {
        const { TermsPage } = await import('../features/terms/components/TermsPage.tsx');
        return { element: <TermsPage language={language} /> };
      },
    })),
    // A production view on a TV through a display link: no sign-in, no shell, that view only (issue 19).
    { path: '/display/:token', lazy: async () => ({ Component: (await import('../features/production/components/DisplayPage.tsx')).DisplayPage }) },
    {
      element: <RequireAuth />,
      children: [
        // A view's live screen fills the screen: signed in, but outside the main shell.
        {
          path: '/production/:id/live',
          lazy: async () => ({ Component: (await import('../features/production/components/ProductionLivePage.tsx')).ProductionLivePage }),
        },
        {
          path: '/',
          lazy: async () => ({ Component: (await import('./shells/MainShell.tsx')).MainShell }),
          children: [
            redirect(HOME_PATH),
            {
              path: 'dashboard',
              handle: { title: 'nav.dashboard' } satisfies RouteHandle,
              loader: startBoard('dashboard'),
              lazy: async () => ({ Component: (await import('../features/monitors/components/DashboardPage.tsx')).DashboardPage }),
            },
            {
              path: 'diagnostics',
              handle: { title: 'nav.monitor' } satisfies RouteHandle,
              loader: startBoard('diagnostics'),
              lazy: async () => ({ Component: (await import('../features/monitors/components/DiagnosticsPage.tsx')).DiagnosticsPage }),
            },
            {
              path: 'location',
              handle: { title: 'nav.location' } satisfies RouteHandle,
              lazy: async () => ({ Component: (await import('../features/location/components/LocationPage.tsx')).LocationPage }),
            },
            {
              path: 'alerts',
              handle: { title: 'nav.alerts' } satisfies RouteHandle,
              children: [
                redirect('alert-rules'),
                {
                  path: 'list',
                  handle: { title: 'nav.alerts-list' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/alerts/components/AlertsPage.tsx')).AlertsPage }),
                },
                {
                  path: 'alert-rules',
                  handle: { title: 'nav.alert-rules' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/alerts/components/AlertRulesPage.tsx')).AlertRulesPage }),
                },
                {
                  path: 'alert-rule/:id',
                  handle: { title: 'nav.alert-rule', parent: { title: 'nav.alert-rules', path: '/alerts/alert-rules' } } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/alerts/components/AlertRulePage.tsx')).AlertRulePage }),
                },
              ],
            },
            {
              path: 'tasks',
              handle: { title: 'nav.tasks' } satisfies RouteHandle,
              lazy: async () => ({ Component: (await import('../features/tasks/components/TasksPage.tsx')).TasksPage }),
            },
            {
              path: 'production',
              handle: { title: 'nav.work' } satisfies RouteHandle,
              lazy: async () => ({ Component: (await import('../features/production/components/ProductionViewsPage.tsx')).ProductionViewsPage }),
            },
            {
              path: 'reports',
              handle: { title: 'nav.reports' } satisfies RouteHandle,
              children: [
                { index: true, lazy: async () => ({ Component: (await import('../features/reports/screens/ReportsLandingPage.tsx')).ReportsLandingPage }) },
                // One screen per report type (contracts REPORT_TYPES): the six of spec 01 §2, then the other four.
                ...REPORT_TYPES.map((type): RouteObject => ({
                  path: type,
                  handle: { title: `reports.type.${type}` } satisfies RouteHandle,
                  lazy: async () => {
                    const { ReportScreen } = await import('../features/reports/screens/ReportScreen.tsx');
                    // Keyed by type: moving between two report screens starts the next one afresh.
                    return { element: <ReportScreen key={type} type={type} /> };
                  },
                })),
              ],
            },
            {
              path: 'reports-list',
              handle: { title: 'nav.reports-list' } satisfies RouteHandle,
              lazy: async () => ({ Component: (await import('../features/reports/files/ReportsListPage.tsx')).ReportsListPage }),
            },
            {
              path: 'manage',
              handle: { title: 'nav.manage' } satisfies RouteHandle,
              children: [
                redirect('devices'),
                {
                  path: 'devices',
                  handle: { title: 'nav.devices' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/manage/components/DevicesPage.tsx')).DevicesPage }),
                },
                {
                  path: 'device/:id',
                  handle: { title: 'nav.device', parent: { title: 'nav.devices', path: '/manage/devices' } } satisfies RouteHandle,
                  // The device page shows the alerts and tasks features' sections; features do not import each other,
                  // so they are composed here.
                  lazy: async () => {
                    const [{ DevicePage }, { DeviceAlertsSection }, { DeviceTasksSection }] = await Promise.all([
                      import('../features/manage/components/DevicePage.tsx'),
                      import('../features/alerts/components/DeviceAlertsSection.tsx'),
                      import('../features/tasks/components/DeviceTasksSection.tsx'),
                    ]);
                    return {
                      element: (
                        <DevicePage
                          alerts={(deviceId) => <DeviceAlertsSection deviceId={deviceId} />}
                          tasks={(deviceId) => <DeviceTasksSection deviceId={deviceId} />}
                        />
                      ),
                    };
                  },
                },
                {
                  path: 'device-groups',
                  handle: { title: 'nav.device-groups' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/manage/components/DeviceGroupsPage.tsx')).DeviceGroupsPage }),
                },
                {
                  path: 'device-group/:id',
                  handle: { title: 'nav.device-group', parent: { title: 'nav.device-groups', path: '/manage/device-groups' } } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/manage/components/DeviceGroupPage.tsx')).DeviceGroupPage }),
                },
                {
                  path: 'device-operators',
                  handle: { title: 'nav.device-operators' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/manage/components/DeviceOperatorsPage.tsx')).DeviceOperatorsPage }),
                },
                {
                  path: 'device-operator/:id',
                  handle: { title: 'nav.device-operator', parent: { title: 'nav.device-operators', path: '/manage/device-operators' } } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/manage/components/DeviceOperatorPage.tsx')).DeviceOperatorPage }),
                },
                {
                  path: 'device-operator-groups',
                  handle: { title: 'nav.device-operator-groups' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/manage/components/OperatorGroupsPage.tsx')).OperatorGroupsPage }),
                },
                {
                  path: 'device-operator-groups/:id',
                  handle: {
                    title: 'nav.device-operator-group',
                    parent: { title: 'nav.device-operator-groups', path: '/manage/device-operator-groups' },
                  } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/manage/components/OperatorGroupPage.tsx')).OperatorGroupPage }),
                },
              ],
            },
            {
              path: 'users',
              handle: { title: 'nav.users' } satisfies RouteHandle,
              lazy: async () => ({ Component: (await import('../features/users/components/UsersPage.tsx')).UsersPage }),
            },
            {
              path: 'administration',
              handle: { title: 'nav.administration' } satisfies RouteHandle,
              element: <RequireSuperAdmin />,
              children: [
                redirect('devices'),
                {
                  path: 'devices',
                  handle: { title: 'nav.admin-devices' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/administration/components/AdminDevicesPage.tsx')).AdminDevicesPage }),
                },
                {
                  path: 'sensors',
                  handle: { title: 'nav.admin-sensors' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/administration/components/AdminSensorsPage.tsx')).AdminSensorsPage }),
                },
                {
                  path: 'users',
                  handle: { title: 'nav.admin-users' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/administration/components/AdminUsersPage.tsx')).AdminUsersPage }),
                },
                {
                  path: 'user-groups',
                  handle: { title: 'nav.admin-user-groups' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/administration/components/UserGroupsPage.tsx')).UserGroupsPage }),
                },
                {
                  path: 'subscribers',
                  handle: { title: 'nav.admin-subscribers' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/administration/components/SubscribersPage.tsx')).SubscribersPage }),
                },
                {
                  path: 'devices-types',
                  handle: { title: 'nav.admin-devices-types' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/administration/components/DeviceTypesPage.tsx')).DeviceTypesPage }),
                },
                {
                  path: 'announcements',
                  handle: { title: 'nav.admin-announcements' } satisfies RouteHandle,
                  lazy: async () => ({ Component: (await import('../features/administration/components/AnnouncementsPage.tsx')).AnnouncementsPage }),
                },
              ],
            },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
  ];
}
